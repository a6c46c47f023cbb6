/**
 * The login throttling decision (docs/security.md): an account or a client address with
 * `maxFailures` failed logins inside the sliding window is refused until enough of those
 * failures have aged out of it. Failures are the only input: a throttled attempt is not a
 * failure (it compares no password), so waiting out `retryAfter` always lifts the block.
 */

export interface ThrottleLimit {
  /** Failures inside the window that block further attempts. */
  readonly maxFailures: number
  readonly windowMillis: number
}

export type ThrottleDecision =
  | { readonly _tag: "Allowed" }
  | { readonly _tag: "Throttled"; readonly retryAfterSeconds: number }

export const allowed: ThrottleDecision = { _tag: "Allowed" }

/**
 * Decides from the instants (epoch milliseconds) of the most recent failures, newest
 * first; only the first `maxFailures` matter. Blocked while `maxFailures` of them lie in
 * the window, that is until the `maxFailures`-th newest leaves it.
 */
export const throttleDecision = (
  recentFailuresNewestFirst: ReadonlyArray<number>,
  limit: ThrottleLimit,
  now: number
): ThrottleDecision => {
  const inWindow = recentFailuresNewestFirst.filter((at) => at > now - limit.windowMillis && at <= now)
  if (inWindow.length < limit.maxFailures) return allowed
  const releasedAt = inWindow[limit.maxFailures - 1] + limit.windowMillis
  return { _tag: "Throttled", retryAfterSeconds: Math.max(1, Math.ceil((releasedAt - now) / 1000)) }
}

/** Both limits at once: the longer wait wins. */
export const combineDecisions = (first: ThrottleDecision, second: ThrottleDecision): ThrottleDecision =>
  first._tag === "Allowed"
    ? second
    : second._tag === "Allowed"
    ? first
    : { _tag: "Throttled", retryAfterSeconds: Math.max(first.retryAfterSeconds, second.retryAfterSeconds) }

/** The key an account's failures are counted under: the e-mail as the unique index compares it. */
export const accountKey = (email: string): string => email.trim().toLowerCase()
