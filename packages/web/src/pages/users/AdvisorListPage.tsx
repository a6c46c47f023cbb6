/**
 * The page of a list an admin may narrow to one advisor (Clientes, Empresas): the search
 * box, and for an admin the "Asesor" filter and "Crear …",
 * the page of results, and an empty state that says whether the search or the filter
 * emptied it.
 */
import type { UseQueryResult } from "@tanstack/react-query"
import type { ReactNode } from "react"
import type { EmptyListTexts } from "../../ui/EmptyList.tsx"
import { EmptyList } from "../../ui/EmptyList.tsx"
import type { AdvisorListSearch } from "../../ui/list-search.ts"
import { ListPage } from "../../ui/ListPage.tsx"
import type { PagedAnswer } from "../../ui/PagedResults.tsx"
import { useListFilter } from "../../ui/use-list-filter.ts"
import { AdvisorFilter } from "./AdvisorFilter.tsx"
import { ListToolbar } from "./ListToolbar.tsx"

export interface AdvisorListTexts {
  readonly title: string
  readonly count: (count: number) => string
  readonly search: string
  readonly searchPlaceholder: string
  readonly create: string
  readonly emptyAdmin: EmptyListTexts
  readonly emptyAdvisor: EmptyListTexts
}

export const AdvisorListPage = <Item,>({ texts, search, isAdmin, query, onCreate, actions, dialogs, children }: {
  readonly texts: AdvisorListTexts
  readonly search: AdvisorListSearch
  readonly isAdmin: boolean
  readonly query: UseQueryResult<PagedAnswer<Item> & { readonly total?: number }>
  readonly onCreate: () => void
  /** Under the toolbar: what acts on the whole filtered list (Clientes' "Exportar CSV"). */
  readonly actions?: ReactNode
  readonly dialogs: ReactNode
  readonly children: (items: ReadonlyArray<Item>) => ReactNode
}) => {
  const page = search.pagina ?? 1
  const setFilter = useListFilter()
  return (
    <ListPage
      title={texts.title}
      countText={texts.count}
      query={query}
      page={page}
      toolbar={
        <>
          <ListToolbar
            words={search.buscar}
            texts={texts}
            filter={isAdmin && <AdvisorFilter value={search.asesor} onChange={(advisorId) => setFilter("asesor", advisorId)} />}
            onCreate={isAdmin ? onCreate : undefined}
          />
          {actions}
        </>
      }
      empty={
        <EmptyList
          texts={isAdmin ? texts.emptyAdmin : texts.emptyAdvisor}
          page={page}
          isFiltered={search.buscar !== undefined || search.asesor !== undefined}
        />
      }
      dialogs={dialogs}
    >
      {children}
    </ListPage>
  )
}
