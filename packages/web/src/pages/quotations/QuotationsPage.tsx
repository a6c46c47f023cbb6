/**
 * `/cotizaciones`: "Mis cotizaciones" for a client (its company's quotations, filtered by
 * status) and "Cotizaciones" for an advisor (its clients') or an admin (all of them, or an
 * advisor's) with the back office's filters, selection and export (StaffQuotations.tsx).
 * Newest first, 20 a page, paged by the service; every filter and the page live in the
 * URL (`?estado=pending&pagina=2`, quotation-list-search.ts).
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useSearch } from "@tanstack/react-router"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { useUser } from "../../session/session.tsx"
import { EmptyList } from "../../ui/EmptyList.tsx"
import { PagedResults } from "../../ui/PagedResults.tsx"
import { useListFilter } from "../../ui/use-list-filter.ts"
import { isFiltered } from "./quotation-list-search.ts"
import { quotationListQuery } from "./quotation-queries.ts"
import { QuotationStatusFilter } from "./QuotationStatusFilter.tsx"
import { QuotationTable } from "./QuotationTable.tsx"
import { StaffQuotations } from "./StaffQuotations.tsx"

const text = quotationMessages.quotations

const ClientQuotations = () => {
  const search = useSearch({ from: "/app/cotizaciones" })
  const setFilter = useListFilter()
  const page = search.pagina ?? 1
  const filters = search.estado === undefined ? {} : { status: search.estado }
  const list = useQuery(quotationListQuery(filters, page))
  const nothingYet = (
    <div className="empty-state">
      <p className="empty-title">{text.emptyClient}</p>
      <p className="muted">{text.emptyClientHint}</p>
      <Link to="/pedido" className="button primary">{text.makeOrder}</Link>
    </div>
  )

  return (
    <section className="stack">
      <header className="page-header">
        <h1>{text.titleClient}</h1>
        {list.data !== undefined && list.data.total > 0 && <p className="muted">{text.count(list.data.total)}</p>}
      </header>
      <QuotationStatusFilter value={search.estado} onChange={(status) => setFilter("estado", status)} />
      <PagedResults
        query={list}
        page={page}
        empty={page === 1 && !isFiltered(search)
          ? nothingYet
          : <EmptyList texts={{ ...text, empty: text.emptyClient }} page={page} isFiltered={isFiltered(search)} />}
      >
        {(items) => <QuotationTable quotations={items} />}
      </PagedResults>
    </section>
  )
}

export const QuotationsPage = () => (useUser().role === "client" ? <ClientQuotations /> : <StaffQuotations />)
