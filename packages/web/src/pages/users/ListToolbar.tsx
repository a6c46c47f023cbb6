/**
 * Above a people list (Clientes, Empresas, Usuarios): the search box, the list's filter
 * (an admin's "Asesor", the "Rol") and its "Crear …" button when the user may create.
 * The search goes to the URL's `buscar` and back to the first page.
 */
import type { ReactNode } from "react"
import { Button } from "react-aria-components"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { SearchBox } from "../../ui/SearchBox.tsx"
import { useListFilter } from "../../ui/use-list-filter.ts"

export const ListToolbar = ({ words, texts, filter, onCreate }: {
  /** The search in effect (the URL's `buscar`). */
  readonly words: string | undefined
  readonly texts: { readonly search: string; readonly searchPlaceholder: string; readonly create: string }
  readonly filter?: ReactNode
  /** Absent: no "Crear …". */
  readonly onCreate?: (() => void) | undefined
}) => {
  const setFilter = useListFilter()
  return (
    <div className="list-toolbar">
      <SearchBox
        label={texts.search}
        placeholder={texts.searchPlaceholder}
        clearLabel={peopleMessages.filters.clearSearch}
        value={words}
        onSearch={(typed) => setFilter("buscar", typed)}
      />
      {filter}
      {onCreate !== undefined && <Button className="button primary" onPress={onCreate}>{texts.create}</Button>}
    </div>
  )
}
