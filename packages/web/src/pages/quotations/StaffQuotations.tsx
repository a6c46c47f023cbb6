/**
 * "Cotizaciones" for an advisor (its clients' quotations, as the service scopes them) and
 * an admin (all, or one advisor's): filters by status, source, client, creation dates and,
 * for an admin, advisor — each in the URL and applied by the service — the CSV export of
 * everything the filters match, and for an admin the selection of pending quotations to
 * approve or reject together (BulkStatusActions). A new page or filter starts with
 * nothing selected.
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useSearch } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { useUser } from "../../session/session.tsx"
import { CsvExportButton } from "../../ui/CsvExportButton.tsx"
import { EmptyList } from "../../ui/EmptyList.tsx"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { PagedResults } from "../../ui/PagedResults.tsx"
import { useListFilter } from "../../ui/use-list-filter.ts"
import { AdvisorFilter } from "../users/AdvisorFilter.tsx"
import type { BulkTarget } from "./bulk-status.ts"
import { BulkStatusActions } from "./BulkStatusActions.tsx"
import { ClientPicker } from "./ClientPicker.tsx"
import { DateRangeFilter } from "./DateRangeFilter.tsx"
import { filtersOf, isFiltered, isQuotationSource, quotationSources } from "./quotation-list-search.ts"
import { quotationCsv, quotationListQuery } from "./quotation-queries.ts"
import { QuotationStatusFilter } from "./QuotationStatusFilter.tsx"
import { type QuotationSummary, QuotationTable, type RowSelection, SelectAllRows } from "./QuotationTable.tsx"
import { transitionsFrom } from "./status-transitions.ts"

const text = quotationMessages.quotations
const filterText = quotationMessages.filters

/** The "every source" choice (no source looks like it). */
const allSources = "todos"
const sourceOptions = [
  { id: allSources, label: filterText.allSources },
  ...quotationSources.map((source) => ({ id: source, label: quotationMessages.quotation.sources[source] }))
]

/** Quotations an admin can decide from the list: those the status machine lets move. */
const canDecide = (quotation: QuotationSummary) => transitionsFrom(quotation.status).length > 0

export const StaffQuotations = () => {
  const isAdmin = useUser().role === "admin"
  const search = useSearch({ from: "/app/cotizaciones" })
  const setFilter = useListFilter()
  const page = search.pagina ?? 1
  // "Asesor" is an admin's: an advisor's list is its own whatever a shared link says.
  const { asesor: _advisor, ...ownSearch } = search
  const filters = filtersOf(isAdmin ? search : ownSearch)
  const list = useQuery(quotationListQuery(filters, page))
  const [selected, setSelected] = useState<ReadonlyMap<string, BulkTarget>>(new Map())

  const shown = JSON.stringify([filters, page])
  useEffect(() => setSelected(new Map()), [shown])

  const selection: RowSelection = {
    canSelect: canDecide,
    selected: new Set(selected.keys()),
    onChange: (quotations, on) =>
      setSelected((previous) => {
        const next = new Map(previous)
        for (const quotation of quotations) {
          if (on) next.set(quotation.id, { id: quotation.id, code: quotation.code })
          else next.delete(quotation.id)
        }
        return next
      })
  }
  const decidable = list.data?.items.some(canDecide) ?? false

  return (
    <section className="stack">
      <header className="page-header">
        <h1>{text.titleStaff}</h1>
        {list.data !== undefined && list.data.total > 0 && <p className="muted">{text.count(list.data.total)}</p>}
      </header>
      <section className="card filters" aria-labelledby="filters-title">
        <h2 id="filters-title" className="visually-hidden">{filterText.title}</h2>
        <QuotationStatusFilter value={search.estado} onChange={(status) => setFilter("estado", status)} />
        <NativeSelect
          className="filter"
          label={filterText.source}
          options={sourceOptions}
          value={search.origen ?? allSources}
          onChange={(id) => setFilter("origen", isQuotationSource(id) ? id : undefined)}
        />
        <ClientPicker clientId={search.cliente} advisorId={filters.advisorId} onChange={(id) => setFilter("cliente", id)} />
        {isAdmin && <AdvisorFilter value={search.asesor} onChange={(id) => setFilter("asesor", id)} />}
        <DateRangeFilter from={search.desde} to={search.hasta} onChange={setFilter} />
        {isFiltered(search) && <Link to="." search={{}} className="filters-clear">{text.clearFilters}</Link>}
      </section>
      <CsvExportButton
        fetchCsv={() => quotationCsv(filters)}
        fileBaseName={quotationMessages.export.fileBaseName}
        description={quotationMessages.export.hint}
      />
      {isAdmin && (
        <BulkStatusActions
          selected={[...selected.values()]}
          isAvailable={decidable}
          onClear={() => setSelected(new Map())}
          selectAll={<SelectAllRows quotations={list.data?.items ?? []} selection={selection} />}
        />
      )}
      <PagedResults
        query={list}
        page={page}
        empty={
          <EmptyList
            texts={{ ...text, empty: text.emptyStaff, showAll: text.clearFilters }}
            page={page}
            isFiltered={isFiltered(search)}
          />
        }
      >
        {(items) => <QuotationTable quotations={items} selection={isAdmin ? selection : undefined} showAdvisor={isAdmin} />}
      </PagedResults>
    </section>
  )
}
