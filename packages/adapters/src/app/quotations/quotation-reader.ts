/**
 * Reading quotations back: one quotation with its items (the shape every create and get
 * answers with, web and chat), and the paginated, filtered list of the web panel. Both
 * are limited by a `QuotationScope`, so a quotation outside the caller's scope is simply
 * not found.
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import { bogota } from "@quote/core/calendar/bogota-time"
import { parseEpochDay } from "@quote/core/calendar/civil-date"
import { NotFound, ValidationError } from "@quote/core/errors/common"
import type { PriceType } from "@quote/core/pricing"
import { QuotationStatus } from "@quote/core/quotation-status"
import {
  quotationHeaderColumns,
  quotationHeaderFields,
  quotationItemsColumn,
  quotationJoins,
  QuotationRow
} from "./quotation-row.ts"
import { type QuotationScope, scopeCondition } from "./quotation-scope.ts"
import { rollupCoverOfDates } from "@quote/core/stats/rollup-cover"
import { headerSource } from "../stats/rollup-sources.ts"

export type QuotationSource = "web" | "chat"

export interface Ref {
  readonly id: string
  readonly name: string
}

export interface QuotationItemView {
  /** `null` once the product was deleted from the catalog (the line keeps its snapshot). */
  readonly productId: string | null
  readonly sku: string
  readonly name: string
  readonly quantity: number
  readonly unitPrice: number
  readonly priceType: PriceType
  readonly subtotal: number
}

export interface QuotationSummary {
  readonly id: string
  readonly code: string
  readonly status: QuotationStatus
  readonly source: QuotationSource
  readonly total: number
  readonly notes: string | null
  readonly routeDate: string | null
  readonly clientId: string
  readonly clientName: string
  readonly company: Ref | null
  readonly branch: Ref | null
  readonly advisor: Ref | null
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly itemCount: number
}

export interface QuotationView extends QuotationSummary {
  readonly items: ReadonlyArray<QuotationItemView>
}

export interface QuotationFilters {
  readonly status?: QuotationStatus | undefined
  readonly source?: QuotationSource | undefined
  readonly clientId?: string | undefined
  /** `YYYY-MM-DD`: created on or after this Bogotá day. */
  readonly dateFrom?: string | undefined
  /** `YYYY-MM-DD`: created on or before this Bogotá day. */
  readonly dateTo?: string | undefined
}

export interface PageRequest {
  /** 1-based; default 1. */
  readonly page?: number | undefined
  /** Default 20. */
  readonly limit?: number | undefined
}

export interface QuotationPage {
  readonly items: ReadonlyArray<QuotationSummary>
  readonly total: number
  readonly page: number
  readonly limit: number
  readonly totalPages: number
}

export const DEFAULT_PAGE_LIMIT = 20

const SummaryRow = Schema.Struct({ ...quotationHeaderFields, item_count: Schema.Number })
const ViewRow = Schema.Struct({ ...QuotationRow.fields, item_count: Schema.Number })

const decodeSummaries = Schema.decodeUnknownEffect(Schema.Array(SummaryRow))
const decodeViews = Schema.decodeUnknownEffect(Schema.Array(ViewRow))

const ref = (id: string | null, name: string | null): Ref | null =>
  id === null || name === null ? null : { id, name }

const toSummary = (row: typeof SummaryRow.Type): QuotationSummary => ({
  id: row.id,
  code: row.code,
  status: row.status,
  source: row.source,
  total: row.total,
  notes: row.notes,
  routeDate: row.route_date,
  clientId: row.client_id,
  clientName: row.client_name,
  company: ref(row.company_id, row.company_name),
  branch: ref(row.branch_id, row.branch_name),
  advisor: ref(row.advisor_id, row.advisor_name),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  itemCount: row.item_count
})

const summaryColumns = `${quotationHeaderColumns},
  (select count(*) from quotation_items n where n.quotation_id = q.id) as item_count`

/** 00:00 in Bogotá of a `YYYY-MM-DD` day, `days` days later. */
const bogotaDayStart = (field: string, date: string, days: number) => {
  const epochDay = parseEpochDay(date)
  return epochDay === undefined
    ? Effect.fail(
      new ValidationError({
        message: `${field} is not a real date`,
        details: { issues: [{ path: ["query", field], message: `${date} is not a real YYYY-MM-DD date` }] }
      })
    )
    : Effect.succeed(new Date(bogota.instantOf(epochDay + days, 0)))
}

export class QuotationReader extends Context.Service<QuotationReader, {
  /** One quotation with its items, if it exists within the scope. */
  readonly find: (id: string, scope: QuotationScope) => Effect.Effect<Option.Option<QuotationView>>
  /** `find`, with a quotation outside the scope reported as `NOT_FOUND`. */
  readonly get: (id: string, scope: QuotationScope) => Effect.Effect<QuotationView, NotFound>
  /** A page of the quotations within the scope, newest first. */
  readonly list: (
    filters: QuotationFilters,
    scope: QuotationScope,
    page: PageRequest
  ) => Effect.Effect<QuotationPage, ValidationError>
}>()("@quote/adapters/QuotationReader") {
  static readonly layer = Layer.effect(
    QuotationReader,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const find = Effect.fn("QuotationReader.find")(function*(id: string, scope: QuotationScope) {
        const rows = yield* sql`
          select ${sql.literal(summaryColumns)}, ${sql.literal(quotationItemsColumn)}
          ${sql.literal(quotationJoins)}
           where q.id = ${id}::uuid and ${scopeCondition(sql, scope)}`.pipe(
          Effect.flatMap(decodeViews),
          Effect.orDie
        )
        return Option.map(Option.fromNullishOr(rows[0]), (row): QuotationView => ({
          ...toSummary(row),
          items: row.items
        }))
      })

      const get = Effect.fn("QuotationReader.get")(function*(id: string, scope: QuotationScope) {
        const found = yield* find(id, scope)
        if (Option.isNone(found)) return yield* new NotFound({ message: "Quotation not found", details: { id } })
        return found.value
      })

      const conditions = Effect.fnUntraced(function*(filters: QuotationFilters, scope: QuotationScope) {
        const clauses: Array<Fragment> = [scopeCondition(sql, scope)]
        if (filters.status !== undefined) clauses.push(sql`q.status = ${filters.status}`)
        if (filters.source !== undefined) clauses.push(sql`q.source = ${filters.source}`)
        if (filters.clientId !== undefined) clauses.push(sql`q.client_id = ${filters.clientId}::uuid`)
        if (filters.dateFrom !== undefined) {
          clauses.push(sql`q.created_at >= ${yield* bogotaDayStart("dateFrom", filters.dateFrom, 0)}`)
        }
        if (filters.dateTo !== undefined) {
          // Inclusive: everything before the start of the next day.
          clauses.push(sql`q.created_at < ${yield* bogotaDayStart("dateTo", filters.dateTo, 1)}`)
        }
        return sql.and(clauses)
      })

      /**
       * The number of quotations a list matches. An admin's or an advisor's list (the
       * large ones) is counted from the rollups of migrations/0006, exactly; a client
       * filter or a company's scope matches few rows, counted directly.
       */
      const count = (filters: QuotationFilters, scope: QuotationScope, where: Fragment) => {
        if (filters.clientId === undefined && (scope._tag === "All" || scope._tag === "Advisor")) {
          const source = headerSource(
            sql,
            rollupCoverOfDates(filters.dateFrom, filters.dateTo),
            scope._tag === "Advisor" ? scope.advisorId : undefined
          )
          return sql<{ readonly total: number }>`
            select coalesce(sum(x.orders), 0) as total from ${source} x
             where ${filters.status === undefined ? sql`true` : sql`x.status = ${filters.status}`}
               and ${filters.source === undefined ? sql`true` : sql`x.source = ${filters.source}`}`
        }
        return sql<{ readonly total: number }>`select count(*) as total from quotations q where ${where}`
      }

      const list = Effect.fn("QuotationReader.list")(function*(
        filters: QuotationFilters,
        scope: QuotationScope,
        request: PageRequest
      ) {
        const page = request.page ?? 1
        const limit = request.limit ?? DEFAULT_PAGE_LIMIT
        const where = yield* conditions(filters, scope)
        const [counted] = yield* count(filters, scope, where).pipe(Effect.orDie)
        // The page's ids first, from the (scope or status, created_at, code) indexes; the
        // joins only for those rows.
        const rows = yield* sql`
          with page as (
            select q.id from quotations q
             where ${where}
             order by q.created_at desc, q.code desc
             limit ${limit} offset ${(page - 1) * limit}
          )
          select ${sql.literal(summaryColumns)}
          ${sql.literal(quotationJoins)}
           where q.id in (select id from page)
           order by q.created_at desc, q.code desc`.pipe(
          Effect.flatMap(decodeSummaries),
          Effect.orDie
        )
        const total = counted?.total ?? 0
        return { items: rows.map(toSummary), total, page, limit, totalPages: Math.ceil(total / limit) }
      })

      return QuotationReader.of({ find, get, list })
    })
  )
}
