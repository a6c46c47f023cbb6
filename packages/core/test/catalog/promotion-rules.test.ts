/** The shape rules of a promotion: clients for specific ones only, and a non-empty period. */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { checkPromotionShape, type PromotionShape } from "../../src/catalog/promotion-rules.ts"

const START = new Date("2026-11-01T05:00:00Z")
const shape = (overrides: Partial<PromotionShape>): PromotionShape => ({
  kind: "general",
  startsAt: START,
  endsAt: null,
  clientIds: [],
  ...overrides
})
const failedField = (promotion: PromotionShape) => {
  const result = checkPromotionShape(promotion)
  return Result.isFailure(result) ? (result.failure.details as { readonly field: string }).field : null
}

describe("checkPromotionShape", () => {
  it("a specific promotion needs clients; a general one takes none", () => {
    assert.strictEqual(failedField(shape({ kind: "specific" })), "clientIds")
    assert.strictEqual(failedField(shape({ kind: "general", clientIds: ["c1"] })), "clientIds")
    assert.isNull(failedField(shape({ kind: "specific", clientIds: ["c1"] })))
    assert.isNull(failedField(shape({})))
  })

  it("the end, when set, is strictly after the start", () => {
    fc.assert(fc.property(fc.integer({ min: -10 * 86_400_000, max: 10 * 86_400_000 }), (offset) => {
      const endsAt = new Date(START.getTime() + offset)
      assert.strictEqual(failedField(shape({ endsAt })), offset > 0 ? null : "endsAt")
    }))
  })

  it("gives back the promotion it accepts", () => {
    const promotion = shape({ kind: "specific", clientIds: ["c1"], endsAt: new Date(START.getTime() + 1) })
    assert.deepStrictEqual(checkPromotionShape(promotion), Result.succeed(promotion))
  })
})
