/** Retry-After on 429/503: never sooner than the table, never more than 24 h after the attempt. */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { MAX_RETRY_AFTER_MS, nextAttemptHonouringRetryAfter, parseRetryAfter } from "../../src/webhooks/retry-after.ts"

const now = Date.UTC(2026, 10, 22, 12, 0, 0)

describe("Retry-After", () => {
  it("parses delay seconds and HTTP dates (all three forms); rejects the rest", () => {
    assert.strictEqual(parseRetryAfter("600", now), 600_000)
    assert.strictEqual(parseRetryAfter(" 0 ", now), 0)
    assert.strictEqual(parseRetryAfter("Sun, 22 Nov 2026 12:10:00 GMT", now), 600_000)
    assert.strictEqual(parseRetryAfter("Sunday, 22-Nov-26 12:10:00 GMT", now), 600_000)
    assert.strictEqual(parseRetryAfter("Sun Nov 22 12:10:00 2026", now), 600_000)
    assert.strictEqual(parseRetryAfter("Sun, 22 Nov 2026 11:00:00 GMT", now), 0)
    for (const bad of [undefined, "", "-5", "1.5", "soon", "2026-11-22T12:10:00Z"]) {
      assert.isUndefined(parseRetryAfter(bad, now), String(bad))
    }
  })

  it("429 and 503 move the next attempt to what was asked; other statuses do not", () => {
    assert.strictEqual(nextAttemptHonouringRetryAfter(now + 60_000, now, 429, "600"), now + 600_000)
    assert.strictEqual(nextAttemptHonouringRetryAfter(now + 60_000, now, 503, "Sun, 22 Nov 2026 12:10:00 GMT"), now + 600_000)
    assert.strictEqual(nextAttemptHonouringRetryAfter(now + 60_000, now, 500, "600"), now + 60_000)
    assert.strictEqual(nextAttemptHonouringRetryAfter(now + 60_000, now, null, "600"), now + 60_000)
    assert.strictEqual(nextAttemptHonouringRetryAfter(now + 60_000, now, 429, "nonsense"), now + 60_000)
  })

  it("never sooner than the schedule, never later than 24 h after the attempt (unless the schedule is)", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 48 * 3600 * 1000 }),
      fc.integer({ min: 0, max: 10 * 24 * 3600 }),
      fc.constantFrom(429, 503),
      (wait, seconds, status) => {
        const next = nextAttemptHonouringRetryAfter(now + wait, now, status, String(seconds))
        assert.isTrue(next >= now + wait)
        assert.isTrue(next >= now + Math.min(seconds * 1000, MAX_RETRY_AFTER_MS))
        assert.isTrue(next <= Math.max(now + wait, now + MAX_RETRY_AFTER_MS))
      }
    ))
  })
})
