/**
 * What the page tells about the cart: a repeated order loaded (and what was skipped),
 * products taken out because the service no longer prices them, and why a send failed.
 */
import { Link } from "@tanstack/react-router"
import { Button } from "react-aria-components"
import { formatDateTime } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import type { CartNews } from "./cart-news.ts"
import type { SendProblem } from "./use-send-order.ts"

const text = messages.order.notices

const DismissButton = ({ onDismiss }: { readonly onDismiss: () => void }) => (
  <Button className="button secondary notice-dismiss" onPress={onDismiss}>{text.dismiss}</Button>
)

export const CartNewsNotice = ({ news, onDismiss }: { readonly news: CartNews; readonly onDismiss: () => void }) => (
  <div className={`notice ${news.kind === "removed" || news.skipped.length > 0 ? "notice-warning" : "notice-success"}`}>
    {news.kind === "repeated"
      ? (
        <>
          <p>{news.added > 0 ? text.repeated(news.code) : text.repeatedNothing(news.code)}</p>
          {news.skipped.length > 0 && <p>{text.skipped(news.skipped.join(", "))}</p>}
        </>
      )
      : <p>{text.removed(news.names.join(", "))}</p>}
    <DismissButton onDismiss={onDismiss} />
  </div>
)

export const SendProblemNotice = ({ problem, onDismiss }: { readonly problem: SendProblem; readonly onDismiss: () => void }) => {
  switch (problem.kind) {
    case "routeClosed":
      return (
        <div role="alert" className="notice notice-error">
          <p>{problem.message}</p>
          {problem.nextOpenDate !== undefined && <p>{text.reopensAt(formatDateTime(problem.nextOpenDate))}</p>}
          <p>{text.cartKept}</p>
        </div>
      )
    case "alreadySent":
      return (
        <div role="alert" className="notice notice-warning">
          <p>{text.alreadySent}</p>
          {problem.quotationId !== undefined && (
            <p><Link to="/cotizaciones/$quotationId" params={{ quotationId: problem.quotationId }}>{text.seeSent}</Link></p>
          )}
          <DismissButton onDismiss={onDismiss} />
        </div>
      )
    case "failure":
      return <ErrorNotice error={problem.error} />
  }
}
