/**
 * The range's latest orders, each code a link to its quotation; for the whole business
 * also the order's page in the ERP once it was sent there.
 */
import { Link } from "@tanstack/react-router"
import { formatDateTime, formatMoney } from "../../format.ts"
import { statsMessages } from "../../i18n/stats-messages.ts"
import { isQuotationStatus } from "../quotations/quotation-list-search.ts"
import { QuotationStatusBadge } from "../quotations/QuotationStatusBadge.tsx"
import type { AdminStatistics, AdvisorStatistics } from "./stats-queries.ts"
import { type StatsColumn, StatsTable } from "./StatsTable.tsx"

const text = statsMessages.recent

type RecentOrder = AdvisorStatistics["recentOrders"][number] & { readonly erp_url?: AdminStatistics["recentOrders"][number]["erp_url"] }

export const RecentOrders = ({ orders, showErp }: { readonly orders: ReadonlyArray<RecentOrder>; readonly showErp: boolean }) => {
  const columns: ReadonlyArray<StatsColumn> = [
    { label: text.code },
    { label: text.date },
    { label: text.client },
    { label: text.status },
    { label: text.total, numeric: true },
    ...(showErp ? [{ label: text.erp }] : [])
  ]
  return (
    <StatsTable
      title={text.title}
      empty={text.empty}
      columns={columns}
      rows={orders.map((order) => (
        <tr key={order.id}>
          <th scope="row" className="card-title">
            <Link to="/cotizaciones/$quotationId" params={{ quotationId: order.id }}>{order.code}</Link>
          </th>
          <td data-label={text.date}>{formatDateTime(order.created_at)}</td>
          <td data-label={text.client} className="break-anywhere">{order.client_name}</td>
          <td data-label={text.status}>{isQuotationStatus(order.status) ? <QuotationStatusBadge status={order.status} /> : order.status}</td>
          <td data-label={text.total} className="number">{formatMoney(order.total)}</td>
          {showErp && (
            <td data-label={text.erp}>
              {order.erp_url === null || order.erp_url === undefined ? text.noErp : (
                <a href={order.erp_url} target="_blank" rel="noreferrer" aria-label={text.openErp(order.code)}>{text.openErpShort}</a>
              )}
            </td>
          )}
        </tr>
      ))}
    />
  )
}
