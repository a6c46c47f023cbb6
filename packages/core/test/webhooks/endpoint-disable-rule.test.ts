/** The disable rule: 410 at once; failures for N days in a row. */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { failedLongEnough, isGoneAnswer } from "../../src/webhooks/endpoint-disable-rule.ts"

const DAY = 24 * 60 * 60 * 1000

describe("endpoint disable rule", () => {
  it("only 410 is gone", () => {
    assert.isTrue(isGoneAnswer(410))
    for (const status of [null, 200, 404, 429, 500, 503]) assert.isFalse(isGoneAnswer(status))
  })

  it("failing for exactly N days disables; a millisecond less does not; no failure streak never does", () => {
    assert.isTrue(failedLongEnough(0, 5 * DAY, 5))
    assert.isFalse(failedLongEnough(0, 5 * DAY - 1, 5))
    assert.isFalse(failedLongEnough(null, 100 * DAY, 5))
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 30 * DAY }), fc.integer({ min: 1, max: 30 }),
      (since, elapsed, days) => {
        assert.strictEqual(failedLongEnough(since, since + elapsed, days), elapsed >= days * DAY)
      }))
  })
})
