/**
 * When a failed e-mail is tried again. The waits follow the webhook retry table (spec
 * "Webhook delivery"), so an operator reads one policy for both: up to 8 attempts over
 * about two days, after which the row is `failed` (kept, with its last error).
 */
import { Duration, Option } from "effect"

export const emailMaxAttempts = 8

/** Wait after failed attempt n (index n − 1). */
const waits: ReadonlyArray<Duration.Duration> = [
  Duration.minutes(1),
  Duration.minutes(5),
  Duration.minutes(30),
  Duration.hours(2),
  Duration.hours(6),
  Duration.hours(12),
  Duration.hours(24)
]

/** After `attempts` failed attempts: the wait before the next one, or `None` when the row is spent. */
export const nextEmailAttempt = (attempts: number): Option.Option<Duration.Duration> =>
  attempts >= emailMaxAttempts ? Option.none() : Option.some(waits[Math.min(Math.max(attempts, 1), waits.length) - 1]!)
