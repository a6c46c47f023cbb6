/**
 * The spec's PriceList resource (CONTRACT.md "Catalog, price lists, promotions") and
 * what creates and changes one: declared once, used as the service's types, the
 * endpoints' schemas and the decoder of the rows the service reads.
 */
import * as Schema from "effect/Schema"
import { PriceListId, ProductId } from "../shared/ids.ts"

/** A non-blank name (stored trimmed). */
export const NonBlankName = Schema.String.check(
  Schema.isPattern(/\S/, { expected: "a non-blank name" }),
  Schema.isMaxLength(200)
)

/** Money: whole COP, ≥ 0. */
export const Cop = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(Number.MAX_SAFE_INTEGER))
  .annotate({ description: "Whole COP, ≥ 0" })

/** One price of a list, as sent and as answered. */
export const PriceListItem = Schema.Struct({ productId: ProductId, price: Cop })
export type PriceListItem = typeof PriceListItem.Type

/** Items ordered by product SKU. */
export const PriceList = Schema.Struct({
  id: PriceListId,
  name: Schema.String,
  active: Schema.Boolean,
  isDefault: Schema.Boolean.annotate({ description: "Whether this is the general list every client falls back to" }),
  items: Schema.Array(PriceListItem)
}).annotate({ identifier: "PriceList" })
export type PriceList = typeof PriceList.Type

const PriceListItems = Schema.Array(PriceListItem).annotate({
  description: "The list's prices; a product appears at most once. On update, replaces the whole set"
})

export const NewPriceList = Schema.Struct({
  name: NonBlankName,
  active: Schema.optionalKey(Schema.Boolean),
  isDefault: Schema.optionalKey(Schema.Boolean.annotate({
    description: "true makes it the general list (the previous one stops being it). The first list is always the general one"
  })),
  items: Schema.optionalKey(PriceListItems)
})
export type NewPriceList = typeof NewPriceList.Type

export const PriceListPatch = Schema.Struct({
  name: Schema.optionalKey(NonBlankName),
  active: Schema.optionalKey(Schema.Boolean),
  isDefault: Schema.optionalKey(Schema.Boolean),
  items: Schema.optionalKey(PriceListItems)
})
export type PriceListPatch = typeof PriceListPatch.Type
