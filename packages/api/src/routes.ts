/** `/api/routes` (spec "Routes", the Route resource and the Cutoff status). */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { InvalidSchedule } from "@quote/core/routes/errors"
import { CreatedId, IdResponse } from "./companies.ts"
import { BranchId, RouteId } from "@quote/core/shared/ids"
import { ClientCutoffStatus, NewRoute, Route, RoutePatch } from "@quote/core/routes/views"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { EmptyPatch, NotFound } from "@quote/core/shared/errors"
import { BranchNotFound } from "@quote/core/companies/errors"
import { AdvisorNotFound } from "@quote/core/users/errors"

const RouteParams = { id: RouteId }

export class RoutesApi extends HttpApiGroup.make("routes")
  .add(
    HttpApiEndpoint.get("list", "/", { success: Schema.Struct({ items: Schema.Array(Route) }) })
      .middleware(UserAuthentication).annotateMerge(access.signedIn())
      .annotate(OpenApi.Description, "Access: every logged-in user. Active routes ordered by name."),
    HttpApiEndpoint.get("myCutoff", "/me/cutoff", {
      query: { branchId: Schema.optionalKey(BranchId) },
      success: ClientCutoffStatus,
      error: errorEnvelope(BranchNotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client"))
      .annotate(
        OpenApi.Description,
        "Access: roles client. Cutoff status of the route of the client's branch, or of `branchId` (another active branch of its company). Without a route: 200 with route and branch null and missingRoute true."
      ),
    HttpApiEndpoint.post("create", "/", {
      payload: NewRoute,
      success: CreatedId,
      error: errorEnvelopes(InvalidSchedule, AdvisorNotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Defaults: frequency weekly, cutoffDaysBefore 1, active true. The calendar must have a quotable window."
      ),
    HttpApiEndpoint.put("update", "/:id", {
      params: RouteParams,
      payload: RoutePatch,
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
