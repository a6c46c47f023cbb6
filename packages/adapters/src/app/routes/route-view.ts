/**
 * A `routes` row and the spec's Route resource. `scheduleLabel` and the deprecated `day`
 * are derived from the calendar on every read (they are not stored, so a direct update
 * of the table can never leave them stale).
 */
import { Result, Schema } from "effect"
import { firstDayName, scheduleLabel } from "@quote/core/calendar/label"
import { Frequency, type Schedule, type ScheduleFields, validateSchedule } from "@quote/core/calendar/schedule"
import type { InvalidSchedule } from "@quote/core/errors/routes"

export const RouteRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  // The table's check constraint keeps these ISO weekdays.
  operation_days: Schema.Array(Schema.Literals([1, 2, 3, 4, 5, 6, 7])),
  frequency: Frequency,
  anchor_date: Schema.NullOr(Schema.String),
  cutoff_days_before: Schema.Number,
  cutoff_time: Schema.String,
  city: Schema.NullOr(Schema.String),
  quadrant_id: Schema.NullOr(Schema.String),
  quadrant_name: Schema.NullOr(Schema.String),
  map_zone: Schema.NullOr(Schema.String),
  bounds: Schema.Unknown,
  center: Schema.Unknown,
  street_from: Schema.NullOr(Schema.String),
  street_to: Schema.NullOr(Schema.String),
  carrera_from: Schema.NullOr(Schema.String),
  carrera_to: Schema.NullOr(Schema.String),
  advisor_id: Schema.NullOr(Schema.String),
  active: Schema.Boolean
})
export type RouteRow = typeof RouteRow.Type

export const routeColumns = `r.id, r.name, r.description, r.operation_days, r.frequency, r.anchor_date,
  r.cutoff_days_before, r.cutoff_time, r.city, r.quadrant_id, r.quadrant_name, r.map_zone, r.bounds,
  r.center, r.street_from, r.street_to, r.carrera_from, r.carrera_to, r.advisor_id, r.active`

/** The spec's Route resource. Text fields never stored read as "" (the spec types them string). */
export interface RouteView {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly operationDays: ReadonlyArray<number>
  readonly frequency: "weekly" | "biweekly"
  readonly anchorDate: string | null
  readonly cutoffDaysBefore: number
  readonly cutoffTime: string
  readonly scheduleLabel: string
  readonly day: string
  readonly city: string
  readonly quadrantId: string
  readonly quadrantName: string
  readonly mapZone: string
  readonly bounds: unknown
  readonly center: unknown
  readonly streetFrom: string
  readonly streetTo: string
  readonly carreraFrom: string
  readonly carreraTo: string
  readonly advisorId: string | null
  readonly active: boolean
}

const text = (value: string | null): string => value ?? ""

const scheduleFieldsOfRow = (row: RouteRow): ScheduleFields => ({
  operationDays: row.operation_days,
  frequency: row.frequency,
  anchorDate: row.anchor_date,
  cutoffDaysBefore: row.cutoff_days_before,
  cutoffTime: row.cutoff_time
})

export const toRouteView = (row: RouteRow): RouteView => ({
  id: row.id,
  name: row.name,
  description: text(row.description),
  operationDays: row.operation_days,
  frequency: row.frequency,
  anchorDate: row.anchor_date,
  cutoffDaysBefore: row.cutoff_days_before,
  cutoffTime: row.cutoff_time,
  scheduleLabel: scheduleLabel(scheduleFieldsOfRow(row)),
  day: firstDayName(row.operation_days),
  city: text(row.city),
  quadrantId: text(row.quadrant_id),
  quadrantName: text(row.quadrant_name),
  mapZone: text(row.map_zone),
  bounds: row.bounds,
  center: row.center,
  streetFrom: text(row.street_from),
  streetTo: text(row.street_to),
  carreraFrom: text(row.carrera_from),
  carreraTo: text(row.carrera_to),
  advisorId: row.advisor_id,
  active: row.active
})

/** The stored calendar as a validated `Schedule`; a failure means it has no quotable window. */
export const scheduleOfRow = (row: RouteRow): Result.Result<Schedule, InvalidSchedule> =>
  validateSchedule(scheduleFieldsOfRow(row))
