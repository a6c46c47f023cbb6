/** A client's latest quotations (up to 100, newest first), each opening its detail. */
import { Link } from "@tanstack/react-router"
import { formatDateTime, formatMoney } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { isQuotationStatus } from "../quotations/quotation-list-search.ts"
import { QuotationStatusBadge } from "../quotations/QuotationStatusBadge.tsx"
import type { ClientHistory } from "./client-queries.ts"
import { StackingTable } from "../../ui/StackingTable.tsx"

const text = messages.quotations

export const ClientQuotations = ({ quotations }: { readonly quotations: ClientHistory["quotations"] }) => (
  <section className="stack" aria-labelledby="client-quotations-title">
    <div className="section-header">
      <h2 id="client-quotations-title">{peopleMessages.client.quotations}</h2>
      {quotations.length > 0 && <p className="muted">{peopleMessages.client.quotationsShown(quotations.length)}</p>}
    </div>
    {quotations.length === 0
      ? <div className="empty-state"><p className="empty-title">{peopleMessages.client.noQuotations}</p></div>
      : (
        <StackingTable columns={[text.code, text.date, text.status, { label: text.total, numeric: true }, { label: text.items, numeric: true }]}>
          {quotations.map((quotation) => (
            <tr key={quotation.id}>
              <th scope="row" className="card-title">
                <Link to="/cotizaciones/$quotationId" params={{ quotationId: quotation.id }}>{quotation.code}</Link>
              </th>
              <td data-label={text.date}>{formatDateTime(quotation.createdAt)}</td>
              <td data-label={text.status}>
                {isQuotationStatus(quotation.status) ? <QuotationStatusBadge status={quotation.status} /> : quotation.status}
              </td>
              <td data-label={text.total} className="number total">{formatMoney(quotation.total)}</td>
              <td data-label={text.items} className="number">{text.itemCount(quotation.itemCount)}</td>
            </tr>
          ))}
        </StackingTable>
      )}
  </section>
)
