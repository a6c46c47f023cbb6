/**
 * Per-key rate limits (docs/api-keys.md, "Rate limits"): every API key may make a number
 * of requests per minute, its own `rateLimitPerMinute` or the deployment's default
 * (`API_KEY_RATE_LIMIT_PER_MINUTE`). Windows are fixed minutes of the clock (UTC), shared
 * by every instance: the count lives in the database, each instance adding what it let
 * through in batches (`packages/http/src/rate-limit/`). This module is the arithmetic: the
 * window of an instant, when a batch must be reported, and the header values of
 * draft-ietf-httpapi-ratelimit-headers (`RateLimit-Policy`, `RateLimit`).
 */

export const DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE = 600
export const MAX_RATE_LIMIT_PER_MINUTE = 1_000_000
export const RATE_LIMIT_WINDOW_SECONDS = 60
const WINDOW_MS = RATE_LIMIT_WINDOW_SECONDS * 1000

/** The policy's name in the headers. */
export const RATE_LIMIT_POLICY_NAME = "api-key"

/** The window an instant falls in: minutes since the epoch. */
export const windowOf = (nowMs: number): number => Math.floor(nowMs / WINDOW_MS)

/** Whole seconds until the window of `nowMs` ends (at least 1). */
export const secondsToWindowEnd = (nowMs: number): number =>
  Math.max(1, Math.ceil(((windowOf(nowMs) + 1) * WINDOW_MS - nowMs) / 1000))

/** The limit that applies to a key: its own, else the default. */
export const effectiveLimit = (own: number | null, defaultLimit: number): number => own ?? defaultLimit

/**
 * How many requests an instance may let through on its own before it reports them and
 * reads the shared count again: a sixteenth of what the window has left as last seen
 * (at least 1). Far from the limit an instance reports rarely; near it, every request. So
 * instances that all report late overshoot by at most their number over 16 of the
 * remainder, within 10 % of the limit for up to a dozen instances (docs/api-keys.md).
 */
export const reportEvery = (limit: number, seenTotal: number): number =>
  Math.max(1, Math.floor((limit - seenTotal) / 16))

/** `RateLimit-Policy`: the quota and the window, in seconds. */
export const rateLimitPolicyHeader = (limit: number): string =>
  `"${RATE_LIMIT_POLICY_NAME}";q=${limit};w=${RATE_LIMIT_WINDOW_SECONDS}`

/** `RateLimit`: what is left of the quota and the seconds until it is whole again. */
export const rateLimitHeader = (remaining: number, resetSeconds: number): string =>
  `"${RATE_LIMIT_POLICY_NAME}";r=${Math.max(0, remaining)};t=${resetSeconds}`
