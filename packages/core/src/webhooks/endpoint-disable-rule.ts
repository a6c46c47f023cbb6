/**
 * When the service switches a receiver off by itself (issue #16):
 *
 * - `gone`: it answered `410 Gone`, its way of saying the endpoint no longer exists;
 * - `failing`: every attempt has failed for `afterDays` days in a row, counted from the
 *   first failure after its last success (`failingSince`) to a failure recorded now.
 *
 * Either way it becomes inactive with the reason and the instant; `PATCH active: true`
 * clears both.
 */
export type DisabledReason = "gone" | "failing"

export const DEFAULT_DISABLE_AFTER_DAYS = 5
const DAY_MS = 24 * 60 * 60 * 1000

/** A `410 Gone` answer disables at once. */
export const isGoneAnswer = (statusCode: number | null): boolean => statusCode === 410

/** Whether a failure recorded at `now` completes `afterDays` days of failures since `failingSince`. */
export const failedLongEnough = (failingSince: number | null, now: number, afterDays: number): boolean =>
  failingSince !== null && now - failingSince >= afterDays * DAY_MS
