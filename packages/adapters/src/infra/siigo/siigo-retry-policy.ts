/**
 * When and how long the Siigo adapter waits before trying a call again. Siigo sends
 * no `Retry-After` on 429 `requests_limit`, only a message "… Try again in N seconds",
 * and advises exponential backoff. Sleeps go through `Effect.sleep` and jitter through
 * `Random`, so `TestClock` and a seeded `Random` drive them in tests.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Random from "effect/Random"

export interface SiigoRetryPolicy {
  /** Retries after 429 `requests_limit` (any method: Siigo did not process the call). */
  readonly maxRateLimitRetries: number
  /** Retries of idempotent calls (GET, PUT, /auth) after 5xx, time-outs and broken connections. */
  readonly maxTransientRetries: number
  readonly backoffBase: Duration.Duration
  readonly backoffMax: Duration.Duration
}

export const defaultRetryPolicy: SiigoRetryPolicy = {
  maxRateLimitRetries: 8,
  maxTransientRetries: 2,
  backoffBase: Duration.seconds(1),
  backoffMax: Duration.seconds(60)
}

const tryAgainIn = /try again in\s+(\d+(?:\.\d+)?)\s*s/i

/** The wait Siigo asks for in its 429 message, if any. */
export const retryHint = (messages: ReadonlyArray<string>): Option.Option<Duration.Duration> => {
  for (const message of messages) {
    const match = tryAgainIn.exec(message)
    if (match?.[1] !== undefined) return Option.some(Duration.seconds(Number(match[1])))
  }
  return Option.none()
}

/**
 * The wait before retry number `retry` (1-based): exponential backoff with "equal
 * jitter" (half fixed, half random) capped at `backoffMax`, and never shorter than
 * Siigo's hint plus a random fraction of a second (so that clients told the same N do
 * not all come back at the same instant).
 */
export const backoffDelay = (
  policy: SiigoRetryPolicy,
  retry: number,
  hint: Option.Option<Duration.Duration>
): Effect.Effect<Duration.Duration> =>
  Effect.gen(function*() {
    const exponential = Math.min(
      Duration.toMillis(policy.backoffMax),
      Duration.toMillis(policy.backoffBase) * 2 ** Math.max(0, retry - 1)
    )
    const jittered = exponential / 2 + (yield* Random.next) * exponential / 2
    const spread = (yield* Random.next) * 250
    const hinted = Option.match(hint, {
      onNone: () => 0,
      onSome: (wait) => Duration.toMillis(wait) + spread
    })
    return Duration.millis(Math.round(Math.max(jittered, hinted)))
  })
