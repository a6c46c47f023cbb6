/**
 * "Cotizaciones enviadas" (admin): the approved quotations (to send) or those synced with
 * the ERP, paged by the service (`?estado=approved&pagina=2`); "Ver envíos" opens a
 * quotation's send history (`&cotizacion=<id>`) above the list.
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { formatDateTime } from "../../format.ts"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { PagedResults } from "../../ui/PagedResults.tsx"
import { StackingTable } from "../../ui/StackingTable.tsx"
import { QuotationStatusBadge } from "../quotations/QuotationStatusBadge.tsx"
import { ErpPushHistory } from "./ErpPushHistory.tsx"
import { ErpSections } from "./ErpSections.tsx"
import { pushedQuotesQuery, quoteQuery } from "./erp-queries.ts"
import { type PushedStatus, pushedStatuses } from "./erp-search.ts"

const text = erpMessages.quotes

const defaultStatus: PushedStatus = "synced"
const statusOptions = pushedStatuses.map((status) => ({ id: status, label: text.statuses[status] }))

const PushHistorySection = ({ quotationId }: { readonly quotationId: string }) => {
  const quotation = useQuery(quoteQuery(quotationId))
  return (
    <section className="card stack" aria-labelledby="push-history-title">
      <div className="section-header">
        <h2 id="push-history-title">{quotation.data === undefined ? text.historyTitleUnknown : text.historyTitle(quotation.data.code)}</h2>
        <div className="row">
          <Link to="/cotizaciones/$quotationId" params={{ quotationId }} className="button secondary">{text.openQuotation}</Link>
          <Link to="." search={({ cotizacion: _, ...rest }) => rest} className="button secondary">{text.close}</Link>
        </div>
      </div>
      <ErpPushHistory quotationId={quotationId} />
    </section>
  )
}

export const ErpQuotesPage = () => {
  const search = useSearch({ from: "/app/erp/cotizaciones" })
  const navigate = useNavigate({ from: "/erp/cotizaciones" })
  const status = search.estado ?? defaultStatus
  const page = search.pagina ?? 1
  const quotes = useQuery(pushedQuotesQuery(status, page))
  return (
    <ErpSections title={text.title} intro={text.intro}>
      {search.cotizacion !== undefined && <PushHistorySection quotationId={search.cotizacion} />}
      <NativeSelect
        label={text.filter}
        className="filter"
        options={statusOptions}
        value={status}
        onChange={(chosen) => {
          const estado = pushedStatuses.find((candidate) => candidate === chosen)
          void navigate({ search: estado === undefined || estado === defaultStatus ? {} : { estado } })
        }}
      />
      <PagedResults query={quotes} page={page} empty={<div className="empty-state"><p className="empty-title">{text.empty}</p></div>}>
        {(items) => (
          <StackingTable columns={[text.code, text.client, text.status, text.updatedAt]} actionsLabel={text.history}>
              {items.map((quotation) => (
                <tr key={quotation.id} aria-current={quotation.id === search.cotizacion ? "true" : undefined}>
                  <th scope="row" className="card-title">
                    <Link to="/cotizaciones/$quotationId" params={{ quotationId: quotation.id }}>{quotation.code}</Link>
                  </th>
                  <td data-label={text.client} className="break-anywhere">{quotation.company === null ? quotation.clientName : `${quotation.clientName} · ${quotation.company.name}`}</td>
                  <td data-label={text.status}><QuotationStatusBadge status={quotation.status} /></td>
                  <td data-label={text.updatedAt}>{formatDateTime(quotation.updatedAt)}</td>
                  <td className="actions-cell">
                    <div className="row-actions">
                      <Link
                        to="."
                        search={(previous) => ({ ...previous, cotizacion: quotation.id })}
                        className="button secondary small"
                        aria-label={text.showHistoryLabel(quotation.code)}
                      >
                        {text.showHistory}
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
          </StackingTable>
        )}
      </PagedResults>
    </ErpSections>
  )
}
