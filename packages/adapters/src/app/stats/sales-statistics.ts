/**
 * Sales statistics (spec "Statistics"): the admin dashboard and the advisor dashboard.
 *
 * Both are computed by the same queries over a filter of quotations (creation window,
 * and for an advisor the quotations whose `advisor_id` it is). Rejected quotations count
 * as orders (they were received) but never as money: they are left out of every revenue
 * figure and of the lists ranked by revenue (`topProducts`, `topClients`), and they are not
 * "pending" for the ERP since they will never be sent.
 *
 * The sums and rankings read the rollups of migrations/0006 (`rollup-sources.ts`), not a
 * million quotations: exactly the same figures, at a cost that does not grow with the
 * history. Recent orders read the newest rows through the creation-time indexes.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"
import type { Forbidden } from "@quote/core/auth/errors"
import type { ValidationError } from "@quote/core/shared/errors"
import type { SessionUser } from "@quote/core/auth/views"
import { type AdvisorScope, resolveAdvisorScope } from "@quote/core/advisor/advisor-scope"
import { creationWindow, type CreationWindow, type DateRange, lastMonths } from "@quote/core/stats/reporting-period"
import {
  type AdminStatistics,
  type AdvisorStatistics,
  type AdvisorStatisticsQuery,
  ClientFigure,
  MonthlyRevenue,
  ProductFigure,
  RecentOrder,
  StatisticsTotals
} from "@quote/core/stats/views"
import { parseEpochDay } from "@quote/core/calendar/civil-date"
import { type RollupCover, rollupCover, rollupCoverOfDates } from "@quote/core/stats/rollup-cover"
import {
  clientSource,
  headerSource,
  nilKey,
  pieceClients,
  pieceProducts,
  productSource,
  singlePiece
} from "./rollup-sources.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

/** Length of `topProducts`, `topClients` and `recentOrders`. */
export const rankingSize = 10

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
      // `recentOrders` has the spec's snake_case keys: read with the columns' own names.
      const storedNames = sql.withoutTransforms()

      // A constant, not a parameter: with `limit $n` a prepared statement's generic plan
      // assumes a tenth of the rows and was seen starting parallel workers for ten rows.
      const top = sql.literal(`limit ${rankingSize}`)
      const tiedTop = sql.literal(`fetch first ${rankingSize} rows with ties`)

      /** The quotations (alias `q`) a request covers. */
      const quotationFilter = (scope: AdvisorScope, window: CreationWindow): Fragment =>
        sql.and([
          ...(scope._tag === "Advisor" ? [sql`q.advisor_id = ${scope.advisorId}`] : []),
          ...(window.from === null ? [] : [sql`q.created_at >= ${window.from}`]),
          ...(window.to === null ? [] : [sql`q.created_at < ${window.to}`])
        ])

      const advisorOf = (scope: AdvisorScope) => scope._tag === "Advisor" ? scope.advisorId : undefined

      const totals = (scope: AdvisorScope, cover: RollupCover) =>
        sql`
          select coalesce(sum(x.revenue) filter (where x.status <> 'rejected'), 0) as total_revenue,
                 coalesce(sum(x.orders), 0) as orders_count,
                 coalesce(sum(x.orders) filter (where x.in_erp), 0) as synced_erp_count,
                 coalesce(sum(x.orders) filter (where x.status <> 'rejected' and not x.in_erp), 0) as pending_erp_count
            from ${headerSource(sql, cover, advisorOf(scope))} x`.pipe(
          decodedRows(StatisticsTotals),
          // An aggregate without GROUP BY always returns its one row.
          Effect.map((rows) => rows[0]!)
        )

      // A live product is grouped by id under its current name; a deleted one's lines by
      // SKU under their first snapshot name (rows whose lines all left do not count).
      // Over one rollup piece only the rows that can rank are read (`pieceProducts`).
      const topProducts = (scope: AdvisorScope, cover: RollupCover) => {
        const piece = singlePiece(cover)
        const rows = piece === undefined
          ? { pending: undefined, source: productSource(sql, cover, advisorOf(scope)) }
          : pieceProducts(sql, piece, advisorOf(scope), rankingSize)
        // The best ten (ties included) are chosen before the names are looked up.
        return sql`
          with ${rows.pending === undefined ? sql`` : sql`${rows.pending},`}
          s as (
            select x.product_key, x.sku, x.name, sum(x.qty) as qty, sum(x.revenue) as revenue
              from ${rows.source} x
             group by x.product_key, x.sku, x.name
            having sum(x.lines) > 0
          ),
          g as (
            select s.product_key, s.sku, min(s.name) as name, sum(s.qty) as qty, sum(s.revenue) as total
              from s
             group by s.product_key, s.sku
             order by total desc, qty desc
             ${tiedTop}
          )
          select nullif(g.product_key, ${nilKey}::uuid) as id, coalesce(p.name, g.name) as name, g.qty, g.total
            from g left join products p on p.id = g.product_key
           order by total desc, qty desc, name
           ${top}`.pipe(decodedRows(ProductFigure))
      }

      // Over one rollup piece only the rows that can rank are read (`pieceClients`); the
      // best ten (ties included) are chosen before their names are looked up.
      const topClients = (cover: RollupCover) => {
        const piece = singlePiece(cover)
        const rows = piece === undefined
          ? { pending: undefined, source: clientSource(sql, cover) }
          : pieceClients(sql, piece, rankingSize)
        return sql`
          ${rows.pending === undefined ? sql`` : sql`with ${rows.pending}`}
          select c.id, c.name, s.order_count, s.total
            from (
              select x.client_id, sum(x.orders) as order_count, sum(x.revenue) as total
                from ${rows.source} x
               group by x.client_id
              having sum(x.orders) > 0
               order by total desc, order_count desc
               ${tiedTop}
            ) s
            join clients c on c.id = s.client_id
           order by s.total desc, s.order_count desc, c.name, c.id
           ${top}`.pipe(decodedRows(ClientFigure))
      }

      const recentOrders = (filter: Fragment) =>
        storedNames`
          select q.id, q.code, q.total, q.status, q.created_at, q.erp_url, c.name as client_name
            from quotations q
            join clients c on c.id = q.client_id
           where ${filter}
           order by q.created_at desc, q.code desc
           ${top}`.pipe(decodedRows(RecentOrder))

      // Months with no sales are present with total 0: the series is built from the
      // month list, not from the quotations. The range is cut to the twelve months first.
      const monthlyRevenue = Effect.fnUntraced(function*(scope: AdvisorScope, range: DateRange) {
        const months = lastMonths(yield* Clock.currentTimeMillis)
        const firstDay = parseEpochDay(`${months[0]!.month}-01`)!
        const endDay = firstDay + Math.round((months[months.length - 1]!.endsAt.getTime() - months[0]!.startsAt.getTime()) / 86_400_000)
        const from = Math.max(firstDay, range.dateFrom === undefined ? firstDay : parseEpochDay(range.dateFrom)!)
        const to = Math.min(endDay, range.dateTo === undefined ? endDay : parseEpochDay(range.dateTo)! + 1)
        const totals = new Map<string, number>()
        if (from < to) {
          const rows = yield* sql`
            select to_char(m.month, 'YYYY-MM') as month, m.total from (
              select x.month, coalesce(sum(x.revenue) filter (where x.status <> 'rejected'), 0) as total
                from ${headerSource(sql, rollupCover(from, to), advisorOf(scope))} x
               group by x.month
            ) m`.pipe(decodedRows(MonthlyRevenue))
          for (const row of rows) totals.set(row.month, row.total)
        }
        return months.map((bucket): MonthlyRevenue => ({ month: bucket.month, total: totals.get(bucket.month) ?? 0 }))
      })

      // Active clients from the per-advisor counts of migrations/0007 (100k rows otherwise).
      const activeCounts = sql`
        select (select count(*) from products where active) as products,
               (select coalesce(sum(active_clients), 0) from client_count_totals) as clients,
               (select count(*) from users where active) as users`.pipe(
        decodedRows(ActiveCountsRow),
        Effect.map((rows) => rows[0]!)
      )

      const admin = Effect.fn("SalesStatistics.admin")(function*(range: DateRange) {
        const window = yield* Effect.fromResult(creationWindow(range))
        const scope: AdvisorScope = { _tag: "Everyone" }
        const filter = quotationFilter(scope, window)
        const cover = rollupCoverOfDates(range.dateFrom, range.dateTo)
        const figures = yield* Effect.all({
          totals: totals(scope, cover),
          topProducts: topProducts(scope, cover),
          topClients: topClients(cover),
          recentOrders: recentOrders(filter),
          monthlyRevenue: monthlyRevenue(scope, range),
          active: activeCounts
        }, { concurrency: "unbounded" }).pipe(Effect.orDie)
        return {
          ...figures.totals,
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
        const cover = rollupCoverOfDates(query.dateFrom, query.dateTo)
        const figures = yield* Effect.all({
          totals: totals(scope, cover),
          topProducts: topProducts(scope, cover),
          recentOrders: recentOrders(filter),
          monthlyRevenue: monthlyRevenue(scope, query)
        }, { concurrency: "unbounded" }).pipe(Effect.orDie)
        return {
          totalRevenue: figures.totals.totalRevenue,
          ordersCount: figures.totals.ordersCount,
          topProducts: figures.topProducts,
          recentOrders: figures.recentOrders.map(({ erp_url: _erpUrl, ...order }) => order),
          monthlyRevenue: figures.monthlyRevenue
        }
      })

      return SalesStatistics.of({ admin, advisor })
    })
  )
}
