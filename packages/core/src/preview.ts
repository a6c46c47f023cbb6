/**
 * `@quote/core/preview`: the offline cutoff preview, for the chatbot and any other
 * embedder (browsers, Node, Deno, Bun, edge workers).
 *
 *   import { cutoffPreview } from "@quote/core/preview"
 *   cutoffPreview({ operationDays: [1, 4], frequency: "weekly", cutoffDaysBefore: 1, cutoffTime: "17:00" },
 *     "2026-11-24T10:00:00-05:00")
 *
 * returns the spec's Cutoff status, exactly what `cli cutoff preview … --at … --json`
 * prints and what the server answers for that calendar at that instant: the same code
 * (`calendar/schedule-rules.ts`, `cutoff.ts`, `cutoff-status-json.ts`) computes all three.
 *
 * Everything reachable from here is plain TypeScript: no Effect runtime, no `Schema`, no
 * `node:` module, no phone metadata, so a browser bundle of it stays small
 * (`test/preview-bundle.test.ts` holds it to 30 KB gzip).
 */
import { epochMillisOf } from "./calendar/epoch-millis.ts"
import type { CutoffStatusJson } from "./calendar/cutoff-status-json.ts"
import { cutoffStatus } from "./calendar/cutoff-status-json.ts"
import { InvalidInstantError, malformedInstantMessage, parseIsoInstant } from "./calendar/iso-instant.ts"
import { checkUnknownSchedule, type UncheckedSchedule, UnusableScheduleError } from "./calendar/schedule-rules.ts"

export type { CutoffScheduleJson, CutoffStatusJson } from "./calendar/cutoff-status-json.ts"
export { InvalidInstantError } from "./calendar/iso-instant.ts"
export type { InvalidScheduleReason, UncheckedSchedule } from "./calendar/schedule-rules.ts"
export { UnusableScheduleError } from "./calendar/schedule-rules.ts"

/** When to evaluate: a `Date`, an ISO-8601 string (no offset = Bogota time) or epoch milliseconds. */
export type PreviewInstant = Date | string | number

const previewMillis = (at: PreviewInstant): number => {
  if (typeof at === "string") {
    const parsed = parseIsoInstant(at)
    if (parsed === undefined) throw new InvalidInstantError("at", malformedInstantMessage("at", at))
    return parsed
  }
  const ms = epochMillisOf(at)
  if (!Number.isFinite(ms)) throw new InvalidInstantError("at", `at must be a valid instant, got ${String(at)}`)
  return ms
}

/**
 * The Cutoff status of a route calendar at `at` (default: now).
 *
 * Throws `UnusableScheduleError` (`code: "INVALID_SCHEDULE"`, `reason` as in
 * docs/domain.md, `field`, and the server's message) for an unusable calendar, and
 * `InvalidInstantError` (`code: "VALIDATION_ERROR"`) for an unreadable `at`.
 */
export const cutoffPreview = (schedule: UncheckedSchedule, at: PreviewInstant = Date.now()): CutoffStatusJson => {
  const checked = checkUnknownSchedule(schedule)
  if (!checked.valid) throw new UnusableScheduleError(checked.problem)
  return cutoffStatus(checked.schedule, previewMillis(at))
}

/** The most days before the route date a window may close (`cutoffDaysBefore` is 0–13). */
const MAX_CUTOFF_DAYS_BEFORE = 13

/**
 * The largest `cutoffDaysBefore` with which this calendar — its other fields unchanged —
 * has a quotable window, or `undefined` when none has (a cutoff at 00:00 on a route that
 * operates every day). What to suggest for an `EMPTY_WINDOWS` calendar: the same rule as
 * `cutoffPreview` and the server, asked for each value.
 */
export const maxUsableCutoffDaysBefore = (schedule: UncheckedSchedule): number | undefined => {
  for (let days = MAX_CUTOFF_DAYS_BEFORE; days >= 0; days--) {
    if (checkUnknownSchedule({ ...schedule, cutoffDaysBefore: days }).valid) return days
  }
  return undefined
}
