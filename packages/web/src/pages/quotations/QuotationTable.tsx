/**
 * One page of quotations as a table; on a phone each row stacks into a card whose cells
 * carry their column's name (`data-label`, styles.css "Stacking tables").
 */
import { Link } from "@tanstack/react-router"
import type { components } from "../../api/schema"
import { formatCivilDate, formatDateTime, formatMoney } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import { QuotationStatusBadge } from "./QuotationStatusBadge.tsx"

type QuotationSummary = components["schemas"]["WebQuotationSummary"]

const text = messages.quotations

/** Who ordered and for which branch: a company's people tell their orders apart by these. */
export const QuotationTable = ({ quotations }: { readonly quotations: ReadonlyArray<QuotationSummary> }) => (
  <table className="stacking-table quotation-table">
    <thead>
      <tr>
        <th scope="col">{text.code}</th>
        <th scope="col">{text.date}</th>
        <th scope="col">{text.status}</th>
        <th scope="col">{text.routeDate}</th>
        <th scope="col">{text.client}</th>
        <th scope="col">{text.branch}</th>
        <th scope="col" className="number">{text.items}</th>
        <th scope="col" className="number">{text.total}</th>
      </tr>
    </thead>
    <tbody>
      {quotations.map((quotation) => (
        <tr key={quotation.id}>
          <th scope="row" className="card-title">
            <Link to="/cotizaciones/$quotationId" params={{ quotationId: quotation.id }}>{quotation.code}</Link>
          </th>
          <td data-label={text.date}>{formatDateTime(quotation.createdAt)}</td>
          <td data-label={text.status}><QuotationStatusBadge status={quotation.status} /></td>
          <td data-label={text.routeDate}>
            {quotation.routeDate === null ? text.noRouteDate : formatCivilDate(quotation.routeDate, "short")}
          </td>
          <td data-label={text.client}>{quotation.clientName}</td>
          <td data-label={text.branch}>{quotation.branch?.name ?? text.noBranch}</td>
          <td data-label={text.items} className="number">{text.itemCount(quotation.itemCount)}</td>
          <td data-label={text.total} className="number total">{formatMoney(quotation.total)}</td>
        </tr>
      ))}
    </tbody>
  </table>
)
