/**
 * Webhook delivery state machine (spec "States and transitions → Webhook delivery").
 *
 * - A delivery starts `pending` with 0 attempts, due immediately (attempt 1 happens
 *   when the change happens).
 * - An attempt succeeds iff the receiver answers 2xx within 8 s (duration ≤ 8000 ms).
 *   Redirects (3xx) are failures and are not followed.
 * - After failed attempt n < 8 the next attempt is due `RETRY_WAITS_MS[n]` later:
 *   before attempt 2: 1 min, 3: 5 min, 4: 30 min, 5: 2 h, 6: 6 h, 7: 12 h, 8: 24 h.
 * - After attempt 8 fails the delivery is `failed` (no automatic retries).
 * - A manual retry (admin) restarts the count: the delivery becomes pending with 0
 *   attempts, due now; the next attempt is attempt 1 and its outcome decides the state.
 *
 * All functions are pure; `now` is passed in (the adapter reads it from `Clock`).
 */
import { type Instant, toEpochMillis } from "../shared/instant.ts"

export type DeliveryStatus = "pending" | "delivered" | "failed"

export const MAX_DELIVERY_ATTEMPTS = 8
/** Receiver time-out: a 2xx after this counts as a failure. */
export const DELIVERY_TIMEOUT_MS = 8_000

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * `RETRY_WAITS_MS[k]` = wait before attempt k + 1 (index 0: attempt 1, immediate).
 * Total span ≈ 2 days (spec "Up to 8 over about 2 days").
 */
export const RETRY_WAITS_MS: ReadonlyArray<number> = [
  0,
  1 * MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR
]

/** Wait before attempt `attempt` (1-based); undefined past the last attempt. */
export const waitBeforeAttempt = (attempt: number): number | undefined => RETRY_WAITS_MS[attempt - 1]

export interface DeliveryState {
  readonly status: DeliveryStatus
  readonly attempts: number
  /** Epoch ms when the next attempt is due; null when none will happen. */
  readonly nextAttemptAt: number | null
  readonly lastAttemptAt: number | null
  readonly deliveredAt: number | null
  readonly lastStatusCode: number | null
  readonly lastError: string | null
}

/** What happened on one attempt (as observed by the transport adapter). */
export type AttemptOutcome =
  | {
    readonly _tag: "Response"
    readonly statusCode: number
    readonly durationMs: number
    /** The answer's `Retry-After` header, if any (honoured on 429 and 503: `webhooks/retry-after.ts`). */
    readonly retryAfter?: string | undefined
  }
  | { readonly _tag: "Timeout" }
  | { readonly _tag: "NetworkError"; readonly message: string }
  /** Target refused before sending (e.g. it now resolves to a private address). */
  | { readonly _tag: "Blocked"; readonly reason: string }

export const isSuccessfulOutcome = (outcome: AttemptOutcome): boolean =>
  outcome._tag === "Response" && outcome.statusCode >= 200 && outcome.statusCode <= 299 &&
  outcome.durationMs <= DELIVERY_TIMEOUT_MS

const describeFailure = (outcome: AttemptOutcome): string => {
  switch (outcome._tag) {
    case "Response":
      if (outcome.statusCode >= 200 && outcome.statusCode <= 299) {
        return `HTTP ${outcome.statusCode} after ${outcome.durationMs} ms (over the ${DELIVERY_TIMEOUT_MS / 1000} s limit)`
      }
      return outcome.statusCode >= 300 && outcome.statusCode <= 399
        ? `HTTP ${outcome.statusCode} (redirects are not followed)`
        : `HTTP ${outcome.statusCode}`
    case "Timeout":
      return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
    case "NetworkError":
      return `Connection error: ${outcome.message}`
    case "Blocked":
      return `Target refused: ${outcome.reason}`
  }
}

/** A new delivery, due now. */
export const newDelivery = (now: Instant): DeliveryState => ({
  status: "pending",
  attempts: 0,
  nextAttemptAt: toEpochMillis(now),
  lastAttemptAt: null,
  deliveredAt: null,
  lastStatusCode: null,
  lastError: null
})

/** Whether an attempt should be made now. */
export const isDue = (delivery: DeliveryState, now: Instant): boolean =>
  delivery.status === "pending" && delivery.nextAttemptAt !== null && delivery.nextAttemptAt <= toEpochMillis(now)

/** State after an attempt made at `now` ended with `outcome`. */
export const nextAfterAttempt = (delivery: DeliveryState, outcome: AttemptOutcome, now: Instant): DeliveryState => {
  const at = toEpochMillis(now)
  const attempts = delivery.attempts + 1
  const lastStatusCode = outcome._tag === "Response" ? outcome.statusCode : null
  if (isSuccessfulOutcome(outcome)) {
    return { status: "delivered", attempts, nextAttemptAt: null, lastAttemptAt: at, deliveredAt: at, lastStatusCode, lastError: null }
  }
  const wait = attempts < MAX_DELIVERY_ATTEMPTS ? waitBeforeAttempt(attempts + 1) : undefined
  return {
    status: wait === undefined ? "failed" : "pending",
    attempts,
    nextAttemptAt: wait === undefined ? null : at + wait,
    lastAttemptAt: at,
    deliveredAt: delivery.deliveredAt,
    lastStatusCode,
    lastError: describeFailure(outcome)
  }
}

/** Admin retry: restart the count; the new attempt (attempt 1) is due now. */
export const manualRetry = (delivery: DeliveryState, now: Instant): DeliveryState => ({
  ...delivery,
  status: "pending",
  attempts: 0,
  nextAttemptAt: toEpochMillis(now)
})
