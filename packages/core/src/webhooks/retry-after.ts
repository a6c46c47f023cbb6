/**
 * A receiver that asks for time (`429 Too Many Requests` or `503 Service Unavailable` with
 * `Retry-After`, RFC 9110 §10.2.3: delay seconds or an HTTP date) gets it: the next
 * attempt moves to no sooner than what it asked, but never sooner than the retry table's
 * wait and never more than 24 h after the attempt (a receiver cannot park a delivery
 * beyond the table's longest wait). Other statuses and unparseable values change nothing.
 */
export const RETRY_AFTER_STATUSES: ReadonlyArray<number> = [429, 503]
/** The longest delay a `Retry-After` can impose, counted from the attempt. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000

/** Milliseconds from `now` the header asks to wait; `undefined` when absent or malformed (a past date is 0). */
export const parseRetryAfter = (value: string | undefined, now: number): number | undefined => {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // An HTTP date names a weekday and the GMT zone (IMF-fixdate and the two obsolete forms).
  if (!/^[A-Za-z]{3,9},? .*\d{2}:\d{2}:\d{2}/.test(text)) return undefined
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/**
 * When the next attempt is due: the table's `scheduledAt`, or later if the receiver
 * answered `statusCode` with `Retry-After` (capped at 24 h after `attemptAt`).
 */
export const nextAttemptHonouringRetryAfter = (
  scheduledAt: number,
  attemptAt: number,
  statusCode: number | null,
  retryAfter: string | undefined
): number => {
  if (statusCode === null || !RETRY_AFTER_STATUSES.includes(statusCode)) return scheduledAt
  const asked = parseRetryAfter(retryAfter, attemptAt)
  if (asked === undefined) return scheduledAt
  return Math.max(scheduledAt, attemptAt + Math.min(asked, MAX_RETRY_AFTER_MS))
}
