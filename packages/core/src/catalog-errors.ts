/**
 * Errors of the catalog, price lists and promotions (CONTRACT.md "Catalog, price lists,
 * promotions"), with the spec's codes; the shared resource errors (`PRODUCT_NOT_FOUND`
 * with `details.productIds`, `CLIENT_NOT_FOUND` with `details.clientIds`, `EMPTY_PATCH`)
 * live in `resource-errors.ts`.
 */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

export { ClientNotFound, EmptyPatch, ProductNotFound } from "./resource-errors.ts"

/**
 * A change that would leave the service without its active general (default) price
 * list: deleting it, deactivating it, or unsetting `isDefault` on it. Another list
 * becomes the general one by setting `isDefault: true` on that list.
 */
export class DefaultPriceListRequired
  extends Schema.TaggedError<DefaultPriceListRequired>()("DefaultPriceListRequired", errorFields)
{
  static readonly code = "DEFAULT_PRICE_LIST_REQUIRED"
}
