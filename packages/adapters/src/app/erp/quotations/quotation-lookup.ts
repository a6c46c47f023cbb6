/**
 * What is known of a quotation's pushes (spec "Quotations to the ERP"): its history of
 * attempts (`erp_quotation_operations`, newest first) and, for a pushed one, the ERP's
 * quotation read again to refresh the public link (`refresh-url`).
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { NoErpId, type QuoteNotFound } from "@quote/core/errors/erp"
import type { ErpError } from "@quote/core/errors/erp"
import { quoteNotFound, successOf } from "./push-record.ts"

export const QuotationOperation = Schema.Struct({
  id: Schema.String,
  erp_quote_id: Schema.NullOr(Schema.String),
  status: Schema.Literals(["pending", "success", "error"]),
  error_message: Schema.NullOr(Schema.String),
  attempt_count: Schema.Number,
  created_at: Schema.Date,
  updated_at: Schema.Date,
  triggered_by_name: Schema.NullOr(Schema.String)
})
export type QuotationOperation = typeof QuotationOperation.Type

export interface RefreshedUrl {
  readonly erpUrl: string | null
  readonly erpUuid: string
  readonly raw: unknown
}

export class ErpQuotationLookup extends Context.Service<ErpQuotationLookup, {
  readonly history: (quoteId: string) => Effect.Effect<ReadonlyArray<QuotationOperation>, QuoteNotFound>
  readonly refreshUrl: (quoteId: string) => Effect.Effect<RefreshedUrl, QuoteNotFound | NoErpId | ErpError>
}>()("@quote/adapters/erp/ErpQuotationLookup") {
  static readonly layer = Layer.effect(
    ErpQuotationLookup,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const erp = yield* ErpGateway
      const recordedSuccess = successOf(sql)

      const exists = (quoteId: string) =>
        sql<{ readonly id: string }>`select id from quotations where id = ${quoteId}`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) => rows.length === 0 ? Effect.fail(quoteNotFound(quoteId)) : Effect.void)
        )

      const operations = SqlSchema.findAll({
        Request: Schema.String,
        Result: QuotationOperation,
        execute: (quoteId) =>
          sql`select o.id, o.erp_quote_id, o.status, o.error_message, o.attempt_count, o.created_at, o.updated_at,
                     u.name as triggered_by_name
                from erp_quotation_operations o left join users u on u.id = o.triggered_by
               where o.quotation_id = ${quoteId}
               order by o.created_at desc, o.attempt_count desc`
      })

      const history = Effect.fn("ErpQuotationLookup.history")(function*(quoteId: string) {
        yield* exists(quoteId)
        return yield* operations(quoteId).pipe(Effect.orDie)
      })

      const refreshUrl = Effect.fn("ErpQuotationLookup.refreshUrl")(function*(quoteId: string) {
        yield* exists(quoteId)
        const success = yield* recordedSuccess(quoteId).pipe(Effect.orDie)
        const erpQuoteId = Option.flatMap(success, (row) => Option.fromNullishOr(row.erp_quote_id))
        if (Option.isNone(erpQuoteId)) {
          return yield* new NoErpId({ message: "The quotation has no successful ERP integration", details: { quoteId } })
        }
        const found = yield* erp.getQuotation(erpQuoteId.value)
        if (Option.isNone(found)) {
          return yield* new NoErpId({
            message: "The ERP no longer has this quotation",
            details: { quoteId, erpQuoteId: erpQuoteId.value }
          })
        }
        const quotation = found.value
        // Stays as it was when the ERP gives no link.
        yield* sql`update quotations set erp_url = coalesce(${quotation.publicUrl}, erp_url) where id = ${quoteId}`.pipe(
          Effect.orDie
        )
        const refreshed: RefreshedUrl = { erpUrl: quotation.publicUrl, erpUuid: quotation.id, raw: quotation.raw }
        return refreshed
      })

      return ErpQuotationLookup.of({ history, refreshUrl })
    })
  )
}
