/**
 * Statistics (spec "Statistics", `/api/stats`). Money is integer COP; rejected
 * quotations never count as revenue.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { Forbidden } from "@quote/core/errors/auth"
import { ValidationError } from "@quote/core/errors/common"
import { AdminStatistics, AdvisorStatistics, AdvisorStatisticsQuery, StatsDateRange } from "@quote/core/views/stats"

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
