/**
 * What is known of a quotation's pushes (spec "Quotations to the ERP"): its history of
 * attempts (`erp_quotation_operations`, newest first) and, for a pushed one, the ERP's
 * quotation read again to refresh the public link (`refresh-url`).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { NoErpId, type QuoteNotFound } from "@quote/core/erp/errors"
import type { ErpError } from "@quote/core/erp/errors"
import { QuotationId } from "@quote/core/shared/ids"
import { ErpQuotationOperation, type ErpRefreshedUrl } from "@quote/core/erp/views"
import { quoteNotFound, successOf } from "./push-record.ts"

export class ErpQuotationLookup extends Context.Service<ErpQuotationLookup, {
  readonly history: (quoteId: QuotationId) => Effect.Effect<ReadonlyArray<ErpQuotationOperation>, QuoteNotFound>
  readonly refreshUrl: (quoteId: QuotationId) => Effect.Effect<ErpRefreshedUrl, QuoteNotFound | NoErpId | ErpError>
}>()("@quote/adapters/erp/ErpQuotationLookup") {
  static readonly layer = Layer.effect(
    ErpQuotationLookup,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      // The history keeps the spec's snake_case, the stored names: read without the transform.
      const storedNames = sql.withoutTransforms()
      const erp = yield* ErpGateway
      const recordedSuccess = successOf(sql)

      const exists = (quoteId: QuotationId) =>
        // Whether the row exists; nothing of it is read.
        sql`select id from quotations where id = ${quoteId}`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) => rows.length === 0 ? Effect.fail(quoteNotFound(quoteId)) : Effect.void)
        )

      const operations = SqlSchema.findAll({
        Request: QuotationId,
        Result: ErpQuotationOperation,
        execute: (quoteId) =>
          storedNames`select o.id, o.erp_quote_id, o.status, o.error_message, o.attempt_count, o.created_at,
                             o.updated_at, u.name as triggered_by_name
                        from erp_quotation_operations o left join users u on u.id = o.triggered_by
                       where o.quotation_id = ${quoteId}
                       order by o.created_at desc, o.attempt_count desc`
      })

      const history = Effect.fn("ErpQuotationLookup.history")(function*(quoteId: QuotationId) {
        yield* exists(quoteId)
        return yield* operations(quoteId).pipe(Effect.orDie)
      })

      const refreshUrl = Effect.fn("ErpQuotationLookup.refreshUrl")(function*(quoteId: QuotationId) {
        yield* exists(quoteId)
        const success = yield* recordedSuccess(quoteId).pipe(Effect.orDie)
        const erpQuoteId = Option.flatMap(success, (row) => Option.fromNullishOr(row.erpQuoteId))
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
        const refreshed: ErpRefreshedUrl = { erpUrl: quotation.publicUrl, erpUuid: quotation.id, raw: quotation.raw }
        return refreshed
      })

      return ErpQuotationLookup.of({ history, refreshUrl })
    })
  )
}
