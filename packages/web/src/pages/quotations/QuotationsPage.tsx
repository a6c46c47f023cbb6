/**
 * "Mis cotizaciones" (a client: its company's quotations) and "Cotizaciones" (an advisor:
 * those assigned to them; an admin: all), newest first, 20 a page, filtered by status.
 * The filter and the page live in the URL (`?estado=pending&pagina=2`).
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { messages } from "../../i18n/messages.ts"
import { useUser } from "../../session/session.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { Pager } from "../../ui/Pager.tsx"
import type { QuotationStatus } from "./quotation-list-search.ts"
import { quotationListQuery } from "./quotation-queries.ts"
import { QuotationStatusFilter } from "./QuotationStatusFilter.tsx"
import { QuotationTable } from "./QuotationTable.tsx"

const text = messages.quotations

const EmptyList = ({ status, page, isClient }: {
  readonly status: QuotationStatus | undefined
  readonly page: number
  readonly isClient: boolean
}) => {
  if (page > 1) {
    return (
      <div className="empty-state">
        <p>{text.emptyPage}</p>
        <Link to="/cotizaciones" search={status === undefined ? {} : { estado: status }}>{text.firstPage}</Link>
      </div>
    )
  }
  if (status !== undefined) {
    return (
      <div className="empty-state">
        <p className="empty-title">{text.emptyFiltered}</p>
        <Link to="/cotizaciones" search={{}}>{text.showAll}</Link>
      </div>
    )
  }
  return isClient
    ? (
      <div className="empty-state">
        <p className="empty-title">{text.emptyClient}</p>
        <p className="muted">{text.emptyClientHint}</p>
        <Link to="/pedido" className="button primary">{text.makeOrder}</Link>
      </div>
    )
    : <div className="empty-state"><p className="empty-title">{text.emptyStaff}</p></div>
}

export const QuotationsPage = () => {
  const user = useUser()
  const isClient = user.role === "client"
  const search = useSearch({ from: "/app/cotizaciones" })
  const navigate = useNavigate({ from: "/cotizaciones" })
  const page = search.pagina ?? 1
  const list = useQuery(quotationListQuery(search.estado, page))

  const filterBy = (status: QuotationStatus | undefined) =>
    void navigate({ search: status === undefined ? {} : { estado: status } })

  return (
    <section className="stack">
      <header className="page-header">
        <h1>{isClient ? text.titleClient : text.titleStaff}</h1>
        {list.data !== undefined && list.data.total > 0 && <p className="muted">{text.count(list.data.total)}</p>}
      </header>
      <QuotationStatusFilter value={search.estado} onChange={filterBy} />
      {list.isPending
        ? <Loading />
        : list.isError
        ? <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
        : list.data.items.length === 0
        ? <EmptyList status={search.estado} page={page} isClient={isClient} />
        : (
          <div className={list.isPlaceholderData ? "stack is-updating" : "stack"} aria-busy={list.isPlaceholderData}>
            <QuotationTable quotations={list.data.items} />
            <Pager page={page} totalPages={list.data.totalPages} />
          </div>
        )}
    </section>
  )
}
