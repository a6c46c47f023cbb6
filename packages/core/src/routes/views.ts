/**
 * The spec's Route resource, the client's Cutoff status ("Routes") and what creates and
 * changes a route: declared once, used as the services' types and the endpoints'
 * schemas.
 */
import * as Schema from "effect/Schema"
import { CutoffStatus } from "../calendar/cutoff-status.ts"
import { Frequency } from "../calendar/schedule.ts"
import { BranchId, RouteId, UserId } from "../shared/ids.ts"
import { NonBlankString, OptionalText } from "../shared/fields.ts"

/**
 * Text never stored reads as "" (the spec types it string). `scheduleLabel` and the
 * deprecated `day` are derived from the calendar on every read (never stored, so a
 * direct update of the table cannot leave them stale).
 */
export const Route = Schema.Struct({
  id: RouteId,
  name: Schema.String,
  description: Schema.String,
  operationDays: Schema.Array(Schema.Int),
  frequency: Frequency,
  anchorDate: Schema.NullOr(Schema.String),
  cutoffDaysBefore: Schema.Int,
  cutoffTime: Schema.String,
  scheduleLabel: Schema.String,
  day: Schema.String.annotate({ description: "Deprecated: name of the first operating day; use operationDays" }),
  city: Schema.String,
  quadrantId: Schema.String,
  quadrantName: Schema.String,
  mapZone: Schema.String,
  bounds: Schema.Unknown,
  center: Schema.Unknown,
  streetFrom: Schema.String,
  streetTo: Schema.String,
  carreraFrom: Schema.String,
  carreraTo: Schema.String,
  advisorId: Schema.NullOr(UserId),
  active: Schema.Boolean
}).annotate({ identifier: "Route" })
export type Route = typeof Route.Type

/** `GET /api/routes/me/cutoff`: the spec's Cutoff status with the route and branch it is of. */
export const ClientCutoffStatus = Schema.Struct({
  ...CutoffStatus.fields,
  route: Schema.NullOr(Schema.Struct({ id: RouteId, name: Schema.String })),
  branch: Schema.NullOr(Schema.Struct({ id: BranchId, name: Schema.String }))
}).annotate({ identifier: "ClientCutoffStatus" })
export type ClientCutoffStatus = typeof ClientCutoffStatus.Type

// Calendar fields carry only their JSON types here: every calendar rule (day range,
// frequency, anchor, cutoff range, time format, quotable windows) is core's
// `validateSchedule`, reported as 400 INVALID_SCHEDULE with its reason.
const OperationDays = Schema.Array(Schema.Finite).annotate({
  description: "ISO weekdays, 1 = Monday … 7 = Sunday; at least one"
})
const FrequencyText = Schema.String.annotate({ description: "`weekly` or `biweekly`" })
const AnchorDate = Schema.NullOr(Schema.String).annotate({
  description: "Biweekly only: YYYY-MM-DD on an operating day, in a week when the route operates"
})
const CutoffDaysBefore = Schema.Finite.annotate({ description: "Integer 0–13: days before the route date reception closes" })
const CutoffTime = Schema.String.annotate({ description: "HH:MM, America/Bogota" })

/** Route fields outside the calendar; `null` clears an optional one. */
const routeDetails = {
  description: Schema.optionalKey(Schema.NullOr(OptionalText)),
  city: Schema.optionalKey(Schema.NullOr(OptionalText)),
  quadrantId: Schema.optionalKey(Schema.NullOr(OptionalText)),
  quadrantName: Schema.optionalKey(Schema.NullOr(OptionalText)),
  mapZone: Schema.optionalKey(Schema.NullOr(OptionalText)),
  bounds: Schema.optionalKey(Schema.Unknown),
  center: Schema.optionalKey(Schema.Unknown),
  streetFrom: Schema.optionalKey(Schema.NullOr(OptionalText)),
  streetTo: Schema.optionalKey(Schema.NullOr(OptionalText)),
  carreraFrom: Schema.optionalKey(Schema.NullOr(OptionalText)),
  carreraTo: Schema.optionalKey(Schema.NullOr(OptionalText)),
  advisorId: Schema.optionalKey(Schema.NullOr(UserId)),
  active: Schema.optionalKey(Schema.Boolean)
}

/** Defaults (the service's): frequency weekly, cutoffDaysBefore 1, active true. */
export const NewRoute = Schema.Struct({
  name: NonBlankString,
  operationDays: OperationDays,
  cutoffTime: CutoffTime,
  frequency: Schema.optionalKey(FrequencyText),
  anchorDate: Schema.optionalKey(AnchorDate),
  cutoffDaysBefore: Schema.optionalKey(CutoffDaysBefore),
  ...routeDetails
})
export type NewRoute = typeof NewRoute.Type

/** Any subset of the fields; a calendar part validates the resulting whole calendar. */
export const RoutePatch = Schema.Struct({
  name: Schema.optionalKey(NonBlankString),
  operationDays: Schema.optionalKey(OperationDays),
  cutoffTime: Schema.optionalKey(CutoffTime),
  frequency: Schema.optionalKey(FrequencyText),
  anchorDate: Schema.optionalKey(AnchorDate),
  cutoffDaysBefore: Schema.optionalKey(CutoffDaysBefore),
  ...routeDetails
})
export type RoutePatch = typeof RoutePatch.Type
