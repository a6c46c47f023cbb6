/**
 * Sales statistics (spec "Statistics"): the admin dashboard and the advisor dashboard.
 *
 * Both are computed by the same queries over a filter of quotations (creation window,
 * and for an advisor the quotations whose `advisor_id` it is). Rejected quotations count
 * as orders (they were received) but never as money: they are left out of every revenue
 * figure and of the lists ranked by revenue (`topProducts`, `topClients`), and they are not
 * "pending" for the ERP since they will never be sent.
 */
import { Clock, Context, Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import type { Forbidden } from "@quote/core/errors/auth"
import type { ValidationError } from "@quote/core/errors/common"
import type { SessionUser } from "@quote/core/access"
import { type AdvisorScope, resolveAdvisorScope } from "@quote/core/advisor/advisor-scope"
import { creationWindow, type CreationWindow, type DateRange, lastMonths } from "@quote/core/stats/reporting-period"

/** Length of `topProducts`, `topClients` and `recentOrders`. */
export const rankingSize = 10

export interface ProductFigure {
  /** `null` for lines whose product was since deleted from the catalog (grouped by SKU). */
  readonly id: string | null
  readonly name: string
  readonly qty: number
  readonly total: number
}

export interface ClientFigure {
  readonly id: string
  readonly name: string
  readonly orderCount: number
  readonly total: number
}

/** snake_case keys, as the spec shows them. */
export interface RecentOrder {
  readonly id: string
  readonly code: string
  readonly total: number
  readonly status: string
  readonly created_at: string
  readonly erp_url: string | null
  readonly client_name: string
}

export interface MonthlyRevenue {
  readonly month: string
  readonly total: number
}

export interface AdminStatistics {
  readonly totalRevenue: number
  readonly ordersCount: number
  readonly syncedErpCount: number
  readonly pendingErpCount: number
  readonly topProducts: ReadonlyArray<ProductFigure>
  readonly topClients: ReadonlyArray<ClientFigure>
  readonly recentOrders: ReadonlyArray<RecentOrder>
  readonly monthlyRevenue: ReadonlyArray<MonthlyRevenue>
  readonly totalActiveProducts: number
  readonly totalActiveClients: number
  readonly totalActiveUsers: number
}

export interface AdvisorStatistics {
  readonly totalRevenue: number
  readonly ordersCount: number
  readonly topProducts: ReadonlyArray<ProductFigure>
  readonly recentOrders: ReadonlyArray<Omit<RecentOrder, "erp_url">>
  readonly monthlyRevenue: ReadonlyArray<MonthlyRevenue>
}

export interface AdvisorStatisticsQuery extends DateRange {
  readonly advisorId?: string | undefined
}

const decodeRows = <S extends Schema.Top & { readonly DecodingServices: never }>(row: S) =>
  Schema.decodeUnknownEffect(Schema.Array(row))

const TotalsRow = Schema.Struct({
  total_revenue: Schema.Number,
  orders_count: Schema.Number,
  synced_erp_count: Schema.Number,
  pending_erp_count: Schema.Number
})
const ProductRow = Schema.Struct({
  id: Schema.NullOr(Schema.String),
  name: Schema.String,
  qty: Schema.Number,
  total: Schema.Number
})
const ClientRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  order_count: Schema.Number,
  total: Schema.Number
})
const RecentRow = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  total: Schema.Number,
  status: Schema.String,
  created_at: Schema.Date,
  erp_url: Schema.NullOr(Schema.String),
  client_name: Schema.String
})
const MonthRow = Schema.Struct({ month: Schema.String, total: Schema.Number })
const ActiveCountsRow = Schema.Struct({
  products: Schema.Number,
  clients: Schema.Number,
  users: Schema.Number
})

export class SalesStatistics extends Context.Service<SalesStatistics, {
  /** Global figures, filtered by creation date (`GET /api/stats/admin`). */
  readonly admin: (range: DateRange) => Effect.Effect<AdminStatistics, ValidationError>
  /** An advisor's own figures; an admin's global ones or those of `advisorId` (`GET /api/stats/advisor`). */
  readonly advisor: (
    viewer: SessionUser,
    query: AdvisorStatisticsQuery
  ) => Effect.Effect<AdvisorStatistics, ValidationError | Forbidden>
}>()("@quote/adapters/SalesStatistics") {
  static readonly layer = Layer.effect(
    SalesStatistics,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      /** The quotations (alias `q`) a request covers. */
      const quotationFilter = (scope: AdvisorScope, window: CreationWindow): Fragment =>
        sql.and([
          ...(scope._tag === "Advisor" ? [sql`q.advisor_id = ${scope.advisorId}`] : []),
          ...(window.from === null ? [] : [sql`q.created_at >= ${window.from}`]),
          ...(window.to === null ? [] : [sql`q.created_at < ${window.to}`])
        ])

      const inErp = sql`(q.status in ('synced', 'sent_to_erp') or q.erp_quotation_id is not null)`

      const totals = (filter: Fragment) =>
        sql`
          select coalesce(sum(q.total) filter (where q.status <> 'rejected'), 0) as total_revenue,
                 count(*) as orders_count,
                 count(*) filter (where ${inErp}) as synced_erp_count,
                 count(*) filter (where q.status <> 'rejected' and not ${inErp}) as pending_erp_count
            from quotations q
           where ${filter}`.pipe(
          Effect.flatMap(decodeRows(TotalsRow)),
          // An aggregate without GROUP BY always returns its one row.
          Effect.map((rows) => rows[0]!)
        )

      const topProducts = (filter: Fragment) =>
        sql`
          select i.product_id as id, coalesce(p.name, min(i.name)) as name,
                 sum(i.quantity) as qty, sum(i.subtotal) as total
            from quotation_items i
            join quotations q on q.id = i.quotation_id
            left join products p on p.id = i.product_id
           where q.status <> 'rejected' and ${filter}
           group by i.product_id, p.name, case when i.product_id is null then i.sku end
           order by total desc, qty desc, name
           limit ${rankingSize}`.pipe(Effect.flatMap(decodeRows(ProductRow)))

      const topClients = (filter: Fragment) =>
        sql`
          select c.id, c.name, count(*) as order_count, sum(q.total) as total
            from quotations q
            join clients c on c.id = q.client_id
           where q.status <> 'rejected' and ${filter}
           group by c.id, c.name
           order by total desc, order_count desc, c.name, c.id
           limit ${rankingSize}`.pipe(
          Effect.flatMap(decodeRows(ClientRow)),
          Effect.map((rows) =>
            rows.map((row): ClientFigure => ({ id: row.id, name: row.name, orderCount: row.order_count, total: row.total }))
          )
        )

      const recentOrders = (filter: Fragment) =>
        sql`
          select q.id, q.code, q.total, q.status, q.created_at, q.erp_url, c.name as client_name
            from quotations q
            join clients c on c.id = q.client_id
           where ${filter}
           order by q.created_at desc, q.code desc
           limit ${rankingSize}`.pipe(
          Effect.flatMap(decodeRows(RecentRow)),
          Effect.map((rows) => rows.map((row): RecentOrder => ({ ...row, created_at: row.created_at.toISOString() })))
        )

      // Months with no sales are present with total 0: the series is built from the
      // month list, not from the quotations.
      const monthlyRevenue = Effect.fnUntraced(function*(filter: Fragment) {
        const months = lastMonths(yield* Clock.currentTimeMillis)
        return yield* sql`
          select m.month, coalesce(sum(q.total), 0) as total
            from unnest(
                   ${months.map((bucket) => bucket.month)}::text[],
                   ${months.map((bucket) => bucket.startsAt)}::timestamptz[],
                   ${months.map((bucket) => bucket.endsAt)}::timestamptz[]
                 ) as m(month, starts_at, ends_at)
            left join quotations q
              on q.created_at >= m.starts_at and q.created_at < m.ends_at
             and q.status <> 'rejected' and ${filter}
           group by m.month
           order by m.month`.pipe(Effect.flatMap(decodeRows(MonthRow)))
      })

      const activeCounts = sql`
        select (select count(*) from products where active) as products,
               (select count(*) from clients where active) as clients,
               (select count(*) from users where active) as users`.pipe(
        Effect.flatMap(decodeRows(ActiveCountsRow)),
        Effect.map((rows) => rows[0]!)
      )

      const admin = Effect.fn("SalesStatistics.admin")(function*(range: DateRange) {
        const window = yield* Effect.fromResult(creationWindow(range))
        const filter = quotationFilter({ _tag: "Everyone" }, window)
        const figures = yield* Effect.all({
          totals: totals(filter),
          topProducts: topProducts(filter),
          topClients: topClients(filter),
          recentOrders: recentOrders(filter),
          monthlyRevenue: monthlyRevenue(filter),
          active: activeCounts
        }, { concurrency: "unbounded" }).pipe(Effect.orDie)
        return {
          totalRevenue: figures.totals.total_revenue,
          ordersCount: figures.totals.orders_count,
          syncedErpCount: figures.totals.synced_erp_count,
          pendingErpCount: figures.totals.pending_erp_count,
          topProducts: figures.topProducts,
          topClients: figures.topClients,
          recentOrders: figures.recentOrders,
          monthlyRevenue: figures.monthlyRevenue,
          totalActiveProducts: figures.active.products,
          totalActiveClients: figures.active.clients,
          totalActiveUsers: figures.active.users
        }
      })

      const advisor = Effect.fn("SalesStatistics.advisor")(function*(viewer: SessionUser, query: AdvisorStatisticsQuery) {
        const scope = yield* resolveAdvisorScope(viewer, query.advisorId)
        const window = yield* Effect.fromResult(creationWindow(query))
        const filter = quotationFilter(scope, window)
        const figures = yield* Effect.all({
          totals: totals(filter),
          topProducts: topProducts(filter),
          recentOrders: recentOrders(filter),
          monthlyRevenue: monthlyRevenue(filter)
        }, { concurrency: "unbounded" }).pipe(Effect.orDie)
        return {
          totalRevenue: figures.totals.total_revenue,
          ordersCount: figures.totals.orders_count,
          topProducts: figures.topProducts,
          recentOrders: figures.recentOrders.map(({ erp_url: _erpUrl, ...order }) => order),
          monthlyRevenue: figures.monthlyRevenue
        }
      })

      return SalesStatistics.of({ admin, advisor })
    })
  )
}
