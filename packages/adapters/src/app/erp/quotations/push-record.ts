/**
 * What the pushes of a quotation have recorded (`erp_quotation_operations`): its one
 * successful push, if any, and the errors that name it. Shared by the push (which
 * refuses a second one) and the lookup (which follows the ERP id it saved).
 */
import * as Schema from "effect/Schema"
import type * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { AlreadySynced, QuoteNotFound } from "@quote/core/erp/errors"
import { QuotationId } from "@quote/core/shared/ids"

export const SuccessRow = Schema.Struct({ id: Schema.String, erpQuoteId: Schema.NullOr(Schema.String) })
export type SuccessRow = typeof SuccessRow.Type

/** The quotation's successful push (the database allows one). */
export const successOf = (sql: SqlClient.SqlClient) =>
  SqlSchema.findOneOption({
    Request: QuotationId,
    Result: SuccessRow,
    execute: (quoteId) =>
      sql`select id, erp_quote_id from erp_quotation_operations
           where quotation_id = ${quoteId} and status = 'success'`
  })

export const alreadySynced = (success: SuccessRow) =>
  new AlreadySynced({
    message: "The quotation was already sent to the ERP; use retry to force a new attempt",
    details: { erpQuoteId: success.erpQuoteId, integrationId: success.id }
  })

export const quoteNotFound = (quoteId: QuotationId) =>
  new QuoteNotFound({ message: "No quotation has this id", details: { quoteId } })
