/**
 * The lines of a new quotation (spec "POST /quotations"), between the catalog lookup and
 * the write: each requested line is matched to a loaded product, then priced with
 * `quoteLines` (the prices endpoint's computation) and totalled.
 *
 * - A line names its product by `productId` or `sku`; naming both, they must name the
 *   same product. Every line that matches no loaded product (unknown, inactive) is
 *   reported in one `PRODUCT_NOT_FOUND`, its SKUs and ids each listed once.
 * - A product without a price in either list cannot be sold: `PRODUCT_NOT_FOUND` too.
 * - The total must be a safe integer (integer COP stored as `bigint`): a larger one is
 *   `VALIDATION_ERROR`, asking for lower quantities, never a rounded amount.
 */
import * as Result from "effect/Result"
import { ValidationError } from "../shared/errors.ts"
import { ProductNotFound } from "../catalog/errors.ts"
import { type PriceType, type PricingContext, type ProductPricingInput, quoteLines } from "../pricing/pricing.ts"
import type { ProductId } from "../shared/ids.ts"

export interface QuotationLineRequest {
  readonly sku?: string | undefined
  readonly productId?: string | undefined
  readonly quantity: number
}

/** What a line needs of a product: how it is named and how it is priced. */
export interface QuotableProduct {
  readonly id: ProductId
  readonly sku: string
  readonly name: string
  readonly pricing: ProductPricingInput
}

export interface ResolvedLine<P> {
  readonly quantity: number
  readonly product: P
}

/** A priced line as stored: the product's snapshot, its unit price and subtotal. */
export interface QuotationLine {
  readonly productId: ProductId
  readonly sku: string
  readonly name: string
  readonly quantity: number
  readonly unitPrice: number
  readonly priceType: PriceType
  readonly subtotal: number
}

export const productNotFound = (skus: ReadonlyArray<string>, productIds: ReadonlyArray<string>) =>
  new ProductNotFound({
    message: "Some products do not exist, are inactive or have no price",
    details: { skus, productIds }
  })

const uniqueValues = <A extends string>(values: ReadonlyArray<A | undefined>): Array<A> => [
  ...new Set(values.filter((value): value is A => value !== undefined))
]

/** The products a request names, each once: what the catalog must load. */
export const requestedProducts = <Id extends string>(
  items: ReadonlyArray<QuotationLineRequest & { readonly productId?: Id | undefined }>
): { readonly skus: Array<string>; readonly productIds: Array<Id> } => ({
  skus: uniqueValues(items.map((item) => item.sku)),
  productIds: uniqueValues(items.map((item) => item.productId))
})

/** Matches each requested line to a loaded product; the rest are reported together. */
export const resolveLines = <P extends { readonly id: string; readonly sku: string }>(
  items: ReadonlyArray<QuotationLineRequest>,
  products: ReadonlyArray<P>
): Result.Result<ReadonlyArray<ResolvedLine<P>>, ProductNotFound> => {
  const bySku = new Map(products.map((product) => [product.sku, product]))
  const byId = new Map(products.map((product) => [product.id, product]))
  const missingSkus = new Set<string>()
  const missingIds = new Set<string>()
  const lines: Array<ResolvedLine<P>> = []
  for (const item of items) {
    const product = item.productId !== undefined ? byId.get(item.productId) : bySku.get(item.sku ?? "")
    // A line naming both must name the same product.
    const consistent = product !== undefined && (item.sku === undefined || product.sku === item.sku)
    if (consistent) {
      lines.push({ quantity: item.quantity, product })
    } else {
      if (item.sku !== undefined) missingSkus.add(item.sku)
      if (item.productId !== undefined) missingIds.add(item.productId)
    }
  }
  if (missingSkus.size === 0 && missingIds.size === 0) return Result.succeed(lines)
  return Result.fail(productNotFound([...missingSkus], [...missingIds]))
}

const totalTooLarge = () =>
  new ValidationError({
    message: "The quotation total is too large; lower the quantities",
    details: { issues: [{ path: ["payload", "items"], message: "total exceeds the supported amount" }] }
  })

/** Prices resolved lines for a client at an instant, in request order, with a safe total. */
export const priceLines = (
  lines: ReadonlyArray<ResolvedLine<QuotableProduct>>,
  context: PricingContext
): Result.Result<
  { readonly items: ReadonlyArray<QuotationLine>; readonly total: number },
  ProductNotFound | ValidationError
> => {
  const priced = quoteLines(lines.map((line) => ({ quantity: line.quantity, pricing: line.product.pricing })), context)
  if (priced.unpriced.length > 0) {
    const unpriced = new Set(priced.unpriced)
    const without = lines.filter((line) => unpriced.has(line.product.id)).map((line) => line.product)
    return Result.fail(productNotFound(without.map((p) => p.sku), without.map((p) => p.id)))
  }
  if (!Number.isSafeInteger(priced.total)) return Result.fail(totalTooLarge())
  // No line was left out, so the priced items line up with the resolved ones.
  const items = priced.items.map((item, position): QuotationLine => ({
    productId: lines[position]!.product.id,
    sku: lines[position]!.product.sku,
    name: lines[position]!.product.name,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    priceType: item.priceType,
    subtotal: item.subtotal
  }))
  return Result.succeed({ items, total: priced.total })
}
