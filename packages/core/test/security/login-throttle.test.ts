/** The throttling decision: blocked while `maxFailures` failures lie in the window, released as they age out. */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { accountKey, combineDecisions, throttleDecision } from "../../src/security/login-throttle.ts"

const minute = 60_000
const limit = { maxFailures: 10, windowMillis: 15 * minute }
const now = 1_000_000_000

describe("throttleDecision", () => {
  it("allows below the limit and blocks at it, until the limit-th newest failure leaves the window", () => {
    const nine = Array.from({ length: 9 }, (_, i) => now - i * minute)
    assert.deepStrictEqual(throttleDecision(nine, limit, now), { _tag: "Allowed" })
    const ten = Array.from({ length: 10 }, (_, i) => now - i * minute)
    // The 10th newest failed 9 minutes ago: it leaves the window in 6 minutes.
    assert.deepStrictEqual(throttleDecision(ten, limit, now), { _tag: "Throttled", retryAfterSeconds: 6 * 60 })
    assert.deepStrictEqual(throttleDecision(ten, limit, now + 6 * minute), { _tag: "Allowed" })
  })

  it("ignores failures older than the window", () => {
    const old = Array.from({ length: 20 }, (_, i) => now - 15 * minute - i)
    assert.deepStrictEqual(throttleDecision(old, limit, now), { _tag: "Allowed" })
  })

  it("property: a throttled caller is allowed exactly when Retry-After has passed", () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: 30 * minute }), { maxLength: 30 }),
      fc.integer({ min: 1, max: 12 }),
      (agesMillis, maxFailures) => {
        const failures = agesMillis.map((age) => now - age).sort((a, b) => b - a)
        const rule = { maxFailures, windowMillis: limit.windowMillis }
        const decision = throttleDecision(failures, rule, now)
        const inWindow = failures.filter((at) => at > now - rule.windowMillis).length
        assert.strictEqual(decision._tag === "Throttled", inWindow >= maxFailures)
        if (decision._tag === "Throttled") {
          assert.isAtLeast(decision.retryAfterSeconds, 1)
          const after = now + decision.retryAfterSeconds * 1000
          assert.strictEqual(throttleDecision(failures, rule, after)._tag, "Allowed")
          if (decision.retryAfterSeconds > 1) {
            assert.strictEqual(throttleDecision(failures, rule, after - 1000)._tag, "Throttled")
          }
        }
      }
    ))
  })
})

describe("combineDecisions", () => {
  it("the longer wait wins", () => {
    const a = { _tag: "Throttled", retryAfterSeconds: 5 } as const
    const b = { _tag: "Throttled", retryAfterSeconds: 50 } as const
    assert.deepStrictEqual(combineDecisions(a, b), b)
    assert.deepStrictEqual(combineDecisions({ _tag: "Allowed" }, a), a)
    assert.deepStrictEqual(combineDecisions(b, { _tag: "Allowed" }), b)
    assert.deepStrictEqual(combineDecisions({ _tag: "Allowed" }, { _tag: "Allowed" }), { _tag: "Allowed" })
  })
})

describe("accountKey", () => {
  it("counts an e-mail regardless of case and surrounding blanks", () => {
    assert.strictEqual(accountKey("  Admin@Example.COM "), "admin@example.com")
  })
})
