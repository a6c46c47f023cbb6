import { assert, describe, it } from "@effect/vitest"
import {
  type AttemptOutcome,
  type DeliveryState,
  isDue,
  manualRetry,
  MAX_DELIVERY_ATTEMPTS,
  newDelivery,
  nextAfterAttempt,
  RETRY_WAITS_MS
} from "../../src/webhooks/webhook-delivery-state.ts"

const T0 = Date.parse("2026-11-24T15:00:00Z")
const MIN = 60_000
const HOUR = 60 * MIN
const fail500: AttemptOutcome = { _tag: "Response", statusCode: 500, durationMs: 120 }
const ok: AttemptOutcome = { _tag: "Response", statusCode: 204, durationMs: 120 }

describe("webhook delivery state machine", () => {
  it("the retry table: immediate, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h", () => {
    assert.deepStrictEqual(RETRY_WAITS_MS, [0, MIN, 5 * MIN, 30 * MIN, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR])
    assert.strictEqual(MAX_DELIVERY_ATTEMPTS, 8)
  })

  it("fails 8 times with the exact waits, then `failed`", () => {
    let d: DeliveryState = newDelivery(T0)
    assert.deepStrictEqual({ status: d.status, attempts: d.attempts, nextAttemptAt: d.nextAttemptAt }, { status: "pending", attempts: 0, nextAttemptAt: T0 })
    const expectedWaits = [MIN, 5 * MIN, 30 * MIN, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR]
    let now = T0
    for (let attempt = 1; attempt <= 8; attempt++) {
      assert.isTrue(isDue(d, now))
      d = nextAfterAttempt(d, fail500, now)
      assert.strictEqual(d.attempts, attempt)
      assert.strictEqual(d.lastAttemptAt, now)
      assert.strictEqual(d.lastStatusCode, 500)
      assert.strictEqual(d.lastError, "HTTP 500")
      if (attempt < 8) {
        assert.strictEqual(d.status, "pending")
        assert.strictEqual(d.nextAttemptAt! - now, expectedWaits[attempt - 1])
        assert.isFalse(isDue(d, d.nextAttemptAt! - 1))
        now = d.nextAttemptAt!
      }
    }
    assert.strictEqual(d.status, "failed")
    assert.isNull(d.nextAttemptAt)
    assert.isFalse(isDue(d, now + 100 * HOUR))
  })

  it("2xx within 8 s → delivered; after 8 s, 3xx, timeout or network error → failure", () => {
    const d = nextAfterAttempt(newDelivery(T0), ok, T0 + 5)
    assert.deepStrictEqual(d, { status: "delivered", attempts: 1, nextAttemptAt: null, lastAttemptAt: T0 + 5, deliveredAt: T0 + 5, lastStatusCode: 204, lastError: null })
    assert.strictEqual(nextAfterAttempt(newDelivery(T0), { _tag: "Response", statusCode: 200, durationMs: 8000 }, T0).status, "delivered")
    const slow = nextAfterAttempt(newDelivery(T0), { _tag: "Response", statusCode: 200, durationMs: 8001 }, T0)
    assert.strictEqual(slow.status, "pending")
    assert.strictEqual(slow.nextAttemptAt, T0 + MIN)
    const redirect = nextAfterAttempt(newDelivery(T0), { _tag: "Response", statusCode: 301, durationMs: 10 }, T0)
    assert.strictEqual(redirect.status, "pending")
    assert.strictEqual(redirect.lastError, "HTTP 301 (redirects are not followed)")
    assert.strictEqual(nextAfterAttempt(newDelivery(T0), { _tag: "Timeout" }, T0).lastError, "No answer within 8 s")
    assert.strictEqual(nextAfterAttempt(newDelivery(T0), { _tag: "NetworkError", message: "ECONNREFUSED" }, T0).lastStatusCode, null)
    assert.strictEqual(nextAfterAttempt(newDelivery(T0), { _tag: "Blocked", reason: "private address" }, T0).status, "pending")
  })

  it("succeeds on a later attempt", () => {
    let d = nextAfterAttempt(newDelivery(T0), fail500, T0)
    d = nextAfterAttempt(d, fail500, T0 + MIN)
    d = nextAfterAttempt(d, ok, T0 + 6 * MIN)
    assert.strictEqual(d.status, "delivered")
    assert.strictEqual(d.attempts, 3)
    assert.strictEqual(d.deliveredAt, T0 + 6 * MIN)
  })

  it("manual retry restarts the count: due now, then the waits start over", () => {
    let d: DeliveryState = newDelivery(T0)
    for (let i = 0; i < 8; i++) d = nextAfterAttempt(d, fail500, T0 + i)
    assert.strictEqual(d.status, "failed")
    const later = T0 + 3 * 24 * HOUR
    const retried = manualRetry(d, later)
    assert.strictEqual(retried.status, "pending")
    assert.strictEqual(retried.attempts, 0)
    assert.isTrue(isDue(retried, later))
    const afterFail = nextAfterAttempt(retried, fail500, later)
    assert.strictEqual(afterFail.attempts, 1)
    assert.strictEqual(afterFail.nextAttemptAt, later + MIN)
    assert.strictEqual(nextAfterAttempt(retried, ok, later).status, "delivered")
  })
})
