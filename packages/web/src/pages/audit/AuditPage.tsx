/**
 * "Auditoría" (admin): the audit trail, newest first, 20 entries a page, filtered by the
 * service (action, kind of record, record, author, days — all in the URL), each entry
 * with its old and new values side by side. "Más antiguos" follows the service's cursor
 * (`antes` in the URL, so an older page can be shared); "Volver a los más recientes"
 * starts again.
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useSearch } from "@tanstack/react-router"
import { auditMessages } from "../../i18n/operations-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { allProductsQuery } from "../catalog/catalog-queries.ts"
import { AuditEntryCard } from "./AuditEntryCard.tsx"
import { AuditFilters } from "./AuditFilters.tsx"
import { actorsQuery, auditPageQuery } from "./audit-queries.ts"
import { isFiltered } from "./audit-search.ts"

const text = auditMessages

export const AuditPage = () => {
  const search = useSearch({ from: "/app/auditoria" })
  const entries = useQuery(auditPageQuery(search))
  const actors = useQuery(actorsQuery)
  const products = useQuery(allProductsQuery)
  const productName = (id: string) => products.data?.items.find((product) => product.id === id)?.name ?? id

  const body = () => {
    if (entries.isPending) return <Loading />
    if (entries.isError) return <ErrorNotice error={entries.error} onRetry={() => void entries.refetch()} />
    const { items, nextCursor } = entries.data
    if (items.length === 0) {
      return (
        <div className="empty-state">
          <p className="empty-title">{isFiltered(search) ? text.emptyFiltered : text.empty}</p>
          {(isFiltered(search) || search.antes !== undefined) && <Link to="." search={{}}>{text.showAll}</Link>}
        </div>
      )
    }
    return (
      <div className={entries.isPlaceholderData ? "stack is-updating" : "stack"} aria-busy={entries.isPlaceholderData}>
        <ol className="audit-list" aria-label={text.entries}>
          {items.map((entry) => (
            <li key={entry.id}><AuditEntryCard entry={entry} actors={actors.data ?? []} productName={productName} /></li>
          ))}
        </ol>
        <nav className="audit-pager" aria-label={text.olderPage}>
          {search.antes !== undefined && (
            <Link to="." search={({ antes: _, ...rest }: Record<string, unknown>) => rest} className="button secondary">{text.newest}</Link>
          )}
          {nextCursor !== null && (
            <Link to="." search={(previous: Record<string, unknown>) => ({ ...previous, antes: nextCursor })} className="button primary">
              {text.older}
            </Link>
          )}
        </nav>
      </div>
    )
  }

  return (
    <section className="stack">
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <AuditFilters search={search} />
      {body()}
    </section>
  )
}
