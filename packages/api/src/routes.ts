/** `/api/routes` (spec "Routes", the Route resource and the Cutoff status). */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { CutoffStatus } from "@quote/core/calendar/cutoff-status"
import { InvalidSchedule } from "@quote/core/errors/routes"
import { CreatedId, IdResponse, NonBlankString, OptionalText, Uuid } from "./companies.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { EmptyPatch, NotFound } from "@quote/core/errors/common"
import { BranchNotFound } from "@quote/core/errors/companies"
import { AdvisorNotFound } from "@quote/core/errors/users"

export const RouteJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  operationDays: Schema.Array(Schema.Int),
  frequency: Schema.Literals(["weekly", "biweekly"]),
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
  advisorId: Schema.NullOr(Schema.String),
  active: Schema.Boolean
}).annotate({ identifier: "Route" })

const NamedRef = Schema.Struct({ id: Schema.String, name: Schema.String })

export const ClientCutoffJson = Schema.Struct({
  ...CutoffStatus.fields,
  route: Schema.NullOr(NamedRef),
  branch: Schema.NullOr(NamedRef)
}).annotate({ identifier: "ClientCutoffStatus" })

// Calendar fields carry only their JSON types here: every calendar rule (day range,
// frequency, anchor, cutoff range, time format, quotable windows) is core's
// `validateSchedule`, reported as 400 INVALID_SCHEDULE with its reason.
const OperationDays = Schema.Array(Schema.Number).annotate({
  description: "ISO weekdays, 1 = Monday … 7 = Sunday; at least one"
})
const FrequencyText = Schema.String.annotate({ description: "`weekly` or `biweekly`" })
const AnchorDate = Schema.NullOr(Schema.String).annotate({
  description: "Biweekly only: YYYY-MM-DD on an operating day, in a week when the route operates"
})
const CutoffDaysBefore = Schema.Number.annotate({ description: "Integer 0–13: days before the route date reception closes" })
const CutoffTime = Schema.String.annotate({ description: "HH:MM, America/Bogota" })

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
  advisorId: Schema.optionalKey(Schema.NullOr(Uuid)),
  active: Schema.optionalKey(Schema.Boolean)
}

const NewRouteBody = Schema.Struct({
  name: NonBlankString,
  operationDays: OperationDays,
  cutoffTime: CutoffTime,
  frequency: Schema.optionalKey(FrequencyText),
  anchorDate: Schema.optionalKey(AnchorDate),
  cutoffDaysBefore: Schema.optionalKey(CutoffDaysBefore),
  ...routeDetails
})

const RoutePatchBody = Schema.Struct({
  name: Schema.optionalKey(NonBlankString),
  operationDays: Schema.optionalKey(OperationDays),
  cutoffTime: Schema.optionalKey(CutoffTime),
  frequency: Schema.optionalKey(FrequencyText),
  anchorDate: Schema.optionalKey(AnchorDate),
  cutoffDaysBefore: Schema.optionalKey(CutoffDaysBefore),
  ...routeDetails
})

const RouteParams = { id: Uuid }

export class RoutesApi extends HttpApiGroup.make("routes")
  .add(
    HttpApiEndpoint.get("list", "/", { success: Schema.Struct({ items: Schema.Array(RouteJson) }) })
      .middleware(UserAuthentication).annotateMerge(access.signedIn())
      .annotate(OpenApi.Description, "Access: every logged-in user. Active routes ordered by name."),
    HttpApiEndpoint.get("myCutoff", "/me/cutoff", {
      query: { branchId: Schema.optionalKey(Uuid) },
      success: ClientCutoffJson,
      error: errorEnvelope(BranchNotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client"))
      .annotate(
        OpenApi.Description,
        "Access: roles client. Cutoff status of the route of the client's branch, or of `branchId` (another active branch of its company). Without a route: 200 with route and branch null and missingRoute true."
      ),
    HttpApiEndpoint.post("create", "/", {
      payload: NewRouteBody,
      success: CreatedId,
      error: errorEnvelopes(InvalidSchedule, AdvisorNotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Defaults: frequency weekly, cutoffDaysBefore 1, active true. The calendar must have a quotable window."
      ),
    HttpApiEndpoint.put("update", "/:id", {
      params: RouteParams,
      payload: RoutePatchBody,
      success: IdResponse,
      error: errorEnvelopes(EmptyPatch, InvalidSchedule, NotFound, AdvisorNotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Any subset of the fields; a calendar part validates the resulting whole calendar, and switching to weekly clears anchorDate."
      ),
    HttpApiEndpoint.delete("remove", "/:id", {
      params: RouteParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Deactivates the route (active=false).")
  )
  .prefix("/api/routes")
  .annotate(OpenApi.Title, "Routes")
{}
