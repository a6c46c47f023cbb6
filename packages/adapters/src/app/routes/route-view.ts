/**
 * The spec's Route resource (`Route` in `@quote/core/routes/views`) as read: the SQL
 * names the columns as the view's fields and reads text never stored as ""; the two
 * derived fields (`scheduleLabel`, `day`) are computed from the calendar on every read.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { firstDayName, scheduleLabel } from "@quote/core/calendar/label"
import { type Schedule, validateSchedule } from "@quote/core/calendar/schedule"
import type { InvalidSchedule } from "@quote/core/routes/errors"
import { Route } from "@quote/core/routes/views"

/**
 * `bounds` and `center` are free JSON, answered as stored: read as text so that the
 * client's camelCase renaming of result names never reaches their keys.
 */
const StoredJson = Schema.NullOr(Schema.fromJsonString(Schema.Unknown))

/** A route without its derived fields (the table's check constraint keeps ISO weekdays). */
export const StoredRoute = Route.mapFields(Struct.omit(["scheduleLabel", "day"])).mapFields(Struct.assign({
  operationDays: Schema.Array(Schema.Literals([1, 2, 3, 4, 5, 6, 7])),
  bounds: StoredJson,
  center: StoredJson
}))
export type StoredRoute = typeof StoredRoute.Type

/** `where`/`order by` are the caller's. */
export const routeSelect = `
  select r.id, r.name, coalesce(r.description, '') as description, r.operation_days, r.frequency,
         r.anchor_date, r.cutoff_days_before, r.cutoff_time, coalesce(r.city, '') as city,
         coalesce(r.quadrant_id, '') as quadrant_id, coalesce(r.quadrant_name, '') as quadrant_name,
         coalesce(r.map_zone, '') as map_zone, r.bounds::text as bounds, r.center::text as center,
         coalesce(r.street_from, '') as street_from, coalesce(r.street_to, '') as street_to,
         coalesce(r.carrera_from, '') as carrera_from, coalesce(r.carrera_to, '') as carrera_to,
         r.advisor_id, r.active
    from routes r`

export const toRoute = (route: StoredRoute): Route => ({
  ...route,
  scheduleLabel: scheduleLabel(route),
  day: firstDayName(route.operationDays)
})

/** The stored calendar as a validated `Schedule`; a failure means it has no quotable window. */
export const scheduleOf = (route: StoredRoute): Result.Result<Schedule, InvalidSchedule> => validateSchedule(route)
