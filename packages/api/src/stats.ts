/**
 * Statistics (spec "Statistics", `/api/stats`). Money is integer COP; rejected
 * quotations never count as revenue.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { CalendarDate } from "@quote/core/stats/reporting-period"
import { AdvisorIdQuery } from "./advisor.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { Forbidden } from "@quote/core/errors/auth"
import { ValidationError } from "@quote/core/errors/common"

const DateQuery = (description: string) => Schema.optional(CalendarDate.annotate({ description }))

const dateRangeQuery = {
  dateFrom: DateQuery("First day (America/Bogota) of the creation dates counted, inclusive"),
  dateTo: DateQuery("Last day (America/Bogota) of the creation dates counted, inclusive")
}

const ProductFigureJson = Schema.Struct({
  id: Schema.NullOr(Schema.String).annotate({ description: "null for a product deleted from the catalog" }),
  name: Schema.String,
  qty: Schema.Number,
  total: Schema.Int
})

const MonthlyRevenueJson = Schema.Struct({
  month: Schema.String.annotate({ description: "YYYY-MM (America/Bogota)" }),
  total: Schema.Int
})

const recentOrderFields = {
  id: Schema.String,
  code: Schema.String,
  total: Schema.Int,
  status: Schema.String,
  created_at: Schema.String.annotate({ description: "ISO 8601 instant" }),
  client_name: Schema.String
}

export const AdminStatisticsJson = Schema.Struct({
  totalRevenue: Schema.Int,
  ordersCount: Schema.Int,
  syncedErpCount: Schema.Int,
  pendingErpCount: Schema.Int,
  topProducts: Schema.Array(ProductFigureJson),
  topClients: Schema.Array(Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    orderCount: Schema.Int,
    total: Schema.Int
  })),
  recentOrders: Schema.Array(Schema.Struct({ ...recentOrderFields, erp_url: Schema.NullOr(Schema.String) })),
  monthlyRevenue: Schema.Array(MonthlyRevenueJson),
  totalActiveProducts: Schema.Int,
  totalActiveClients: Schema.Int,
  totalActiveUsers: Schema.Int
}).annotate({ identifier: "AdminStatistics" })

export const AdvisorStatisticsJson = Schema.Struct({
  totalRevenue: Schema.Int,
  ordersCount: Schema.Int,
  topProducts: Schema.Array(ProductFigureJson),
  recentOrders: Schema.Array(Schema.Struct(recentOrderFields)),
  monthlyRevenue: Schema.Array(MonthlyRevenueJson)
}).annotate({ identifier: "AdvisorStatistics" })

export class StatsApi extends HttpApiGroup.make("stats")
  .add(
    HttpApiEndpoint.get("admin", "/admin", {
      query: dateRangeQuery,
      success: AdminStatisticsJson,
      error: errorEnvelope(ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.get("advisor", "/advisor", {
      query: { ...dateRangeQuery, advisorId: AdvisorIdQuery },
      success: AdvisorStatisticsJson,
      error: errorEnvelopes(ValidationError, Forbidden)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor"))
  )
  .prefix("/api/stats")
  .annotate(OpenApi.Title, "Statistics")
{}
