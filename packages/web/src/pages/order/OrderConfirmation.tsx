/**
 * The order went through: a heading with the quotation's code (focused, so a screen
 * reader starts there), its total and route date as the service priced them, its lines,
 * a link to its detail and "Hacer otro pedido".
 */
import { Link } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import { Button } from "react-aria-components"
import { formatCivilDate, formatMoney } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import type { SentQuotation } from "./use-send-order.ts"

const text = messages.order.confirmation

export const OrderConfirmation = ({ quotation, onAnother }: { readonly quotation: SentQuotation; readonly onAnother: () => void }) => {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])

  return (
    <section className="card confirmation" aria-labelledby="confirmation-title">
      <h2 id="confirmation-title" ref={heading} tabIndex={-1}>{text.title(quotation.code)}</h2>
      <p>{text.received}</p>
      <dl className="confirmation-facts">
        <dt>{text.total}</dt>
        <dd><strong>{formatMoney(quotation.total)}</strong></dd>
        {quotation.routeDate !== null && (
          <>
            <dt>{text.routeDate}</dt>
            <dd>{formatCivilDate(quotation.routeDate.slice(0, 10))}</dd>
          </>
        )}
        {quotation.branch !== null && (
          <>
            <dt>{text.branch}</dt>
            <dd>{quotation.branch.name}</dd>
          </>
        )}
      </dl>
      <h3>{text.lines}</h3>
      <ul className="confirmation-lines">
        {quotation.items.map((item, index) => (
          <li key={`${index}-${item.sku}`}>
            <span>{text.line(item.quantity, item.name)}</span>
            <span className="muted">{formatMoney(item.subtotal)}</span>
          </li>
        ))}
      </ul>
      <div className="row">
        <Link className="button secondary" to="/cotizaciones/$quotationId" params={{ quotationId: quotation.id }}>
          {text.seeDetail}
        </Link>
        <Button className="button primary" onPress={onAnother}>{text.another}</Button>
      </div>
    </section>
  )
}
