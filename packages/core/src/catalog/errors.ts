/** Errors of the catalog, price lists and promotions (CONTRACT.md "Catalog, price lists, promotions"). */
import * as Schema from "effect/Schema"
import { messageOnly, optionalStrings, withDetails } from "../shared/error-fields.ts"

/** `details.skus` / `details.productIds` list the unknown or inactive ones. */
export class ProductNotFound extends Schema.TaggedError<ProductNotFound>()(
  "ProductNotFound",
  withDetails({ skus: optionalStrings, productIds: optionalStrings }),
  {
    httpApiStatus: 404,
    description: "Unknown, inactive or unpriced products; `details.skus` and `details.productIds` list them"
  }
) {
  static readonly code = "PRODUCT_NOT_FOUND"
}

export class PriceListNotFound extends Schema.TaggedError<PriceListNotFound>()(
  "PriceListNotFound",
  withDetails({ priceListId: Schema.String }),
  { httpApiStatus: 404, description: "No active price list has this id" }
) {
  static readonly code = "PRICE_LIST_NOT_FOUND"
}

/**
 * A change that would leave the service without its active general (default) price
 * list: deleting it, deactivating it, or unsetting `isDefault` on it. Another list
 * becomes the general one by setting `isDefault: true` on that list.
 */
export class DefaultPriceListRequired extends Schema.TaggedError<DefaultPriceListRequired>()(
  "DefaultPriceListRequired",
  messageOnly,
  {
    httpApiStatus: 409,
    description: "The change would leave no active general (default) price list; make another list the default first"
  }
) {
  static readonly code = "DEFAULT_PRICE_LIST_REQUIRED"
}
