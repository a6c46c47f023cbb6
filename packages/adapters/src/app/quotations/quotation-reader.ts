/**
 * Reading quotations back: one quotation with its items (the shape every create and get
 * answers with, web and chat), the paginated, filtered list of the web panel, and the
 * same list whole as a stream (its CSV export). All are limited by a `QuotationScope`,
 * so a quotation outside the caller's scope is simply not found.
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
import { bogota } from "@quote/core/calendar/bogota-time"
import { parseEpochDay } from "@quote/core/calendar/civil-date"
import { NotFound, ValidationError } from "@quote/core/shared/errors"
import type { QuotationId } from "@quote/core/shared/ids"
import {
  type QuotationExportQuery,
  type QuotationListQuery,
  type QuotationPage,
  QuotationStatusChange,
  WebQuotation,
  WebQuotationSummary
} from "@quote/core/quotations/views"
import {
  quotationColumns,
  quotationErpColumn,
  quotationItemsColumn,
  quotationJoins,
  quotationStatusHistoryColumn
} from "./quotation-row.ts"
import { type QuotationScope, scopeCondition } from "./quotation-scope.ts"
import { rollupCoverOfDates } from "@quote/core/stats/rollup-cover"
import { headerSource } from "../stats/rollup-sources.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

export const DEFAULT_PAGE_LIMIT = 20

/** A quotation as read: its status history is JSON built by the statement. */
const QuotationRow = WebQuotation.mapFields(Struct.assign({
  statusHistory: Schema.toCodecJson(Schema.Array(QuotationStatusChange))
}))
const decodeQuotations = Schema.decodeUnknownEffect(Schema.Array(QuotationRow))
const decodeSummaries = Schema.decodeUnknownEffect(Schema.Array(WebQuotationSummary))

const summaryColumns = `${quotationColumns},
  (select count(*) from quotation_items n where n.quotation_id = q.id) as item_count`

/**
 * The whole list is read in batches of this many, each after the last one's position
 * (`created_at`, `code`) on the list's indexes: memory stays flat and no batch costs
 * more than the first, whatever the list's length (an `offset` would read every earlier
 * row again).
 */
export const EXPORT_BATCH_SIZE = 500

/** A summary of an export batch, with its `created_at` as the database writes it (microseconds) for the next batch. */
const ExportRow = Schema.Struct({ ...WebQuotationSummary.fields, position: Schema.String })
const decodeExportRows = Schema.decodeUnknownEffect(Schema.Array(ExportRow))

interface ExportPosition {
  readonly createdAt: string
  readonly code: string
}

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
  readonly find: (id: QuotationId, scope: QuotationScope) => Effect.Effect<Option.Option<WebQuotation>>
  /** `find`, with a quotation outside the scope reported as `NOT_FOUND`. */
  readonly get: (id: QuotationId, scope: QuotationScope) => Effect.Effect<WebQuotation, NotFound>
  /** A page of the quotations within the scope, newest first. */
  readonly list: (query: QuotationListQuery, scope: QuotationScope) => Effect.Effect<QuotationPage, ValidationError>
  /**
   * Every quotation the filters match within the scope, newest first, read in keyset
   * batches as the stream is pulled (each batch its own statement: a quotation created
   * meanwhile is newer than the export's start and not in it).
   */
  readonly stream: (
    query: QuotationExportQuery,
    scope: QuotationScope
  ) => Effect.Effect<Stream.Stream<WebQuotationSummary>, ValidationError>
}>()("@quote/adapters/QuotationReader") {
  static readonly layer = Layer.effect(
    QuotationReader,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const find = Effect.fn("QuotationReader.find")(function*(id: QuotationId, scope: QuotationScope) {
        const rows = yield* sql`
          select ${sql.literal(quotationColumns)}, ${sql.literal(quotationErpColumn)},
                 ${sql.literal(quotationItemsColumn)}, ${sql.literal(quotationStatusHistoryColumn)}
          ${sql.literal(quotationJoins)}
           where q.id = ${id}::uuid and ${scopeCondition(sql, scope)}`.pipe(
          Effect.flatMap(decodeQuotations),
          Effect.orDie
        )
        return Option.fromNullishOr(rows[0])
      })

      const get = Effect.fn("QuotationReader.get")(function*(id: QuotationId, scope: QuotationScope) {
        const found = yield* find(id, scope)
        if (Option.isNone(found)) return yield* new NotFound({ message: "Quotation not found", details: { id } })
        return found.value
      })

      const conditions = Effect.fnUntraced(function*(query: QuotationExportQuery, scope: QuotationScope) {
        const clauses: Array<Fragment> = [scopeCondition(sql, scope)]
        if (query.status !== undefined) clauses.push(sql`q.status = ${query.status}`)
        if (query.source !== undefined) clauses.push(sql`q.source = ${query.source}`)
        if (query.clientId !== undefined) clauses.push(sql`q.client_id = ${query.clientId}::uuid`)
        if (query.dateFrom !== undefined) {
          clauses.push(sql`q.created_at >= ${yield* bogotaDayStart("dateFrom", query.dateFrom, 0)}`)
        }
        if (query.dateTo !== undefined) {
          // Inclusive: everything before the start of the next day.
          clauses.push(sql`q.created_at < ${yield* bogotaDayStart("dateTo", query.dateTo, 1)}`)
        }
        return sql.and(clauses)
      })

      /**
       * The number of quotations a list matches. An admin's or an advisor's list (the
       * large ones) is counted from the rollups of migrations/0006, exactly; a client
       * filter or a company's scope matches few rows, counted directly.
       */
      const count = (query: QuotationListQuery, scope: QuotationScope, where: Fragment) =>
        countStatement(query, scope, where).pipe(decodedRows(Schema.Struct({ total: Schema.Number })))

      const countStatement = (query: QuotationListQuery, scope: QuotationScope, where: Fragment) => {
        if (query.clientId === undefined && (scope._tag === "All" || scope._tag === "Advisor")) {
          const source = headerSource(
            sql,
            rollupCoverOfDates(query.dateFrom, query.dateTo),
            scope._tag === "Advisor" ? scope.advisorId : undefined
          )
          return sql`
            select coalesce(sum(x.orders), 0) as total from ${source} x
             where ${query.status === undefined ? sql`true` : sql`x.status = ${query.status}`}
               and ${query.source === undefined ? sql`true` : sql`x.source = ${query.source}`}`
        }
        return sql`select count(*) as total from quotations q where ${where}`
      }

      const list = Effect.fn("QuotationReader.list")(function*(query: QuotationListQuery, scope: QuotationScope) {
        const page = query.page ?? 1
        const limit = query.limit ?? DEFAULT_PAGE_LIMIT
        const where = yield* conditions(query, scope)
        const [counted] = yield* count(query, scope, where).pipe(Effect.orDie)
        // The page's ids first, from the (scope or status, created_at, code) indexes; the
        // joins only for those rows.
        const items = yield* sql`
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
        return { items, total, page, limit, totalPages: Math.ceil(total / limit) }
      })

      const batchAfter = (where: Fragment, after: ExportPosition | undefined) =>
        sql`
          with batch as (
            select q.id from quotations q
             where ${where}
               and ${after === undefined ? sql`true` : sql`(q.created_at, q.code) < (${after.createdAt}::timestamptz, ${after.code})`}
             order by q.created_at desc, q.code desc
             limit ${EXPORT_BATCH_SIZE}
          )
          select ${sql.literal(summaryColumns)}, q.created_at::text as position
          ${sql.literal(quotationJoins)}
           where q.id in (select id from batch)
           order by q.created_at desc, q.code desc`.pipe(
          Effect.flatMap(decodeExportRows),
          Effect.orDie,
          Effect.map((rows) => {
            const last = rows.at(-1)
            const next = last === undefined || rows.length < EXPORT_BATCH_SIZE
              ? Option.none<ExportPosition>()
              : Option.some({ createdAt: last.position, code: last.code })
            return [rows.map(({ position: _position, ...summary }) => summary), next] as const
          })
        )

      const stream = Effect.fn("QuotationReader.stream")(function*(query: QuotationExportQuery, scope: QuotationScope) {
        const where = yield* conditions(query, scope)
        return Stream.paginate<ExportPosition | undefined, WebQuotationSummary>(undefined, (after) => batchAfter(where, after))
      })

      return QuotationReader.of({ find, get, list, stream })
    })
  )
}
