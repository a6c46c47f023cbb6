/**
 * A back-office list page: its heading with the count of what matches, what the page
 * says (its status line), its toolbar (search, filters, "Crear …"), the page of results
 * the service answered (ui/PagedResults.tsx) and the page's dialogs.
 */
import type { UseQueryResult } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { type PagedAnswer, PagedResults } from "./PagedResults.tsx"

export const ListPage = <Item,>({ title, countText, query, page, status, toolbar, empty, dialogs, children }: {
  readonly title: string
  /** "12 clientes": shown once the list is known and not empty. */
  readonly countText: (count: number) => string
  readonly query: UseQueryResult<PagedAnswer<Item> & { readonly total?: number }>
  readonly page: number
  readonly status?: ReactNode
  readonly toolbar: ReactNode
  readonly empty: ReactNode
  readonly dialogs?: ReactNode
  readonly children: (items: ReadonlyArray<Item>) => ReactNode
}) => {
  const total = query.data?.total
  return (
    <section className="stack">
      <header className="page-header">
        <h1>{title}</h1>
        {total !== undefined && total > 0 && <p className="muted">{countText(total)}</p>}
      </header>
      {status}
      {toolbar}
      <PagedResults query={query} page={page} empty={empty}>{children}</PagedResults>
      {dialogs}
    </section>
  )
}
