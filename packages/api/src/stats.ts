/**
 * Statistics (spec "Statistics", `/api/stats`). Money is integer COP; rejected
 * quotations never count as revenue.
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { Forbidden } from "@quote/core/auth/errors"
import { ValidationError } from "@quote/core/shared/errors"
import { AdminStatistics, AdvisorStatistics, AdvisorStatisticsQuery, StatsDateRange } from "@quote/core/stats/views"

export class StatsApi extends HttpApiGroup.make("stats")
  .add(
    HttpApiEndpoint.get("admin", "/admin", {
      query: StatsDateRange.fields,
      success: AdminStatistics,
      error: errorEnvelope(ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.get("advisor", "/advisor", {
      query: AdvisorStatisticsQuery.fields,
      success: AdvisorStatistics,
      error: errorEnvelopes(ValidationError, Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor"))
  )
  .prefix("/api/stats")
  .annotate(OpenApi.Title, "Statistics")
{}
