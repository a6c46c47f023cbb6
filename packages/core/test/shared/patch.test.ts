/** Partial updates: an empty patch is EMPTY_PATCH, null keeps the stored value, text is trimmed. */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { ensureNotEmpty, trimmed, withoutNulls } from "../../src/shared/patch.ts"

describe("patch rules", () => {
  it.effect("a patch that sets no field is EMPTY_PATCH", () =>
    Effect.gen(function*() {
      const empty = yield* Effect.flip(ensureNotEmpty({ name: undefined }))
      assert.strictEqual(empty._tag, "EmptyPatch")
      assert.isTrue(Exit.isSuccess(yield* Effect.exit(ensureNotEmpty({ name: null }))), "null is a value: it erases")
    }))

  it("withoutNulls drops null fields only; trimmed trims text only", () => {
    assert.deepStrictEqual(withoutNulls({ a: null, b: 0, c: "", d: undefined }), { b: 0, c: "", d: undefined })
    assert.strictEqual(trimmed("  Ana  "), "Ana")
    assert.strictEqual(trimmed(3), 3)
  })
})
