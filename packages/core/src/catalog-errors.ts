/**
 * Errors of the catalog, price lists and promotions (CONTRACT.md "Catalog, price lists,
 * promotions"), with the spec's codes.
 */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

/** Unknown product ids in a price list or promotion; `details.productIds` lists them. */
export class ProductNotFound extends Schema.TaggedError<ProductNotFound>()("ProductNotFound", errorFields) {
  static readonly code = "PRODUCT_NOT_FOUND"
}

/** Unknown client ids of a `specific` promotion; `details.clientIds` lists them. */
export class ClientNotFound extends Schema.TaggedError<ClientNotFound>()("ClientNotFound", errorFields) {
  static readonly code = "CLIENT_NOT_FOUND"
}

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

/** An update (PUT/PATCH) with no field to change (spec `400 EMPTY_PATCH`). */
export class EmptyPatch extends Schema.TaggedError<EmptyPatch>()("EmptyPatch", errorFields) {
  static readonly code = "EMPTY_PATCH"
}
