/** The backoff arithmetic and the reading of Siigo's "Try again in N seconds". */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Option, Random } from "effect"
import { backoffDelay, defaultRetryPolicy, retryHint } from "../../../src/infra/siigo/siigo-retry-policy.ts"
import { renewAt } from "../../../src/infra/siigo/siigo-token-cache.ts"

describe("Siigo retry policy", () => {
  it("reads the wait from Siigo's 429 message", () => {
    assert.deepStrictEqual(
      retryHint(["The limit of requests per minute has been exceeded. Try again in 37 seconds."]),
      Option.some(Duration.seconds(37))
    )
    assert.deepStrictEqual(retryHint(["try again in 1.5 sec"]), Option.some(Duration.seconds(1.5)))
    assert.isTrue(Option.isNone(retryHint(["Too many requests", ""])))
  })

  it.effect("backs off exponentially with jitter, capped, and never below the hint", () =>
    Effect.gen(function*() {
      for (let retry = 1; retry <= 10; retry++) {
        const step = Math.min(60_000, 1_000 * 2 ** (retry - 1))
        const wait = Duration.toMillis(yield* backoffDelay(defaultRetryPolicy, retry, Option.none()))
        assert.isAtLeast(wait, step / 2)
        assert.isAtMost(wait, step)
      }
      const hinted = Duration.toMillis(yield* backoffDelay(defaultRetryPolicy, 1, Option.some(Duration.seconds(45))))
      assert.isAtLeast(hinted, 45_000)
      assert.isAtMost(hinted, 45_250)
    }).pipe(Random.withSeed(7)))

  it("renews a token ten minutes early, or a tenth of a short lifetime", () => {
    assert.strictEqual(renewAt(0, 86_400_000, Duration.minutes(10)), 86_400_000 - 600_000)
    assert.strictEqual(renewAt(1_000, 60_000, Duration.minutes(10)), 1_000 + 54_000)
  })
})
