/**
 * The Catálogo screens' state in the URL: the products' search, category and page
 * (`/catalogo?buscar=arroz&categoria=<id>&pagina=2`) and the promotions' page. The
 * service does not page either list; the console shows them a page at a time.
 */
import { searchId, searchPage, searchWords } from "../../ui/list-search.ts"

export interface ProductSearch {
  readonly buscar?: string
  readonly categoria?: string
  readonly pagina?: number
}

export const productSearch = (search: Record<string, unknown>): ProductSearch => {
  const buscar = searchWords(search.buscar)
  const categoria = searchId(search.categoria)
  const pagina = searchPage(search.pagina)
  return {
    ...(buscar === undefined ? {} : { buscar }),
    ...(categoria === undefined ? {} : { categoria }),
    ...(pagina === undefined ? {} : { pagina })
  }
}

export interface PageSearch {
  readonly pagina?: number
}

export const pageSearch = (search: Record<string, unknown>): PageSearch => {
  const pagina = searchPage(search.pagina)
  return pagina === undefined ? {} : { pagina }
}

/** One page of a list the service answers whole, with the number of pages. */
export const pageOf = <Item>(items: ReadonlyArray<Item>, page: number, size: number) => ({
  items: items.slice((page - 1) * size, page * size),
  totalPages: Math.max(1, Math.ceil(items.length / size)),
  total: items.length
})
