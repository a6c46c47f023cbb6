/**
 * The catalog's search box ("Buscar producto", applied a moment after the typing stops)
 * and category filter. Both live in the URL (`buscar`, `categoria`), so a filtered catalog
 * can be shared and survives a reload.
 */
import { useQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { Button, Input, Label, SearchField } from "react-aria-components"
import { messages } from "../../i18n/messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { categoriesQuery } from "./order-queries.ts"
import type { OrderSearch } from "./order-search.ts"

const text = messages.order.catalog

/** Wait this long after the last keystroke before searching. */
const searchDelayMillis = 300

/** The "every category" choice of the filter (no category id looks like it). */
const allCategories = "todas"

export const CatalogFilters = ({ search }: { readonly search: OrderSearch }) => {
  const navigate = useNavigate({ from: "/pedido" })
  const categories = useQuery(categoriesQuery)
  const [words, setWords] = useState(search.buscar ?? "")
  // The words last sent to the URL, to tell our own update from a back/forward move.
  const sent = useRef(search.buscar ?? "")

  useEffect(() => {
    const fromUrl = search.buscar ?? ""
    if (fromUrl !== sent.current) {
      sent.current = fromUrl
      setWords(fromUrl)
    }
  }, [search.buscar])

  useEffect(() => {
    const trimmed = words.trim()
    if (trimmed === sent.current) return
    const timer = window.setTimeout(() => {
      sent.current = trimmed
      void navigate({
        search: ({ buscar: _previous, ...rest }) => (trimmed === "" ? rest : { ...rest, buscar: trimmed }),
        replace: true
      })
    }, searchDelayMillis)
    return () => window.clearTimeout(timer)
  }, [words, navigate])

  const chooseCategory = (key: string) =>
    void navigate({
      search: ({ categoria: _previous, ...rest }) => (key === allCategories ? rest : { ...rest, categoria: key }),
      replace: true
    })

  const options = [{ id: allCategories, name: text.allCategories }, ...(categories.data?.items ?? [])]

  return (
    <div className="catalog-filters">
      <SearchField className="react-aria-SearchField catalog-search" value={words} onChange={setWords}>
        <Label>{text.search}</Label>
        <div className="search-control">
          <Input className="input" placeholder={text.searchPlaceholder} />
          <Button className="search-clear" aria-label={text.clearSearch}><span aria-hidden="true">×</span></Button>
        </div>
      </SearchField>
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
