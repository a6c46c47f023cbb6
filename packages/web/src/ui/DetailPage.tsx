/**
 * A back-office detail page (a client, a company): "Cargando…", a failure or "no
 * encontrado" (ui/DetailFailure.tsx), else the way back to the list, the heading with an
 * "inactive" mark when it is, the page's status line and its content.
 */
import type { UseQueryResult } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { DetailFailure } from "./DetailFailure.tsx"
import { Loading } from "./Loading.tsx"
import { StatusLine } from "./StatusLine.tsx"

export const DetailPage = <Data,>({ query, back, notFound, title, inactiveLabel, announcement, children }: {
  readonly query: UseQueryResult<Data>
  /** The link back to the list. */
  readonly back: ReactNode
  readonly notFound: { readonly title: string; readonly body: string }
  readonly title: (data: Data) => { readonly heading: string; readonly isActive: boolean }
  readonly inactiveLabel: string
  readonly announcement: string
  readonly children: (data: Data) => ReactNode
}) => {
  if (query.isPending) return <Loading />
  if (query.isError) return <DetailFailure error={query.error} onRetry={() => void query.refetch()} back={back} notFound={notFound} />
  const { heading, isActive } = title(query.data)
  return (
    <article className="stack">
      {back}
      <header className="page-header">
        <h1 className="break-anywhere">{heading}</h1>
        {!isActive && <span className="tag tag-off">{inactiveLabel}</span>}
      </header>
      <StatusLine announcement={announcement} />
      {children(query.data)}
    </article>
  )
}
