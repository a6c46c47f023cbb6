/**
 * A route's calendar as read from the `routes` row, turned into the core `Schedule` the
 * cutoff engine and the label run on.
 *
 * Validated schedules are memoized by their fields: every request for the same route
 * then shares one `Schedule` object, so the core's per-schedule caches (compiled
 * calendar, label) are hit instead of being rebuilt on each request.
 */
import { Result, Schema } from "effect"
import { labelOf } from "@quote/core/calendar/cutoff-status"
import { type Schedule, validateSchedule } from "@quote/core/calendar/schedule"

/** The calendar columns of a route, selected as `operation_days, frequency, anchor_date, cutoff_days_before, cutoff_time`. */
export const RouteCalendarColumns = {
  operation_days: Schema.NullOr(Schema.Array(Schema.Number)),
  frequency: Schema.NullOr(Schema.String),
  anchor_date: Schema.NullOr(Schema.String),
  cutoff_days_before: Schema.NullOr(Schema.Number),
  cutoff_time: Schema.NullOr(Schema.String)
}

export interface RouteCalendarRow {
  readonly operation_days: ReadonlyArray<number> | null
  readonly frequency: string | null
  readonly anchor_date: string | null
  readonly cutoff_days_before: number | null
  readonly cutoff_time: string | null
}

const MAX_MEMOIZED = 1000
const memo = new Map<string, Schedule | null>()

/**
 * The schedule of a route row; `null` when the stored calendar is unusable (possible
 * only through direct database edits, e.g. a calendar without any window): such a
 * route can never take a quotation, so callers treat it like a missing route.
 */
export const routeSchedule = (row: RouteCalendarRow): Schedule | null => {
  if (row.operation_days === null || row.frequency === null || row.cutoff_days_before === null || row.cutoff_time === null) {
    return null
  }
  const key = `${row.operation_days.join(",")}|${row.frequency}|${row.anchor_date}|${row.cutoff_days_before}|${row.cutoff_time}`
  const known = memo.get(key)
  if (known !== undefined) return known
  const validated = validateSchedule({
    operationDays: row.operation_days,
    frequency: row.frequency,
    anchorDate: row.anchor_date,
    cutoffDaysBefore: row.cutoff_days_before,
    cutoffTime: row.cutoff_time
  })
  const schedule = Result.isSuccess(validated) ? validated.success : null
  if (memo.size >= MAX_MEMOIZED) memo.clear()
  memo.set(key, schedule)
  return schedule
}

/** The route's human-readable `scheduleLabel`, or `null` for an unusable calendar. */
export const routeLabel = (row: RouteCalendarRow): string | null => {
  const schedule = routeSchedule(row)
  return schedule === null ? null : labelOf(schedule)
}
