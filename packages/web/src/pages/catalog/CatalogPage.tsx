/**
 * "Catálogo" › "Productos" (admin): the active products with their category, unit, general
 * list price and stock, and when the ERP last synchronized them. The search and the
 * category go to the service (`GET /api/products/catalog?search=&categoryId=`) and live in
 * the URL with the page; the service answers the whole match (it does not page the
 * catalog), which the console shows 25 at a time.
 */
import { useQuery } from "@tanstack/react-query"
import { useSearch } from "@tanstack/react-router"
import { formatDateTime, formatMoney } from "../../format.ts"
import { catalogMessages } from "../../i18n/operations-messages.ts"
import { EmptyList } from "../../ui/EmptyList.tsx"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { PagedResults } from "../../ui/PagedResults.tsx"
import { SearchBox } from "../../ui/SearchBox.tsx"
import { StackingTable } from "../../ui/StackingTable.tsx"
import { useListFilter } from "../../ui/use-list-filter.ts"
import { categoriesQuery } from "../order/order-queries.ts"
import { CatalogHeader } from "./CatalogTabs.tsx"
import { type CatalogProduct, productsQuery, syncStatusQuery } from "./catalog-queries.ts"
import { pageOf } from "./catalog-search.ts"

const text = catalogMessages.products
const productPageSize = 25
/** The "every category" choice (no category id looks like it). */
const allCategories = "todas"

const stockNumber = new Intl.NumberFormat("es-CO", { maximumFractionDigits: 2 })

const SyncNote = () => {
  const status = useQuery(syncStatusQuery)
  if (status.isPending) return null
  if (status.isError) return <p className="muted small">{text.syncUnknown}</p>
  const last = status.data.lastSuccessfulSyncAt
  return (
    <p className="muted small catalog-sync">
      {last === null ? text.neverSynced : text.lastSync(formatDateTime(last))}
      {status.data.running && <> {text.syncRunning}</>}
    </p>
  )
}

const ProductRow = ({ product }: { readonly product: CatalogProduct }) => (
  <tr>
    <th scope="row" className="card-title break-anywhere">
      {product.name}
      <span className="muted small product-sku">{product.sku}</span>
    </th>
    <td data-label={text.columns.category}>{product.category?.name ?? text.noCategory}</td>
    <td data-label={text.columns.unit}>{product.unit}</td>
    <td data-label={text.columns.price} className="number">{product.price === null ? text.noPrice : formatMoney(product.price)}</td>
    <td data-label={text.columns.stock} className="number">{product.stockTracked ? stockNumber.format(product.stock) : text.untracked}</td>
  </tr>
)

export const CatalogPage = () => {
  const search = useSearch({ from: "/app/catalogo" })
  const setFilter = useListFilter()
  const page = search.pagina ?? 1
  const categories = useQuery(categoriesQuery)
  const products = useQuery({
    ...productsQuery({ search: search.buscar, categoryId: search.categoria }),
    select: (answer) => pageOf(answer.items, page, productPageSize)
  })

  return (
    <section className="stack">
      <CatalogHeader />
      <p className="muted">{text.intro}</p>
      <SyncNote />
      <div className="catalog-filters-bar">
        <SearchBox
          label={text.search}
          placeholder={text.searchPlaceholder}
          clearLabel={text.clearSearch}
          value={search.buscar}
          onSearch={(words) => setFilter("buscar", words)}
        />
        <NativeSelect
          label={text.category}
          options={[
            { id: allCategories, label: text.allCategories },
            ...(categories.data?.items ?? []).map((category) => ({ id: category.id, label: category.name }))
          ]}
          value={search.categoria ?? allCategories}
          onChange={(id) => setFilter("categoria", id === allCategories ? undefined : id)}
        />
      </div>
      {products.data !== undefined && <p className="muted" aria-live="polite">{text.count(products.data.total)}</p>}
      <PagedResults
        query={products}
        page={page}
        empty={<EmptyList texts={text} page={page} isFiltered={search.buscar !== undefined || search.categoria !== undefined} />}
      >
        {(items) => (
          <StackingTable
            columns={[text.columns.name, text.columns.category, text.columns.unit, { label: text.columns.price, numeric: true }, { label: text.columns.stock, numeric: true }]}
          >
            {items.map((product) => <ProductRow key={product.id} product={product} />)}
          </StackingTable>
        )}
      </PagedResults>
    </section>
  )
}
