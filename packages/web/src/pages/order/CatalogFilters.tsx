/**
 * The catalog's search box ("Buscar producto", applied a moment after the typing stops)
 * and category filter. Both live in the URL (`buscar`, `categoria`), so a filtered catalog
 * can be shared and survives a reload.
 */
import { useQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { messages } from "../../i18n/messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { SearchBox } from "../../ui/SearchBox.tsx"
import { categoriesQuery } from "./order-queries.ts"
import type { OrderSearch } from "./order-search.ts"

const text = messages.order.catalog

/** The "every category" choice of the filter (no category id looks like it). */
const allCategories = "todas"

export const CatalogFilters = ({ search }: { readonly search: OrderSearch }) => {
  const navigate = useNavigate({ from: "/pedido" })
  const categories = useQuery(categoriesQuery)

  const searchFor = (words: string) =>
    void navigate({
      search: ({ buscar: _previous, ...rest }) => (words === "" ? rest : { ...rest, buscar: words }),
      replace: true
    })

  const chooseCategory = (key: string) =>
    void navigate({
      search: ({ categoria: _previous, ...rest }) => (key === allCategories ? rest : { ...rest, categoria: key }),
      replace: true
    })

  const options = [{ id: allCategories, name: text.allCategories }, ...(categories.data?.items ?? [])]

  return (
    <div className="catalog-filters">
      <SearchBox
        className="catalog-search"
        label={text.search}
        placeholder={text.searchPlaceholder}
        clearLabel={text.clearSearch}
        value={search.buscar}
        onSearch={searchFor}
      />
      <NativeSelect
        className="catalog-category"
        label={text.category}
        options={options.map((category) => ({ id: category.id, label: category.name }))}
        value={search.categoria ?? allCategories}
        onChange={chooseCategory}
      />
    </div>
  )
}
