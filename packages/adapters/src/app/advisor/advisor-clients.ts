/**
 * The advisor module's client views (spec "Advisor module"): the paginated list of the
 * clients assigned to an advisor, the same list whole as a stream (its CSV export), and
 * one client's latest quotations.
 *
 * "Assigned" is the client's `advisor_id`, which the database keeps equal to its
 * branch's advisor. A client's quotation figures cover its whole history, whoever was
 * its advisor when each was made: the advisor now in charge needs that history.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as Struct from "effect/Struct"
import * as SqlClient from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"
import type { Forbidden } from "@quote/core/auth/errors"
import { NotFound } from "@quote/core/shared/errors"
import type { SessionUser } from "@quote/core/auth/views"
import { firstDayName } from "@quote/core/calendar/label"
import { type AdvisorScope, resolveAdvisorScope } from "@quote/core/advisor/advisor-scope"
import { containsPattern, plannedPerPattern } from "../../infra/database/search-pattern.ts"
import { defaultClientPageSize, maxClientPageSize } from "@quote/core/advisor/client-page-limits"
import type { ClientId } from "@quote/core/shared/ids"
import {
  AdvisorClient,
  type AdvisorClientExportQuery,
  type AdvisorClientPage,
  type AdvisorClientQuery,
  type ClientQuotationHistory,
  clientQuotationLimit,
  ClientQuotationSummary
} from "@quote/core/advisor/views"

/** A client row: the view's fields, with the route's days for `routeDay` and a page's total. */
const ClientRow = Schema.Struct({
  ...Struct.omit(AdvisorClient.fields, ["routeDay"]),
  routeOperationDays: Schema.NullOr(Schema.Array(Schema.Number)),
  /** The page's total, when the page's query counts it. */
  total: Schema.NullOr(Schema.Number)
})
const decodeClientRows = Schema.decodeUnknownEffect(Schema.Array(ClientRow))

const CountRow = Schema.Struct({ total: Schema.Number })
const decodeCountRows = Schema.decodeUnknownEffect(Schema.Array(CountRow))

const decodeQuotationRows = Schema.decodeUnknownEffect(Schema.Array(ClientQuotationSummary))

/**
 * The export reads the list in batches of this many, each after the last one's place in
 * the name order (the name-order indexes of migrations/0006), so memory stays flat and
 * no batch reads the earlier rows again.
 */
export const CLIENT_EXPORT_BATCH_SIZE = 500

/** Where a batch of the export starts: after this client in the name order. */
interface ClientPosition {
  readonly name: string
  readonly id: string
}

/** `routeDay` is core's rule (the route's first operating day), not SQL's. */
const toAdvisorClient = ({ routeOperationDays, total: _total, ...client }: typeof ClientRow.Type): AdvisorClient => ({
  ...client,
  routeDay: routeOperationDays === null ? null : firstDayName(routeOperationDays)
})

export class AdvisorClients extends Context.Service<AdvisorClients, {
  readonly list: (viewer: SessionUser, query: AdvisorClientQuery) => Effect.Effect<AdvisorClientPage, Forbidden>
  /**
   * Every client of the list (the search's matches), by name, read in batches as the
   * stream is pulled; the scope is checked before the stream is built.
   */
  readonly stream: (
    viewer: SessionUser,
    query: AdvisorClientExportQuery
  ) => Effect.Effect<Stream.Stream<AdvisorClient>, Forbidden>
  /** 404 `NOT_FOUND` when the client does not exist or is not assigned to the calling advisor. */
  readonly quotations: (
    viewer: SessionUser,
    clientId: ClientId
  ) => Effect.Effect<ClientQuotationHistory, NotFound | Forbidden>
}>()("@quote/adapters/AdvisorClients") {
  static readonly layer = Layer.effect(
    AdvisorClients,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const scopeOf = (scope: AdvisorScope, alias: string): Fragment =>
        scope._tag === "Everyone" ? sql`true` : sql`${sql.literal(`${alias}.advisor_id`)} = ${scope.advisorId}`

      /**
       * The rows of a page: `page` is a subquery of `(id, total)` (in page order or not:
       * the rows are sorted here); only its few clients are joined to their details.
       * Each detail is a scalar subquery by primary key, not a join: seven joined tables
       * took 3–4 ms to plan (30 ms on a loaded machine) on every request, for under 1 ms
       * of execution; the subqueries plan one by one in a fraction of a millisecond.
       * The quotation count is kept by the rollups (migrations/0012), not counted: a
       * client's history can hold tens of thousands. `searched`: the page filters by a
       * search pattern, so the statement is planned for it on every run
       * (`plannedPerPattern`).
       */
      const clientRows = (page: Fragment, searched: boolean) => {
        const statement = sql`
          select c.id, c.name, c.nit, c.email, c.active, c.created_at,
                 (select p.phone from client_phones p where p.client_id = c.id
                   order by p.is_messaging desc, p.created_at, p.phone limit 1) as phone,
                 c.price_list_id, (select pl.name from price_lists pl where pl.id = c.price_list_id) as price_list_name,
                 c.user_id,
                 (select u.email from users u where u.id = c.user_id) as user_email,
                 (select u.active from users u where u.id = c.user_id) as user_active,
                 c.company_id,
                 (select co.name from companies co where co.id = c.company_id) as company_name,
                 (select co.nit from companies co where co.id = c.company_id) as company_nit,
                 c.branch_id,
                 (select b.name from branches b where b.id = c.branch_id) as branch_name,
                 (select b.city from branches b where b.id = c.branch_id) as branch_city,
                 c.route_id,
                 (select r.name from routes r where r.id = c.route_id) as route_name,
                 (select r.operation_days from routes r where r.id = c.route_id) as route_operation_days,
                 coalesce((select t.quotations from client_quotation_totals t where t.client_id = c.id), 0)
                   as quotation_count,
                 (select max(qq.created_at) from quotations qq where qq.client_id = c.id) as last_quotation_at,
                 page.total
            from ${page} page
            join clients c on c.id = page.id
           order by lower(c.name), c.name, c.id`
        return (searched ? plannedPerPattern(statement) : statement).pipe(Effect.flatMap(decodeClientRows), Effect.orDie)
      }

      /**
       * The clients matching a search, as `(id, name)`, each once: each searched column
       * has a trigram index (migrations/0006), so the matches are found per column
       * instead of testing every client; a later column's matches leave out those of
       * the earlier ones (rechecked on their few rows), which spares hashing every match
       * to remove duplicates.
       */
      const matches = (scope: AdvisorScope, pattern: string): Fragment =>
        sql`(
          select m.id, m.name from clients m where m.name ilike ${pattern} and ${scopeOf(scope, "m")}
          union all
          select m.id, m.name from clients m
           where m.email ilike ${pattern} and not m.name ilike ${pattern} and ${scopeOf(scope, "m")}
          union all
          select m.id, m.name from users mu join clients m on m.user_id = mu.id
           where (mu.name ilike ${pattern} or mu.email ilike ${pattern})
             and not (m.name ilike ${pattern} or m.email ilike ${pattern}) and ${scopeOf(scope, "m")})`

      const list = Effect.fn("AdvisorClients.list")(function*(viewer: SessionUser, query: AdvisorClientQuery) {
        const scope = yield* resolveAdvisorScope(viewer, query.advisorId)
        const page = query.page ?? 1
        const limit = Math.min(query.limit ?? defaultClientPageSize, maxClientPageSize)
        const offset = (page - 1) * limit
        const pattern = containsPattern(query.search)
        if (pattern === undefined) {
          // The page's ids straight from the name-order index; the total is the
          // per-advisor count kept by triggers.
          const [rows, [counted]] = yield* Effect.all([
            clientRows(sql`(
              select c.id, null::bigint as total from clients c where ${scopeOf(scope, "c")}
               order by lower(c.name), c.name, c.id limit ${limit} offset ${offset})`, false),
            sql`
              select coalesce(sum(n.clients), 0) as total from client_count_totals n
               where ${scope._tag === "Everyone" ? sql`true` : sql`n.advisor_key = ${scope.advisorId}::uuid`}`.pipe(
              Effect.flatMap(decodeCountRows),
              Effect.orDie
            )
          ], { concurrency: "unbounded" })
          const total = counted?.total ?? 0
          return { items: rows.map(toAdvisorClient), total, page, limit, totalPages: Math.ceil(total / limit) }
        }
        // One pass over the matches gives both the exact total (a window count over all
        // of them) and the page's ids, and only those are joined to their details, in
        // one statement: since each detail is a scalar subquery (clientRows), it plans in
        // well under a millisecond, where two statements cost a second round trip.
        const rows = yield* clientRows(sql`(
          select x.id, count(*) over () as total from ${matches(scope, pattern)} x
           order by lower(x.name), x.name, x.id limit ${limit} offset ${offset})`, true)
        // A page past the end has no row to carry the total.
        const countAll = plannedPerPattern(sql`select count(*) as total from ${matches(scope, pattern)} x`)
        const total = rows[0]?.total ?? (yield* countAll.pipe(
          Effect.flatMap(decodeCountRows),
          Effect.orDie,
          Effect.map((counted) => counted[0]?.total ?? 0)
        ))
        return { items: rows.map(toAdvisorClient), total, page, limit, totalPages: Math.ceil(total / limit) }
      })

      const batchAfter = (scope: AdvisorScope, pattern: string | undefined, after: ClientPosition | undefined) => {
        const rows = pattern === undefined ? sql`clients` : matches(scope, pattern)
        const past = after === undefined
          ? sql`true`
          : sql`(lower(x.name), x.name, x.id) > (lower(${after.name}), ${after.name}, ${after.id}::uuid)`
        return clientRows(sql`(
          select x.id, null::bigint as total from ${rows} x
           where ${past} and ${pattern === undefined ? scopeOf(scope, "x") : sql`true`}
           order by lower(x.name), x.name, x.id limit ${CLIENT_EXPORT_BATCH_SIZE})`, pattern !== undefined).pipe(
          Effect.map((batch) => {
            const last = batch.at(-1)
            const next = last === undefined || batch.length < CLIENT_EXPORT_BATCH_SIZE
              ? Option.none<ClientPosition>()
              : Option.some({ name: last.name, id: last.id })
            return [batch.map(toAdvisorClient), next] as const
          })
        )
      }

      const stream = Effect.fn("AdvisorClients.stream")(function*(viewer: SessionUser, query: AdvisorClientExportQuery) {
        const scope = yield* resolveAdvisorScope(viewer, query.advisorId)
        const pattern = containsPattern(query.search)
        return Stream.paginate<ClientPosition | undefined, AdvisorClient>(undefined, (after) => batchAfter(scope, pattern, after))
      })

      const notFound = () => new NotFound({ message: "The client does not exist or is not assigned to you" })

      const quotations = Effect.fn("AdvisorClients.quotations")(function*(viewer: SessionUser, clientId: ClientId) {
        const scope = yield* resolveAdvisorScope(viewer, undefined)
        const [row] = yield* clientRows(sql`(
          select c.id, null::bigint as total from clients c where c.id = ${clientId} and ${scopeOf(scope, "c")})`, false)
        if (row === undefined) return yield* notFound()
        const client = toAdvisorClient(row)
        const rows = yield* sql`
          select q.id, q.code, q.status, q.total, q.created_at, q.updated_at,
                 (select count(*) from quotation_items i where i.quotation_id = q.id) as item_count
            from quotations q
           where q.client_id = ${clientId}
           order by q.created_at desc, q.code desc
           limit ${clientQuotationLimit}`.pipe(Effect.flatMap(decodeQuotationRows), Effect.orDie)
        return {
          client: {
            id: client.id,
            name: client.name,
            email: client.email,
            phone: client.phone,
            active: client.active,
            companyName: client.companyName,
            companyNit: client.companyNit,
            branchName: client.branchName,
            branchCity: client.branchCity,
            routeName: client.routeName,
            routeDay: client.routeDay
          },
          quotations: rows
        }
      })

      return AdvisorClients.of({ list, stream, quotations })
    })
  )
}
