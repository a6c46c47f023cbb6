/**
 * Instants accepted by the pure domain functions.
 *
 * Callers hold time in different forms (an Effect `DateTime` from `Clock`, a `Date`
 * from a database driver, epoch milliseconds in hot loops); the domain converts once,
 * at its edge, to epoch milliseconds.
 */
import * as DateTime from "effect/DateTime"

/** An instant: Effect `DateTime`, JS `Date`, or epoch milliseconds. */
export type Instant = DateTime.DateTime | Date | number

/** Epoch milliseconds of an instant. */
export const toEpochMillis = (instant: Instant): number => {
  if (typeof instant === "number") return instant
  if (instant instanceof Date) return instant.getTime()
  return DateTime.toEpochMillis(instant)
}

/** Epoch milliseconds of a nullable instant (`null`/`undefined` stay `null`). */
export const toEpochMillisOrNull = (instant: Instant | null | undefined): number | null =>
  instant === null || instant === undefined ? null : toEpochMillis(instant)
