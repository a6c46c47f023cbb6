/**
 * A route's calendar as the database holds it (the `routes` columns, each nullable as a
 * left join reads them), turned into the `Schedule` the cutoff engine and the label run
 * on. Quotation creation, the cutoff endpoint and the phone lookup read routes this way.
 *
 * Validated schedules are memoized by their fields: every request for the same route
 * then shares one `Schedule` object, so the per-schedule caches (compiled calendar,
 * label) are hit instead of being rebuilt on each request.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { labelOf } from "./cutoff-status.ts"
import { type Schedule, validateSchedule } from "./schedule.ts"

/** The calendar fields of a route row (`operation_days, frequency, anchor_date, cutoff_days_before, cutoff_time`). */
export const RouteCalendarFields = {
  operationDays: Schema.NullOr(Schema.Array(Schema.Number)),
  frequency: Schema.NullOr(Schema.String),
  anchorDate: Schema.NullOr(Schema.String),
  cutoffDaysBefore: Schema.NullOr(Schema.Number),
  cutoffTime: Schema.NullOr(Schema.String)
}

export interface RouteCalendar {
  readonly operationDays: ReadonlyArray<number> | null
  readonly frequency: string | null
  readonly anchorDate: string | null
  readonly cutoffDaysBefore: number | null
  readonly cutoffTime: string | null
}

const MAX_MEMOIZED = 1000
const memo = new Map<string, Schedule | null>()

/**
 * The schedule of a stored calendar; `null` when it is unusable (possible only through
 * direct database edits, e.g. a calendar without any window): such a route can never
 * take a quotation, so callers treat it like a missing route.
 */
export const routeSchedule = (calendar: RouteCalendar): Schedule | null => {
  const { anchorDate, cutoffDaysBefore, cutoffTime, frequency, operationDays } = calendar
  if (operationDays === null || frequency === null || cutoffDaysBefore === null || cutoffTime === null) return null
  const key = `${operationDays.join(",")}|${frequency}|${anchorDate}|${cutoffDaysBefore}|${cutoffTime}`
  const known = memo.get(key)
  if (known !== undefined) return known
  const validated = validateSchedule({ operationDays, frequency, anchorDate, cutoffDaysBefore, cutoffTime })
  const schedule = Result.isSuccess(validated) ? validated.success : null
  if (memo.size >= MAX_MEMOIZED) memo.clear()
  memo.set(key, schedule)
  return schedule
}

/** The route's human-readable `scheduleLabel`, or `null` for an unusable calendar. */
export const routeLabel = (calendar: RouteCalendar): string | null => {
  const schedule = routeSchedule(calendar)
  return schedule === null ? null : labelOf(schedule)
}
