/**
 * The body of a list the service pages: "Cargando…", the failure with "Reintentar", the
 * list's own empty state, or the items followed by the pager. While the next page or a
 * new search loads, the current items stay on screen, dimmed and marked busy.
 */
import type { UseQueryResult } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { ErrorNotice } from "./ErrorNotice.tsx"
import { Loading } from "./Loading.tsx"
import { Pager } from "./Pager.tsx"

export interface PagedAnswer<Item> {
  readonly items: ReadonlyArray<Item>
  /** Absent when the service answered without paging (then there is one page). */
  readonly totalPages?: number
}

export const PagedResults = <Item,>({ query, page, empty, children }: {
  readonly query: UseQueryResult<PagedAnswer<Item>>
  readonly page: number
  /** What an empty page says (and offers). */
  readonly empty: ReactNode
  readonly children: (items: ReadonlyArray<Item>) => ReactNode
}) => {
  if (query.isPending) return <Loading />
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
  if (query.data.items.length === 0) return empty
  return (
    <div className={query.isPlaceholderData ? "stack is-updating" : "stack"} aria-busy={query.isPlaceholderData}>
      {children(query.data.items)}
      <Pager page={page} totalPages={query.data.totalPages ?? 1} />
    </div>
  )
}
