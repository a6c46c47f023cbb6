/**
 * A price list names each product at most once (the database would refuse the second
 * row): an item set naming one twice is a `VALIDATION_ERROR` listing the repeated ids.
 * Ids are compared case-insensitively, as the database compares uuids.
 */
import * as Result from "effect/Result"
import { ValidationError } from "../shared/errors.ts"

export const checkDistinctProducts = <Item extends { readonly productId: string }>(
  items: ReadonlyArray<Item>
): Result.Result<ReadonlyArray<Item>, ValidationError> => {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const item of items) {
    const id = item.productId.toLowerCase()
    if (seen.has(id)) repeated.add(id)
    seen.add(id)
  }
  return repeated.size === 0
    ? Result.succeed(items)
    : Result.fail(
      new ValidationError({
        message: "Each product may appear only once in a price list",
        details: { field: "items", productIds: [...repeated] }
      })
    )
}
