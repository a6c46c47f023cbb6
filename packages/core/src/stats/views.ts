/**
 * Statistics (spec "Statistics", `/api/stats`): the answers and their queries, declared
 * once for `SalesStatistics` and the endpoints. Money is integer COP; rejected
 * quotations never count as revenue. `recentOrders` keeps the spec's snake_case keys.
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { ClientId, ProductId, QuotationId } from "../shared/ids.ts"
import { CalendarDate } from "./reporting-period.ts"
import { AdvisorIdQuery } from "../advisor/views.ts"
import { Timestamp } from "../shared/fields.ts"

const DateQuery = (description: string) => Schema.optional(CalendarDate.annotate({ description }))

export const StatsDateRange = Schema.Struct({
  dateFrom: DateQuery("First day (America/Bogota) of the creation dates counted, inclusive"),
  dateTo: DateQuery("Last day (America/Bogota) of the creation dates counted, inclusive")
})
export type StatsDateRange = typeof StatsDateRange.Type

export const AdvisorStatisticsQuery = Schema.Struct({ ...StatsDateRange.fields, advisorId: AdvisorIdQuery })
export type AdvisorStatisticsQuery = typeof AdvisorStatisticsQuery.Type

export const ProductFigure = Schema.Struct({
  id: Schema.NullOr(ProductId).annotate({ description: "null for a product deleted from the catalog" }),
  name: Schema.String,
  qty: Schema.Finite,
  total: Schema.Int
})
export type ProductFigure = typeof ProductFigure.Type

export const ClientFigure = Schema.Struct({
  id: ClientId,
  name: Schema.String,
  orderCount: Schema.Int,
  total: Schema.Int
})
export type ClientFigure = typeof ClientFigure.Type

export const MonthlyRevenue = Schema.Struct({
  month: Schema.String.annotate({ description: "YYYY-MM (America/Bogota)" }),
  total: Schema.Int
})
export type MonthlyRevenue = typeof MonthlyRevenue.Type

const recentOrderFields = {
  id: QuotationId,
  code: Schema.String,
  total: Schema.Int,
  status: Schema.String,
  created_at: Timestamp,
  client_name: Schema.String
}

export const RecentOrder = Schema.Struct({ ...recentOrderFields, erp_url: Schema.NullOr(Schema.String) })
export type RecentOrder = typeof RecentOrder.Type

export const AdminStatistics = Schema.Struct({
  totalRevenue: Schema.Int,
  ordersCount: Schema.Int,
  syncedErpCount: Schema.Int,
  pendingErpCount: Schema.Int,
  topProducts: Schema.Array(ProductFigure),
  topClients: Schema.Array(ClientFigure),
  recentOrders: Schema.Array(RecentOrder),
  monthlyRevenue: Schema.Array(MonthlyRevenue),
  totalActiveProducts: Schema.Int,
  totalActiveClients: Schema.Int,
  totalActiveUsers: Schema.Int
}).annotate({ identifier: "AdminStatistics" })
export type AdminStatistics = typeof AdminStatistics.Type

/** The totals both answers open with. */
export const StatisticsTotals = Schema.Struct(
  Struct.pick(AdminStatistics.fields, ["totalRevenue", "ordersCount", "syncedErpCount", "pendingErpCount"])
)

export const AdvisorStatistics = Schema.Struct({
  totalRevenue: Schema.Int,
  ordersCount: Schema.Int,
  topProducts: Schema.Array(ProductFigure),
  recentOrders: Schema.Array(Schema.Struct(recentOrderFields)),
  monthlyRevenue: Schema.Array(MonthlyRevenue)
}).annotate({ identifier: "AdvisorStatistics" })
export type AdvisorStatistics = typeof AdvisorStatistics.Type
