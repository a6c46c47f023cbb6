import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { InvalidPhone } from "@quote/core/clients/errors"
import { normalizePhone, normalizePhoneEffect, samePhone } from "../../src/clients/phone.ts"

const ok = (input: string, expected: string) => {
  const result = normalizePhone(input)
  assert.isTrue(Result.isSuccess(result), `expected "${input}" to normalize`)
  if (Result.isSuccess(result)) assert.strictEqual(result.success, expected)
}

const rejected = (input: string) => {
  const result = normalizePhone(input)
  assert.isTrue(Result.isFailure(result), `expected "${input}" to be rejected`)
  if (Result.isFailure(result)) {
    assert.instanceOf(result.failure, InvalidPhone)
    assert.strictEqual(InvalidPhone.code, "INVALID_PHONE")
  }
}

describe("phone normalization (spec table)", () => {
  it("with explicit country code (spaces allowed): kept with its country code", () => {
    ok("+573001234567", "+573001234567")
    ok("+57 300 123 4567", "+573001234567")
    ok("  +57 300 000 0001 ", "+573000000001")
    ok("+57 601 234 5678", "+576012345678") // Bogotá landline, with country code: fine
    ok("+1 415 555 2671", "+14155552671")
    ok("+34 612 34 56 78", "+34612345678")
    ok("+57 (300) 123-4567", "+573001234567")
  })

  it("10-digit Colombian mobile, with or without spaces, parentheses or hyphens: +57 prepended", () => {
    ok("3001234567", "+573001234567")
    ok("300 123 4567", "+573001234567")
    ok("(300) 123-4567", "+573001234567")
    ok("300-123-4567", "+573001234567")
    ok("310 555 12 34", "+573105551234")
    ok("3000000099", "+573000000099")
  })

  it("digits starting with 57 and no plus sign: + prepended", () => {
    ok("573001234567", "+573001234567")
    ok("57 300 123 4567", "+573001234567")
    ok("576012345678", "+576012345678")
  })

  it("landline without country code, too short or ambiguous: INVALID_PHONE", () => {
    rejected("6012345678") // Bogotá landline without country code
    rejected("601 234 5678")
    rejected("2345678") // old 7-digit landline
    rejected("300123") // too short
    rejected("300123456") // 9 digits
    rejected("")
    rejected("+57 300") // too short with country code
    rejected("+57 399 000 0000") // not an assigned mobile range
    rejected("14155552671") // foreign number without +
    rejected("5730012345") // 57… but too short
    rejected("30012345678") // 11 digits
    rejected("300 123 45ab")
    rejected("+57 300 123 4567 ext 12")
  })

  it("samePhone compares after normalization", () => {
    assert.isTrue(samePhone("300 123 4567", "+57 300 123 4567"))
    assert.isFalse(samePhone("300 123 4567", "300 123 4568"))
  })

  it.effect("normalizePhoneEffect fails with InvalidPhone", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* normalizePhoneEffect("3001234567"), "+573001234567")
      const error = yield* Effect.flip(normalizePhoneEffect("6012345678"))
      assert.strictEqual(error._tag, "InvalidPhone")
    }))
})
