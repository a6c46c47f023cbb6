/**
 * The advisor module's client views (spec "Advisor module"): the paginated list of the
 * clients assigned to an advisor, and one client's latest quotations.
 *
 * "Assigned" is the client's `advisor_id`, which the database keeps equal to its
 * branch's advisor. A client's quotation figures cover its whole history, whoever was
 * its advisor when each was made: the advisor now in charge needs that history.
 */
import { Context, Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import type { Forbidden } from "@quote/core/errors/auth"
import { NotFound } from "@quote/core/errors/common"
import type { SessionUser } from "@quote/core/access"
import { firstDayName } from "@quote/core/calendar/label"
import { type AdvisorScope, resolveAdvisorScope } from "@quote/core/advisor/advisor-scope"
import { containsPattern } from "../../infra/database/search-pattern.ts"
import { defaultClientPageSize, maxClientPageSize } from "@quote/core/advisor/client-page-limits"

/** Spec "Advisor module": the latest quotations shown for one client. */
export const clientQuotationLimit = 100

export interface AdvisorClientQuery {
  readonly search?: string | undefined
  readonly page?: number | undefined
  readonly limit?: number | undefined
  readonly advisorId?: string | undefined
}

export interface AdvisorClient {
  readonly id: string
  readonly name: string
  readonly nit: string
  readonly email: string | null
  readonly phone: string | null
  readonly active: boolean
  readonly createdAt: string
  readonly priceListId: string | null
  readonly priceListName: string | null
  readonly userId: string | null
  readonly userEmail: string | null
  readonly userActive: boolean | null
  readonly companyId: string | null
  readonly companyName: string | null
  readonly companyNit: string | null
  readonly branchId: string | null
  readonly branchName: string | null
  readonly branchCity: string | null
  readonly routeId: string | null
  readonly routeName: string | null
  readonly routeDay: string | null
  readonly quotationCount: number
  readonly lastQuotationAt: string | null
}

export interface AdvisorClientPage {
  readonly items: ReadonlyArray<AdvisorClient>
  readonly total: number
  readonly page: number
  readonly limit: number
  readonly totalPages: number
}

export interface ClientQuotationSummary {
  readonly id: string
  readonly code: string
  readonly status: string
  readonly total: number
  readonly itemCount: number
  readonly createdAt: string
  readonly updatedAt: string
}

export interface ClientQuotationHistory {
  readonly client: Pick<
    AdvisorClient,
    | "id"
    | "name"
    | "email"
    | "phone"
    | "active"
    | "companyName"
    | "companyNit"
    | "branchName"
    | "branchCity"
    | "routeName"
    | "routeDay"
  >
  readonly quotations: ReadonlyArray<ClientQuotationSummary>
}

const ClientRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  created_at: Schema.Date,
  price_list_id: Schema.NullOr(Schema.String),
  price_list_name: Schema.NullOr(Schema.String),
  user_id: Schema.NullOr(Schema.String),
  user_email: Schema.NullOr(Schema.String),
  user_active: Schema.NullOr(Schema.Boolean),
  company_id: Schema.NullOr(Schema.String),
  company_name: Schema.NullOr(Schema.String),
  company_nit: Schema.NullOr(Schema.String),
  branch_id: Schema.NullOr(Schema.String),
  branch_name: Schema.NullOr(Schema.String),
  branch_city: Schema.NullOr(Schema.String),
  route_id: Schema.NullOr(Schema.String),
  route_name: Schema.NullOr(Schema.String),
  route_operation_days: Schema.NullOr(Schema.Array(Schema.Number)),
  quotation_count: Schema.Number,
  last_quotation_at: Schema.NullOr(Schema.Date),
  /** The page's total, when the page's query counts it. */
  total: Schema.NullOr(Schema.Number)
})
const decodeClientRows = Schema.decodeUnknownEffect(Schema.Array(ClientRow))

const CountRow = Schema.Struct({ total: Schema.Number })
const decodePageRows = Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({ id: Schema.String, total: Schema.Number })))
const decodeCountRows = Schema.decodeUnknownEffect(Schema.Array(CountRow))

const QuotationRow = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  status: Schema.String,
  total: Schema.Number,
  item_count: Schema.Number,
  created_at: Schema.Date,
  updated_at: Schema.Date
})
const decodeQuotationRows = Schema.decodeUnknownEffect(Schema.Array(QuotationRow))

const toAdvisorClient = (row: typeof ClientRow.Type): AdvisorClient => ({
  id: row.id,
  name: row.name,
  nit: row.nit,
  email: row.email,
  phone: row.phone,
  active: row.active,
  createdAt: row.created_at.toISOString(),
  priceListId: row.price_list_id,
  priceListName: row.price_list_name,
  userId: row.user_id,
  userEmail: row.user_email,
  userActive: row.user_active,
  companyId: row.company_id,
  companyName: row.company_name,
  companyNit: row.company_nit,
  branchId: row.branch_id,
  branchName: row.branch_name,
  branchCity: row.branch_city,
  routeId: row.route_id,
  routeName: row.route_name,
  routeDay: row.route_operation_days === null ? null : firstDayName(row.route_operation_days),
  quotationCount: row.quotation_count,
  lastQuotationAt: row.last_quotation_at === null ? null : row.last_quotation_at.toISOString()
})

export class AdvisorClients extends Context.Service<AdvisorClients, {
  readonly list: (viewer: SessionUser, query: AdvisorClientQuery) => Effect.Effect<AdvisorClientPage, Forbidden>
  /** 404 `NOT_FOUND` when the client does not exist or is not assigned to the calling advisor. */
  readonly quotations: (
    viewer: SessionUser,
    clientId: string
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
       */
      const clientRows = (page: Fragment) =>
        sql`
          select c.id, c.name, c.nit, c.email, c.active, c.created_at,
                 (select p.phone from client_phones p where p.client_id = c.id
                   order by p.is_messaging desc, p.created_at, p.phone limit 1) as phone,
                 c.price_list_id, pl.name as price_list_name,
                 c.user_id, u.email as user_email, u.active as user_active,
                 c.company_id, co.name as company_name, co.nit as company_nit,
                 c.branch_id, b.name as branch_name, b.city as branch_city,
                 c.route_id, r.name as route_name, r.operation_days as route_operation_days,
                 q.quotation_count, q.last_quotation_at, page.total
            from ${page} page
            join clients c on c.id = page.id
            left join users u on u.id = c.user_id
            left join price_lists pl on pl.id = c.price_list_id
            left join companies co on co.id = c.company_id
            left join branches b on b.id = c.branch_id
            left join routes r on r.id = c.route_id
            cross join lateral (
              select count(*) as quotation_count, max(qq.created_at) as last_quotation_at
                from quotations qq where qq.client_id = c.id
            ) q
           order by lower(c.name), c.name, c.id`.pipe(
          Effect.flatMap(decodeClientRows),
          Effect.orDie
        )

      /**
       * The clients matching a search, as `(id, name)`: each searched column has a
       * trigram index (migrations/0006), so the matches are found per column and united
       * instead of testing every client.
       */
      const matches = (scope: AdvisorScope, pattern: string): Fragment =>
        sql`(
          select m.id, m.name from clients m where m.name ilike ${pattern} and ${scopeOf(scope, "m")}
          union select m.id, m.name from clients m where m.email ilike ${pattern} and ${scopeOf(scope, "m")}
          union select m.id, m.name from users mu join clients m on m.user_id = mu.id
                 where (mu.name ilike ${pattern} or mu.email ilike ${pattern}) and ${scopeOf(scope, "m")})`

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
               order by lower(c.name), c.name, c.id limit ${limit} offset ${offset})`),
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
        // of them) and the page's ids; then only those are joined to their details. Two
        // statements: each is simple enough to plan in a fraction of a millisecond, where
        // the two in one took ~3 ms of planning on every request (its plan depends on the
        // pattern, so PostgreSQL keeps re-planning it).
        const pageIds = yield* sql`
          select x.id, count(*) over () as total from ${matches(scope, pattern)} x
           order by lower(x.name), x.name, x.id limit ${limit} offset ${offset}`.pipe(
          Effect.flatMap(decodePageRows),
          Effect.orDie
        )
        // A page past the end has no row to carry the total.
        const total = pageIds[0]?.total ?? (yield* sql`select count(*) as total from ${matches(scope, pattern)} x`.pipe(
          Effect.flatMap(decodeCountRows),
          Effect.orDie,
          Effect.map((counted) => counted[0]?.total ?? 0)
        ))
        const rows = pageIds.length === 0 ? [] : yield* clientRows(sql`(
          select unnest(${pageIds.map((row) => row.id)}::uuid[]) as id, null::bigint as total)`)
        return { items: rows.map(toAdvisorClient), total, page, limit, totalPages: Math.ceil(total / limit) }
      })

      const notFound = () => new NotFound({ message: "The client does not exist or is not assigned to you" })

      const quotations = Effect.fn("AdvisorClients.quotations")(function*(viewer: SessionUser, clientId: string) {
        const scope = yield* resolveAdvisorScope(viewer, undefined)
        const [row] = yield* clientRows(sql`(
          select c.id, null::bigint as total from clients c where c.id = ${clientId} and ${scopeOf(scope, "c")})`)
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
          quotations: rows.map((row) => ({
            id: row.id,
            code: row.code,
            status: row.status,
            total: row.total,
            itemCount: row.item_count,
            createdAt: row.created_at.toISOString(),
            updatedAt: row.updated_at.toISOString()
          }))
        }
      })

      return AdvisorClients.of({ list, quotations })
    })
  )
}
