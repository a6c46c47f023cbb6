/**
 * Status changes made by an administrator in the admin panel (CONTRACT.md "Admin panel
 * actions"). The allowed transitions are core `planAdminStatusChange`'s (pending →
 * approved / rejected); setting the current status again changes nothing. The events
 * (`quotation.status_changed`, plus `quotation.approved` / `quotation.rejected`) are
 * recorded by the database triggers of the UPDATE, never by this code.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import { InvalidStatusTransition } from "@quote/core/quotations/errors"
import { NotFound } from "@quote/core/shared/errors"
import type { QuotationId } from "@quote/core/shared/ids"
import { planAdminStatusChange, QuotationStatus } from "@quote/core/quotations/quotation-status"
import type { WebQuotation } from "@quote/core/quotations/views"
import { QuotationReader } from "./quotation-reader.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

const StatusRow = Schema.Struct({ status: QuotationStatus })

const notFound = (id: QuotationId) => new NotFound({ message: "Quotation not found", details: { id } })

export class QuotationStatusChanges extends Context.Service<QuotationStatusChanges, {
  readonly change: (
    quotationId: QuotationId,
    status: QuotationStatus
  ) => Effect.Effect<WebQuotation, NotFound | InvalidStatusTransition>
}>()("@quote/adapters/QuotationStatusChanges") {
  static readonly layer = Layer.effect(
    QuotationStatusChanges,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const reader = yield* QuotationReader

      const change = Effect.fn("QuotationStatusChanges.change")(function*(quotationId: QuotationId, status: QuotationStatus) {
        // The row lock makes the plan and the update one step: two admins cannot both
        // move the same pending quotation.
        yield* Effect.gen(function*() {
          const [row] = yield* sql`
            select status from quotations where id = ${quotationId}::uuid for update`.pipe(decodedRows(StatusRow))
          if (row === undefined) return yield* notFound(quotationId)
          const plan = planAdminStatusChange(row.status, status)
          if (Result.isFailure(plan)) return yield* plan.failure
          if (plan.success.changed) {
            yield* sql`update quotations set status = ${status} where id = ${quotationId}::uuid`
          }
        }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
        const view = yield* reader.find(quotationId, { _tag: "All" })
        return yield* Option.match(view, { onNone: () => Effect.fail(notFound(quotationId)), onSome: Effect.succeed })
      })

      return QuotationStatusChanges.of({ change })
    })
  ).pipe(Layer.provide(QuotationReader.layer))
}
