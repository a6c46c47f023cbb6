/**
 * ISO-8601 instants as people type them for a cutoff preview (`cli cutoff preview --at`,
 * `cutoffPreview(schedule, at)`): with `Z` or an offset the instant is taken as is;
 * without one it is read as Bogota wall-clock time (`2026-11-26T16:59` = 4:59 p. m. in
 * Bogota); a bare date means 00:00 Bogota of that day.
 */
import { bogota } from "./bogota-time.ts"
import { parseEpochDay } from "./civil-date.ts"

const ISO_INSTANT =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i

/** Epoch ms of an ISO-8601 instant (see the module doc), or `undefined` when malformed. */
export const parseIsoInstant = (text: string): number | undefined => {
  const match = ISO_INSTANT.exec(text.trim())
  if (match === null) return undefined
  const [, date = "", hh = "00", mm = "00", ss = "00", fraction = "", zone] = match
  // Date.parse would roll 2026-02-30 over into March; insist on a real date.
  if (parseEpochDay(date) === undefined || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined
  const base = `${date}T${hh}:${mm}:${ss}.${(fraction + "000").slice(0, 3)}`
  if (zone !== undefined) {
    const offset = zone.toUpperCase() === "Z" ? "Z" : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone
    const ms = Date.parse(`${base}${offset}`)
    return Number.isNaN(ms) ? undefined : ms
  }
  const wallAsUtc = Date.parse(`${base}Z`)
  return Number.isNaN(wallAsUtc) ? undefined : bogota.instantFromWall(wallAsUtc)
}

/** The message for an instant `parseIsoInstant` refuses (the CLI prints it after `VALIDATION_ERROR: `). */
export const malformedInstantMessage = (what: string, text: string): string =>
  `${what} must be an ISO-8601 instant such as 2026-11-26T17:00:00-05:00, got "${text}"`

/** An instant that cannot be read; `code` is the spec's `VALIDATION_ERROR`. */
export class InvalidInstantError extends Error {
  readonly code = "VALIDATION_ERROR"
  readonly field: string

  constructor(field: string, message: string) {
    super(message)
    this.name = "InvalidInstantError"
    this.field = field
  }
}
