/**
 * Products wanted again (a past quotation, a cart restored after a reload) at TODAY's
 * prices for this client: the service's price sheet for their ids. Products it no longer
 * prices — inactive, deleted (a quotation line whose `productId` is null), unpriced —
 * are skipped and named, so the client knows what did not make it.
 */
import { clampQuantity, type CartLine, lineFrom } from "./cart-store.ts"
import { fetchPricesOf } from "./order-queries.ts"

export interface WantedProduct {
  readonly productId: string | null
  readonly name: string
  readonly quantity: number
}

export interface PricedToday {
  readonly lines: ReadonlyArray<CartLine>
  /** Names of the products that could not be priced today, once each. */
  readonly skipped: ReadonlyArray<string>
  /** Their ids, where they had one. */
  readonly skippedIds: ReadonlyArray<string>
}

/** A wanted quantity as the cart's whole units; a fraction still orders at least one. */
const wholeUnits = (quantity: number): number => (quantity > 0 ? Math.max(1, clampQuantity(Math.round(quantity))) : 0)

export const priceToday = async (wanted: ReadonlyArray<WantedProduct>): Promise<PricedToday> => {
  // The same product on two lines is ordered once, with both quantities.
  const quantities = new Map<string, number>()
  for (const product of wanted) {
    if (product.productId !== null) quantities.set(product.productId, (quantities.get(product.productId) ?? 0) + product.quantity)
  }
  const ids = [...quantities.keys()]
  const sheet = ids.length === 0 ? undefined : await fetchPricesOf(ids)
  const priced = new Map((sheet?.items ?? []).map((item) => [item.productId, item]))

  const lines = ids.flatMap((id) => {
    const item = priced.get(id)
    const quantity = wholeUnits(quantities.get(id) ?? 0)
    return item === undefined || quantity === 0 ? [] : [lineFrom(item, quantity)]
  })
  const missing = wanted.filter((product) => product.productId === null || !priced.has(product.productId))
  return {
    lines,
    skipped: [...new Set(missing.map((product) => product.name))],
    skippedIds: [...new Set(missing.flatMap((product) => (product.productId === null ? [] : [product.productId])))]
  }
}
