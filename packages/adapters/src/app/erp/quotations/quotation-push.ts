/**
 * Sending local quotations to the ERP (spec "Quotations to the ERP"): the request
 * `ErpQuotationDrafts` prepares, the local `synced` status, and every attempt in
 * `erp_quotation_operations` (the history).
 *
 * Never twice in Siigo: an attempt first claims the quotation (a `pending` operation,
 * taken under the quotation's row lock, so a concurrent push of the same quotation gets
 * 409), then sends with `createQuotationOnce`, which looks the quotation up in Siigo
 * before creating it and again after a 500 or a time-out. The lookup starts a little
 * before the quotation's first attempt, so a copy created by an earlier attempt whose
 * answer was lost (or whose local save failed: `DB_COMMIT_FAILED`) is found and recorded
 * instead of being created again.
 *
 * `retry` (force) skips the "already synced" refusal and goes to the ERP again, but the
 * database still refuses a second `success` for one quotation, so it answers
 * `ALREADY_SYNCED` after the fact in that case.
 */
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import { createQuotationOnce } from "@quote/core/erp/create-quotation-once"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { type AlreadySynced, DbCommitFailed, type QuoteNotFound, SyncAlreadyRunning } from "@quote/core/erp/errors"
import type { ErpQuotation } from "@quote/core/erp/erp-quotation"
import type { QuotationId, UserId } from "@quote/core/shared/ids"
import type { ErpQuotePush } from "@quote/core/erp/views"
import { isUniqueViolation } from "../../../infra/database/sql-errors.ts"
import { jsonb } from "../../../infra/database/type-mapping.ts"
import { decodedRows } from "../../../infra/database/decoded-rows.ts"
import { type DraftError, ErpQuotationDrafts } from "./quotation-draft.ts"
import { alreadySynced, quoteNotFound, successOf } from "./push-record.ts"

export interface ErpPushSettings {
  /** Wait before looking again after a create that failed with a 500 or a time-out. */
  readonly recheckAfter: Duration.Input
  /** A `pending` attempt older than this belongs to a process that died. */
  readonly claimTimeout: Duration.Input
  /** How far before the first attempt the Siigo lookup starts (clock skew). */
  readonly lookupMargin: Duration.Input
}

export const ErpPushOptions = Context.Reference<ErpPushSettings>("@quote/adapters/erp/ErpPushOptions", {
  defaultValue: () => ({
    recheckAfter: Duration.seconds(2),
    claimTimeout: Duration.minutes(15),
    lookupMargin: Duration.minutes(10)
  })
})

export type PushError = QuoteNotFound | AlreadySynced | SyncAlreadyRunning | DbCommitFailed | DraftError

export class ErpQuotationPush extends Context.Service<ErpQuotationPush, {
  /** `POST /quotes/:quoteId` (`force: false`) and `POST /quotes/:quoteId/retry` (`force: true`). */
  readonly push: (
    quoteId: QuotationId,
    options: { readonly force: boolean; readonly triggeredBy: UserId | null }
  ) => Effect.Effect<ErpQuotePush, PushError>
}>()("@quote/adapters/erp/ErpQuotationPush") {
  static readonly layer = Layer.effect(
    ErpQuotationPush,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const erp = yield* ErpGateway
      const drafts = yield* ErpQuotationDrafts
      const options = yield* ErpPushOptions
      const claimTimeoutSeconds = Duration.toSeconds(options.claimTimeout)
      const recordedSuccess = successOf(sql)

      /**
       * Takes the quotation for this attempt: a `pending` operation inserted under the
       * quotation's row lock. Answers the operation id and when the first attempt began.
       */
      const claim = (quoteId: QuotationId, force: boolean, triggeredBy: UserId | null) =>
        Effect.gen(function*() {
          // Locks the row; only whether it exists is read.
          const quotation = yield* sql`
            select id from quotations where id = ${quoteId} for update`
          if (quotation.length === 0) return yield* Effect.fail(quoteNotFound(quoteId))
          const success = yield* recordedSuccess(quoteId)
          if (Option.isSome(success) && !force) return yield* Effect.fail(alreadySynced(success.value))
          // A pending attempt of a process that died is closed; a live one blocks this attempt.
          yield* sql`
            update erp_quotation_operations
               set status = 'error', error_message = 'Abandoned: the attempt never finished'
             where quotation_id = ${quoteId} and status = 'pending'
               and updated_at < now() - ${claimTimeoutSeconds} * interval '1 second'`
          const inFlight = yield* sql`
            select id from erp_quotation_operations where quotation_id = ${quoteId} and status = 'pending'`.pipe(
            decodedRows(Schema.Struct({ id: Schema.String }))
          )
          if (inFlight.length > 0) {
            return yield* Effect.fail(
              new SyncAlreadyRunning({
                message: "This quotation is being sent to the ERP right now; try again when it finishes",
                details: { quoteId, integrationId: inFlight[0]!.id }
              })
            )
          }
          const [row] = yield* sql`
            with previous as (
              select count(*)::int as attempts, min(created_at) as first_at
                from erp_quotation_operations where quotation_id = ${quoteId}
            )
            insert into erp_quotation_operations (quotation_id, status, attempt_count, triggered_by)
            select ${quoteId}, 'pending', previous.attempts + 1, ${triggeredBy} from previous
            returning id, (select coalesce(first_at, now()) from previous) as first_attempt_at`.pipe(
            decodedRows(Schema.Struct({ id: Schema.String, firstAttemptAt: Schema.Date }))
          )
          return { operationId: row!.id, firstAttemptAt: row!.firstAttemptAt }
        }).pipe(sql.withTransaction, Effect.catchTag(["SqlError", "SchemaError"], Effect.die))

      const recordFailure = (operationId: string, message: string, erpQuoteId: string | null = null) =>
        sql`update erp_quotation_operations
               set status = 'error', error_message = ${message}, erp_quote_id = coalesce(${erpQuoteId}, erp_quote_id)
             where id = ${operationId}`.pipe(Effect.orDie)

      /** Records the ERP's quotation as this attempt's success and the quotation as `synced`. */
      const save = (quoteId: QuotationId, operationId: string, sent: ErpQuotation) =>
        Effect.gen(function*() {
          yield* sql`
            update erp_quotation_operations
               set status = 'success', erp_quote_id = ${sent.id}, erp_response = ${jsonb(sent.raw)}, error_message = null
             where id = ${operationId}`
          // The status change is recorded as `quotation.status_changed` by the database triggers.
          yield* sql`
            update quotations set ${
            sql.update({
              status: "synced",
              erp_quotation_id: sent.id,
              erp_quotation_number: sent.name ?? (sent.number === null ? null : String(sent.number)),
              erp_synced_at: DateTime.toDateUtc(yield* DateTime.now)
            })
          }, erp_url = coalesce(${sent.publicUrl}, erp_url)
             where id = ${quoteId}`
        }).pipe(sql.withTransaction)

      const send = Effect.fnUntraced(function*(quoteId: QuotationId, operationId: string, firstAttemptAt: Date) {
        const { code, request } = yield* drafts.prepare(quoteId).pipe(
          Effect.tapError((error) => recordFailure(operationId, `${error._tag}: ${error.message}`))
        )
        const sent = yield* createQuotationOnce(request, {
          createdStart: DateTime.subtractDuration(DateTime.fromDateUnsafe(firstAttemptAt), options.lookupMargin),
          recheckAfter: options.recheckAfter
        }).pipe(
          Effect.provideService(ErpGateway, erp),
          Effect.tapError((error) => recordFailure(operationId, `${error._tag}: ${error.message}`))
        )
        const erpQuotation = sent.quotation
        yield* save(quoteId, operationId, erpQuotation).pipe(
          Effect.catchIf(
            (error) => isUniqueViolation(error, "erp_quotation_operations_one_success_key"),
            () =>
              Effect.gen(function*() {
                yield* recordFailure(operationId, "A success is already recorded for this quotation", erpQuotation.id)
                const success = yield* recordedSuccess(quoteId).pipe(Effect.orDie)
                return yield* Effect.fail(
                  Option.match(success, {
                    onNone: () => quoteNotFound(quoteId),
                    onSome: alreadySynced
                  })
                )
              })
          ),
          Effect.catchTag("SqlError", (error) =>
            Effect.gen(function*() {
              yield* Effect.logError("The ERP accepted a quotation but saving it failed", error).pipe(
                Effect.annotateLogs({ quoteId, erpQuoteId: erpQuotation.id })
              )
              // Best effort: the database may be what failed.
              yield* Effect.exit(recordFailure(operationId, `Saved in the ERP, not locally: ${error.message}`, erpQuotation.id))
              return yield* new DbCommitFailed({
                message: "The ERP accepted the quotation but saving it locally failed; send it again to record it",
                details: { erpQuoteId: erpQuotation.id }
              })
            })
          )
        )
        if (sent.outcome !== "created") {
          yield* Effect.logInfo(`ERP quotation found instead of created again (${sent.outcome})`).pipe(
            Effect.annotateLogs({ quoteId, erpQuoteId: erpQuotation.id })
          )
        }
        const result: ErpQuotePush = {
          integrationId: operationId,
          erpQuoteId: erpQuotation.id,
          status: "success",
          quotationCode: code,
          erpResponse: {
            id: erpQuotation.id,
            name: erpQuotation.name,
            number: erpQuotation.number,
            total: erpQuotation.total
          }
        }
        return result
      })

      const push = Effect.fn("ErpQuotationPush.push")(function*(
        quoteId: QuotationId,
        pushOptions: { readonly force: boolean; readonly triggeredBy: UserId | null }
      ) {
        const { firstAttemptAt, operationId } = yield* claim(quoteId, pushOptions.force, pushOptions.triggeredBy)
        return yield* send(quoteId, operationId, firstAttemptAt).pipe(
          // An abandoned attempt must not hold the quotation until the claim times out.
          Effect.onInterrupt(() => Effect.exit(recordFailure(operationId, "Interrupted before it finished")))
        )
      })

      return ErpQuotationPush.of({ push })
    })
  )
}
