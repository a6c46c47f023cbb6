/** A price list names each product once: repeats are refused with the repeated ids. */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { checkDistinctProducts } from "../../src/catalog/distinct-products.ts"

const A = "6f1c2a9e-0000-4000-8000-00000000000a"
const B = "6f1c2a9e-0000-4000-8000-00000000000b"
const item = (productId: string, price = 1000) => ({ productId, price })

const repeatedIds = (items: ReadonlyArray<{ readonly productId: string }>) => {
  const result = checkDistinctProducts(items)
  return Result.isFailure(result) ? (result.failure.details as { readonly productIds: ReadonlyArray<string> }).productIds : null
}

describe("checkDistinctProducts", () => {
  it("gives back an item set without repeats (the empty one too)", () => {
    const items = [item(A), item(B)]
    assert.deepStrictEqual(checkDistinctProducts(items), Result.succeed(items))
    assert.deepStrictEqual(checkDistinctProducts([]), Result.succeed([]))
  })

  it("lists each repeated product once, lower-cased, in a VALIDATION_ERROR on items", () => {
    const result = checkDistinctProducts([item(A), item(B), item(A.toUpperCase(), 5), item(A)])
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) {
      assert.strictEqual(result.failure._tag, "ValidationError")
      assert.deepStrictEqual(result.failure.details, { field: "items", productIds: [A] })
    }
  })

  it("refuses exactly the sets where some id appears twice, ignoring case", () => {
    fc.assert(fc.property(fc.array(fc.constantFrom("a", "A", "b", "c", "C"), { maxLength: 8 }), (ids) => {
      const lowered = ids.map((id) => id.toLowerCase())
      const expected = [...new Set(lowered.filter((id, index) => lowered.indexOf(id) !== index))]
      assert.deepStrictEqual(repeatedIds(ids.map((id) => item(id))), expected.length === 0 ? null : expected)
    }))
  })
})
