/** The e-mail retry policy: the webhook retry schedule, 8 attempts, then spent. */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Option } from "effect"
import * as fc from "fast-check"
import { emailMaxAttempts, nextEmailAttempt } from "../../src/mail/email-retry-policy.ts"
import { MAX_DELIVERY_ATTEMPTS, RETRY_WAITS_MS } from "../../src/webhooks/webhook-delivery-state.ts"

describe("nextEmailAttempt", () => {
  it("8 attempts with the webhook waits", () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((attempt) => Duration.toMinutes(Option.getOrThrow(nextEmailAttempt(attempt))))
    assert.deepStrictEqual(waits, [1, 5, 30, 120, 360, 720, 1440])
    assert.isTrue(Option.isNone(nextEmailAttempt(emailMaxAttempts)))
    assert.strictEqual(emailMaxAttempts, 8)
  })

  it("after failed attempt n the wait is the webhook's wait before attempt n + 1", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 7 }), (attempts) => {
      const wait = nextEmailAttempt(attempts)
      assert.isTrue(Option.isSome(wait))
      assert.strictEqual(Duration.toMillis(Option.getOrThrow(wait)), RETRY_WAITS_MS[attempts])
    }))
  })

  it("a row is spent exactly when the webhook delivery would be failed", () => {
    fc.assert(fc.property(fc.integer({ min: -5, max: 50 }), (attempts) => {
      assert.strictEqual(Option.isNone(nextEmailAttempt(attempts)), attempts >= MAX_DELIVERY_ATTEMPTS)
    }))
  })

  it("a count below 1 waits like the first retry", () => {
    assert.strictEqual(Duration.toMinutes(Option.getOrThrow(nextEmailAttempt(0))), 1)
  })
})
