/**
 * The catalog at this client's prices (the service's price sheet: its price list plus
 * promotions), searchable and filtered by category, with stock as the last catalog sync
 * left it; each product's quantity goes straight into the cart. Its announcements are
 * polite live text, not `status` regions: the page's one `status` region is the route panel.
 */
import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { formatDateTime } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { type Cart, type CartActions, quantityOf } from "./cart-store.ts"
import { CatalogFilters } from "./CatalogFilters.tsx"
import { catalogQuery, priceSheetLimit } from "./order-queries.ts"
import type { OrderSearch } from "./order-search.ts"
import { ProductCard } from "./ProductCard.tsx"

const text = messages.order.catalog

export const Catalog = ({ search, cart, actions }: {
  readonly search: OrderSearch
  readonly cart: Cart
  readonly actions: CartActions
}) => {
  const sheet = useQuery(catalogQuery({ search: search.buscar, categoryId: search.categoria }))
  const filtered = search.buscar !== undefined || search.categoria !== undefined

  return (
    <section className="catalog" aria-labelledby="catalog-title">
      <h2 id="catalog-title">{text.title}</h2>
      <CatalogFilters search={search} />
      {sheet.data === undefined
        ? sheet.isError ? <ErrorNotice error={sheet.error} onRetry={() => void sheet.refetch()} /> : <p className="loading">{text.loading}</p>
        : (
          <>
            <p className="muted catalog-sync">
              {sheet.data.catalogSyncedAt === null ? text.neverSynced : text.syncedAt(formatDateTime(sheet.data.catalogSyncedAt))}
            </p>
            {sheet.isError && <ErrorNotice error={sheet.error} onRetry={() => void sheet.refetch()} />}
            <p className="visually-hidden" aria-live="polite">{sheet.isFetching ? text.searching : text.count(sheet.data.items.length)}</p>
            {sheet.data.items.length === 0
              ? (
                <div className="notice">
                  <p>{filtered ? text.noMatch : text.empty}</p>
                  {filtered && <p><Link to="/pedido" search={({ repetir }) => (repetir === undefined ? {} : { repetir })}>{text.clearFilters}</Link></p>}
                </div>
              )
              : (
                <ul className={`product-list${sheet.isPlaceholderData ? " is-stale" : ""}`}>
                  {sheet.data.items.map((item) => (
                    <ProductCard
                      key={item.productId}
                      item={item}
                      quantity={quantityOf(cart, item.productId)}
                      onQuantity={(quantity) => actions.setQuantity(item, quantity)}
                    />
                  ))}
                </ul>
              )}
            {sheet.data.items.length >= priceSheetLimit && <p className="muted">{text.truncated(priceSheetLimit)}</p>}
          </>
        )}
    </section>
  )
}
