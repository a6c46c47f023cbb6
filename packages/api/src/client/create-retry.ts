/**
 * When `createQuotation` tries again. Only where the order may not have been taken — the
 * request never got an answer (network failure) or the server failed (5xx) — and always
 * with the same `Idempotency-Key`, so a retry of an order the server did take replays it
 * (200, `replayed: true`) instead of creating a second one.
 */
export interface RetryPolicy {
  /** Tries after the first; default 3. */
  readonly retries: number
  /** Wait before the first retry, doubled before each next one; default 250 ms. */
  readonly initialDelayMs: number
}

export const defaultRetryPolicy: RetryPolicy = { retries: 3, initialDelayMs: 250 }

/** An outcome worth another try: no answer, or a server failure. */
export const isRetryable = (outcome: { readonly status: number } | { readonly failure: unknown }): boolean =>
  "failure" in outcome || outcome.status >= 500

/** The wait before retry number `retry` (1-based). */
export const retryDelayMs = (policy: RetryPolicy, retry: number): number => policy.initialDelayMs * 2 ** (retry - 1)
