/**
 * A quotation's sends to the ERP (`GET /api/integrations/erp/quotes/:id/history`), newest
 * first: when, the result, the ERP's id, the attempts, who sent it and the ERP's error.
 * For admins only (the endpoint's access). Mounted by "Cotizaciones enviadas" and by the
 * quotation's page: `<ErpPushHistory quotationId={quotation.id} />` under the caller's
 * own heading; it renders no heading of its own.
 */
import { useQuery } from "@tanstack/react-query"
import { formatDateTime } from "../../format.ts"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { StackingTable } from "../../ui/StackingTable.tsx"
import { quoteHistoryQuery } from "./erp-queries.ts"

const text = erpMessages.pushHistory

const resultBadge = { pending: "badge badge-pending", success: "badge badge-approved", error: "badge badge-rejected" } as const

export const ErpPushHistory = ({ quotationId }: { readonly quotationId: string }) => {
  const history = useQuery(quoteHistoryQuery(quotationId))
  if (history.isPending) return <Loading />
  if (history.isError) return <ErrorNotice error={history.error} onRetry={() => void history.refetch()} />
  if (history.data.items.length === 0) return <p className="muted">{text.empty}</p>
  return (
    <StackingTable columns={[text.at, text.status, text.erpId, { label: text.attempts, numeric: true }, text.by, text.error]}>
        {history.data.items.map((push) => (
          <tr key={push.id}>
            <th scope="row" className="card-title">{formatDateTime(push.created_at)}</th>
            <td data-label={text.status}><span className={resultBadge[push.status]}>{text.statuses[push.status]}</span></td>
            <td data-label={text.erpId}>{push.erp_quote_id ?? erpMessages.customers.none}</td>
            <td data-label={text.attempts} className="number">{push.attempt_count}</td>
            <td data-label={text.by} className="break-anywhere">{push.triggered_by_name ?? text.system}</td>
            <td data-label={text.error} className="break-anywhere">{push.error_message ?? erpMessages.customers.none}</td>
          </tr>
        ))}
    </StackingTable>
  )
}
