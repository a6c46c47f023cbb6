/**
 * The `datetime-local` inputs of the console speak Bogotá's wall time (UTC−5 all year:
 * Colombia has no daylight saving), whatever the browser's zone.
 */
const bogotaOffsetMs = -5 * 60 * 60 * 1000

/** An instant as the `YYYY-MM-DDTHH:mm` a datetime-local input shows, in Bogotá. */
export const toBogotaInput = (at: number): string => new Date(at + bogotaOffsetMs).toISOString().slice(0, 16)

/** A datetime-local value read as Bogotá's time, as an ISO instant; undefined when it is not one. */
export const fromBogotaInput = (value: string): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined
  const at = Date.parse(`${value}:00-05:00`)
  return Number.isNaN(at) ? undefined : new Date(at).toISOString()
}
