/** Errors of delivery routes and their calendars (spec "Routes", "Cutoff", "Errors"). */
import * as Schema from "effect/Schema"
import { withDetails } from "../shared/error-fields.ts"

export class RouteNotFound extends Schema.TaggedError<RouteNotFound>()(
  "RouteNotFound",
  withDetails({ routeId: Schema.String }),
  { httpApiStatus: 404, description: "No active route has this id" }
) {
  static readonly code = "ROUTE_NOT_FOUND"
}

/** An unusable route calendar; `details.reason` is the rule (`calendar/schedule-rules.ts`), `details.field` the field. */
export class InvalidSchedule extends Schema.TaggedError<InvalidSchedule>()(
  "InvalidSchedule",
  withDetails({ reason: Schema.String, field: Schema.String }),
  {
    httpApiStatus: 400,
    description: "Unusable route calendar; `details.reason` says which rule failed and `details.field` which field"
  }
) {
  static readonly code = "INVALID_SCHEDULE"
}

/**
 * The route's window is closed. `message` is the Spanish, client-presentable text of
 * the Cutoff status; `details` carries `nextOpenDate` and `routeDate` (timestamps as in
 * the Cutoff status), or `missingRoute: true` when the branch has no route.
 */
export class RouteClosed extends Schema.TaggedError<RouteClosed>()(
  "RouteClosed",
  withDetails({
    nextOpenDate: Schema.optional(Schema.NullOr(Schema.String)),
    routeDate: Schema.optional(Schema.NullOr(Schema.String)),
    missingRoute: Schema.optional(Schema.Literal(true))
  }),
  {
    httpApiStatus: 422,
    description:
      "The branch route's window is closed (or the branch has no route); `message` is client-presentable Spanish, `details` has `nextOpenDate` and `routeDate` (or `missingRoute: true`)"
  }
) {
  static readonly code = "ROUTE_CLOSED"
}
