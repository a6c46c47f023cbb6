/**
 * Server-side pricing: the one computation behind both `GET /clients/:id/prices` and
 * quotation creation (web and chat). Plain data in, plain data out; no database.
 *
 * For a product, a client and an instant:
 * - list price = the product's price in the client's price list, falling back per
 *   product to the general (default) list when the client has no list or its list has
 *   no price for the product;
 * - applicable promotions = promotions of the product that are `active`, whose period
 *   holds the instant (startsAt ≤ now < endsAt: start inclusive, end exclusive; a null
 *   bound is open), and that are either `general` or `specific` and for this client
 *   (`appliesToClient`: the loader knows the client, so pricing gets the answer);
 * - finalPrice = the lowest of the list price and the applicable promotion prices;
 * - priceType = `promotion` only when a promotion is strictly lower than the list price
 *   (a tie keeps `price_list`: the promotion gave nothing);
 * - promotionPrice = the lowest applicable promotion price (even when not lower), else null.
 *
 * A product with no price in either list cannot be quoted: `priceProduct` returns
 * `undefined` and callers treat it as not sellable.
 *
 * Money is integer COP. Line subtotal = unitPrice × quantity rounded to the peso (only
 * matters for fractional quantities); total = Σ subtotals.
 */
import { type Instant, toEpochMillis, toEpochMillisOrNull } from "../shared/instant.ts"

export type PromotionKind = "general" | "specific"
export type PriceType = "promotion" | "price_list"

export interface Promotion {
  readonly id: string
  readonly kind: PromotionKind
  readonly productId: string
  /** Integer COP. */
  readonly price: number
  /** Inclusive; null = no start bound. */
  readonly startsAt: Instant | null
  /** Exclusive; null = no end bound. */
  readonly endsAt: Instant | null
  readonly active: boolean
  /** Whether a `specific` promotion is for the priced client; ignored for `general`. */
  readonly appliesToClient: boolean
}

/** Everything pricing needs to know about one product for one client. */
export interface ProductPricingInput {
  readonly productId: string
  /** Price in the client's own list; null when the client has no list or the list lacks the product. */
  readonly clientListPrice: number | null
  /** Price in the general (default) list; null when absent. */
  readonly generalListPrice: number | null
  /** Promotions of this product (any kind/state; filtering happens here). */
  readonly promotions: ReadonlyArray<Promotion>
}

export interface ProductPrice {
  readonly productId: string
  readonly priceListPrice: number
  /** Which list the list price came from. */
  readonly priceListSource: "client" | "general"
  readonly promotionPrice: number | null
  /** Id of the winning promotion when `priceType` is `promotion`. */
  readonly promotionId: string | null
  readonly finalPrice: number
  readonly priceType: PriceType
}

export interface PricingContext {
  readonly at: Instant
}

/** Whether a promotion applies to the priced client at the instant (`at` in epoch ms). */
export const promotionApplies = (promotion: Promotion, at: number): boolean => {
  if (!promotion.active) return false
  const startsAt = toEpochMillisOrNull(promotion.startsAt)
  const endsAt = toEpochMillisOrNull(promotion.endsAt)
  if (startsAt !== null && at < startsAt) return false
  if (endsAt !== null && at >= endsAt) return false
  return promotion.kind === "general" || promotion.appliesToClient
}

/** Price of one product for a client at an instant; `undefined` when no list prices it. */
export const priceProduct = (input: ProductPricingInput, context: PricingContext): ProductPrice | undefined => {
  const fromClient = input.clientListPrice !== null
  const listPrice = fromClient ? input.clientListPrice : input.generalListPrice
  if (listPrice === null) return undefined
  const at = toEpochMillis(context.at)
  let best: Promotion | undefined = undefined
  for (const promotion of input.promotions) {
    if (promotion.productId !== input.productId) continue
    if (!promotionApplies(promotion, at)) continue
    if (best === undefined || promotion.price < best.price) best = promotion
  }
  const promotionWins = best !== undefined && best.price < listPrice
  return {
    productId: input.productId,
    priceListPrice: listPrice,
    priceListSource: fromClient ? "client" : "general",
    promotionPrice: best === undefined ? null : best.price,
    promotionId: promotionWins ? best!.id : null,
    finalPrice: promotionWins ? best!.price : listPrice,
    priceType: promotionWins ? "promotion" : "price_list"
  }
}

/** Prices of several products; those without any list price are reported in `unpriced`. */
export const priceProducts = (
  inputs: ReadonlyArray<ProductPricingInput>,
  context: PricingContext
): { readonly prices: ReadonlyArray<ProductPrice>; readonly unpriced: ReadonlyArray<string> } => {
  const prices: Array<ProductPrice> = []
  const unpriced: Array<string> = []
  for (const input of inputs) {
    const price = priceProduct(input, context)
    if (price === undefined) unpriced.push(input.productId)
    else prices.push(price)
  }
  return { prices, unpriced }
}

export interface QuotationLineInput {
  readonly productId: string
  /** > 0. */
  readonly quantity: number
  readonly price: ProductPrice
}

export interface PricedLine {
  readonly productId: string
  readonly quantity: number
  readonly unitPrice: number
  readonly priceType: PriceType
  readonly subtotal: number
}

/** Integer-COP subtotal of a line. */
export const lineSubtotal = (unitPrice: number, quantity: number): number => Math.round(unitPrice * quantity)

/** Quotation lines with unit prices, subtotals and the total. */
export const priceQuotation = (
  lines: ReadonlyArray<QuotationLineInput>
): { readonly items: ReadonlyArray<PricedLine>; readonly total: number } => {
  let total = 0
  const items = lines.map((line): PricedLine => {
    const subtotal = lineSubtotal(line.price.finalPrice, line.quantity)
    total += subtotal
    return {
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: line.price.finalPrice,
      priceType: line.price.priceType,
      subtotal
    }
  })
  return { items, total }
}

/**
 * Quotation creation in one call: prices each requested line with `priceProduct` (the
 * same computation as the prices endpoint) and totals them. Lines whose product has no
 * list price are returned in `unpriced` (the caller rejects the request).
 */
export const quoteLines = (
  lines: ReadonlyArray<{ readonly quantity: number; readonly pricing: ProductPricingInput }>,
  context: PricingContext
): { readonly items: ReadonlyArray<PricedLine>; readonly total: number; readonly unpriced: ReadonlyArray<string> } => {
  const priced: Array<QuotationLineInput> = []
  const unpriced: Array<string> = []
  for (const line of lines) {
    const price = priceProduct(line.pricing, context)
    if (price === undefined) unpriced.push(line.pricing.productId)
    else priced.push({ productId: line.pricing.productId, quantity: line.quantity, price })
  }
  return { ...priceQuotation(priced), unpriced }
}
