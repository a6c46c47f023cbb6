/**
 * Instants as the calendar engine takes them, without depending on Effect: epoch
 * milliseconds, a JS `Date`, or anything carrying `epochMilliseconds` (an Effect
 * `DateTime` is one, so `Instant` from `../shared/instant.ts` is accepted as it is).
 */

/** An instant: epoch milliseconds, a `Date`, or an object with `epochMilliseconds` (Effect `DateTime`). */
export type CalendarInstant = number | Date | { readonly epochMilliseconds: number }

/** Epoch milliseconds of an instant. */
export const epochMillisOf = (instant: CalendarInstant): number => {
  if (typeof instant === "number") return instant
  if (instant instanceof Date) return instant.getTime()
  return instant.epochMilliseconds
}
