/**
 * Sending local quotations to the ERP (spec "Quotations to the ERP"): validation with
 * the spec's codes, the ERP request, the local `synced` status, and every attempt in
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
import { Context, DateTime, Duration, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { createQuotationOnce } from "@quote/core/erp/create-quotation-once"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import {
  AlreadySynced,
  DbCommitFailed,
  ErpCustomerNotFound,
  MissingClientNit,
  MissingSellerId,
  NoErpId,
  QuoteHasDeletedProducts,
  QuoteHasNoItems,
  QuoteHasUnsyncedProducts,
  QuoteNotFound,
  SyncAlreadyRunning
} from "@quote/core/erp/erp-integration-errors"
import type { ErpQuotation } from "@quote/core/erp/erp-quotation"
import { type ErpQuotationDraftLine, toErpQuotationRequest } from "@quote/core/erp/erp-quotation-draft"
import { type ErpError, ErpHttpError } from "@quote/core/erp/errors"
import { cleanNit } from "@quote/core/erp/nit"
import { AppConfig } from "../../infra/config/app-config.ts"
import { isUniqueViolation } from "../../infra/database/sql-errors.ts"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { ErpSettingsStore } from "./erp-settings-store.ts"

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

export interface PushResult {
  readonly integrationId: string
  readonly erpQuoteId: string
  readonly status: "success"
  readonly quotationCode: string
  readonly erpResponse: {
    readonly id: string
    readonly name: string | null
    readonly number: number | null
    readonly total: number
  }
}

export type PushError =
  | QuoteNotFound
  | AlreadySynced
  | SyncAlreadyRunning
  | QuoteHasNoItems
  | QuoteHasDeletedProducts
  | QuoteHasUnsyncedProducts
  | MissingClientNit
  | MissingSellerId
  | ErpCustomerNotFound
  | DbCommitFailed
  | ErpError

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

const QuotationRow = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  notes: Schema.NullOr(Schema.String),
  client_nit: Schema.String,
  company_nit: Schema.NullOr(Schema.String),
  seller_id: Schema.NullOr(Schema.Number)
})

const ItemRow = Schema.Struct({
  sku: Schema.String,
  name: Schema.String,
  quantity: Schema.Number,
  unit_price: Schema.Number,
  product_id: Schema.NullOr(Schema.String),
  product_sku: Schema.NullOr(Schema.String),
  product_active: Schema.NullOr(Schema.Boolean),
  erp_id: Schema.NullOr(Schema.String)
})

const SuccessRow = Schema.Struct({ id: Schema.String, erp_quote_id: Schema.NullOr(Schema.String) })

const quoteNotFound = (quoteId: string) =>
  new QuoteNotFound({ message: "No quotation has this id", details: { quoteId } })

export class ErpQuotationPush extends Context.Service<ErpQuotationPush, {
  /** `POST /quotes/:quoteId` (`force: false`) and `POST /quotes/:quoteId/retry` (`force: true`). */
  readonly push: (
    quoteId: string,
    options: { readonly force: boolean; readonly triggeredBy: string | null }
  ) => Effect.Effect<PushResult, PushError>
  readonly history: (quoteId: string) => Effect.Effect<ReadonlyArray<QuotationOperation>, QuoteNotFound>
  readonly refreshUrl: (quoteId: string) => Effect.Effect<RefreshedUrl, QuoteNotFound | NoErpId | ErpError>
}>()("@quote/adapters/erp/ErpQuotationPush") {
  static readonly layer = Layer.effect(
    ErpQuotationPush,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const erp = yield* ErpGateway
      const store = yield* ErpSettingsStore
      const config = yield* AppConfig
      const options = yield* ErpPushOptions
      const claimTimeoutSeconds = Duration.toSeconds(options.claimTimeout)

      const successOf = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: SuccessRow,
        execute: (quoteId) =>
          sql`select id, erp_quote_id from erp_quotation_operations
               where quotation_id = ${quoteId} and status = 'success'`
      })

      const alreadySynced = (success: typeof SuccessRow.Type) =>
        new AlreadySynced({
          message: "The quotation was already sent to the ERP; use retry to force a new attempt",
          details: { erpQuoteId: success.erp_quote_id, integrationId: success.id }
        })

      /**
       * Takes the quotation for this attempt: a `pending` operation inserted under the
       * quotation's row lock. Answers the operation id and when the first attempt began.
       */
      const claim = (quoteId: string, force: boolean, triggeredBy: string | null) =>
        Effect.gen(function*() {
          const quotation = yield* sql<{ readonly id: string }>`
            select id from quotations where id = ${quoteId} for update`
          if (quotation.length === 0) return yield* Effect.fail(quoteNotFound(quoteId))
          const success = yield* successOf(quoteId)
          if (Option.isSome(success) && !force) return yield* Effect.fail(alreadySynced(success.value))
          // A pending attempt of a process that died is closed; a live one blocks this attempt.
          yield* sql`
            update erp_quotation_operations
               set status = 'error', error_message = 'Abandoned: the attempt never finished'
             where quotation_id = ${quoteId} and status = 'pending'
               and updated_at < now() - ${claimTimeoutSeconds} * interval '1 second'`
          const inFlight = yield* sql<{ readonly id: string }>`
            select id from erp_quotation_operations where quotation_id = ${quoteId} and status = 'pending'`
          if (inFlight.length > 0) {
            return yield* Effect.fail(
              new SyncAlreadyRunning({
                message: "This quotation is being sent to the ERP right now; try again when it finishes",
                details: { quoteId, integrationId: inFlight[0]!.id }
              })
            )
          }
          const [row] = yield* sql<{ readonly id: string; readonly first_attempt_at: Date }>`
            with previous as (
              select count(*)::int as attempts, min(created_at) as first_at
                from erp_quotation_operations where quotation_id = ${quoteId}
            )
            insert into erp_quotation_operations (quotation_id, status, attempt_count, triggered_by)
            select ${quoteId}, 'pending', previous.attempts + 1, ${triggeredBy} from previous
            returning id, (select coalesce(first_at, now()) from previous) as first_attempt_at`
          return { operationId: row!.id, firstAttemptAt: row!.first_attempt_at }
        }).pipe(sql.withTransaction, Effect.catchTag(["SqlError", "SchemaError"], Effect.die))

      const recordFailure = (operationId: string, message: string, erpQuoteId: string | null = null) =>
        sql`update erp_quotation_operations
               set status = 'error', error_message = ${message}, erp_quote_id = coalesce(${erpQuoteId}, erp_quote_id)
             where id = ${operationId}`.pipe(Effect.orDie)

      const quotationRow = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: QuotationRow,
        execute: (quoteId) =>
          sql`select q.id, q.code, q.notes, c.nit as client_nit, co.nit as company_nit, u.erp_seller_id as seller_id
                from quotations q
                join clients c on c.id = q.client_id
                left join companies co on co.id = coalesce(q.company_id, c.company_id)
                left join users u on u.id = q.advisor_id
               where q.id = ${quoteId}`
      })
      const itemRows = SqlSchema.findAll({
        Request: Schema.String,
        Result: ItemRow,
        execute: (quoteId) =>
          sql`select i.sku, i.name, i.quantity, i.unit_price, i.product_id,
                     p.sku as product_sku, p.active as product_active, p.erp_id
                from quotation_items i left join products p on p.id = i.product_id
               where i.quotation_id = ${quoteId}
               order by i.position, i.created_at, i.id`
      })

      /** The document type to quote with: cached in the settings, else the ERP's first active one. */
      const documentId = Effect.gen(function*() {
        const cached = yield* store.quotationDocumentId
        if (Option.isSome(cached)) return cached.value
        const types = yield* erp.quotationDocumentTypes
        const active = types.find((type) => type.active)
        if (active === undefined) {
          return yield* new ErpHttpError({
            message: "The ERP account has no active quotation document type (type C)",
            details: {
              reason: "status",
              operation: "GET /v1/document-types",
              status: null,
              errors: [],
              codes: [],
              timeoutMs: null,
              attempts: 1
            }
          })
        }
        yield* store.rememberQuotationDocumentId(active.id)
        return active.id
      })

      /** Validates the quotation and builds the ERP request (the spec's 422s, in its order). */
      const prepare = Effect.fnUntraced(function*(quoteId: string) {
        const quotation = yield* quotationRow(quoteId).pipe(
          Effect.orDie,
          Effect.flatMap(Option.match({ onNone: () => Effect.fail(quoteNotFound(quoteId)), onSome: Effect.succeed }))
        )
        const items = yield* itemRows(quoteId).pipe(Effect.orDie)
        const [first, ...rest] = items
        if (first === undefined) {
          return yield* new QuoteHasNoItems({ message: "The quotation has no items", details: { quoteId } })
        }
        const deleted = items.filter((item) => item.product_id === null || item.product_active === false)
        if (deleted.length > 0) {
          return yield* new QuoteHasDeletedProducts({
            message: "Some products of the quotation were removed from the catalog",
            details: { skus: deleted.map((item) => item.sku) }
          })
        }
        const unsynced = items.filter((item) => item.erp_id === null)
        if (unsynced.length > 0) {
          return yield* new QuoteHasUnsyncedProducts({
            message: "Some products of the quotation have no ERP id; sync the catalog first",
            details: { unsyncedSkus: unsynced.map((item) => item.product_sku ?? item.sku) }
          })
        }
        // The client's own tax id; a `NIT-…` placeholder falls back to its company's.
        const nit = [quotation.client_nit, quotation.company_nit]
          .map(cleanNit)
          .find((candidate) => candidate._tag === "Valid")
        if (nit === undefined || nit._tag !== "Valid") {
          return yield* new MissingClientNit({
            message: "Neither the client nor its company has a tax id (NIT)",
            details: { quoteId }
          })
        }
        const seller = quotation.seller_id ?? Option.getOrNull(config.erpDefaultSellerId)
        if (seller === null) {
          return yield* new MissingSellerId({
            message: "The advisor has no ERP seller id and ERP_DEFAULT_SELLER_ID is not set",
            details: { quoteId }
          })
        }
        const customer = yield* erp.findCustomerByIdentification(nit.identification)
        if (Option.isNone(customer)) {
          return yield* new ErpCustomerNotFound({
            message: `The ERP has no customer with NIT ${nit.identification}; export the company first`,
            details: { nit: nit.identification }
          })
        }
        const erpProducts = yield* erp.productsByIds(items.flatMap((item) => item.erp_id === null ? [] : [item.erp_id]))
        const taxes = new Map(erpProducts.map((product) => [product.id, product.taxes.map((tax) => tax.id)]))
        const line = (item: typeof first): ErpQuotationDraftLine => ({
          code: item.product_sku ?? item.sku,
          description: item.name,
          quantity: item.quantity,
          price: item.unit_price,
          taxIds: taxes.get(item.erp_id ?? "") ?? []
        })
        const request = toErpQuotationRequest({
          code: quotation.code,
          notes: quotation.notes,
          documentId: yield* documentId,
          customerIdentification: nit.identification,
          seller,
          sentAtMs: DateTime.toEpochMillis(yield* DateTime.now),
          lines: [line(first), ...rest.map(line)]
        })
        return { code: quotation.code, request }
      })

      /** Records the ERP's quotation as this attempt's success and the quotation as `synced`. */
      const save = (quoteId: string, operationId: string, sent: ErpQuotation) =>
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

      const send = Effect.fnUntraced(function*(quoteId: string, operationId: string, firstAttemptAt: Date) {
        const { code, request } = yield* prepare(quoteId).pipe(
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
                const success = yield* successOf(quoteId).pipe(Effect.orDie)
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
        const result: PushResult = {
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
        quoteId: string,
        pushOptions: { readonly force: boolean; readonly triggeredBy: string | null }
      ) {
        const { firstAttemptAt, operationId } = yield* claim(quoteId, pushOptions.force, pushOptions.triggeredBy)
        return yield* send(quoteId, operationId, firstAttemptAt).pipe(
          // An abandoned attempt must not hold the quotation until the claim times out.
          Effect.onInterrupt(() => Effect.exit(recordFailure(operationId, "Interrupted before it finished")))
        )
      })

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

      const history = Effect.fn("ErpQuotationPush.history")(function*(quoteId: string) {
        yield* exists(quoteId)
        return yield* operations(quoteId).pipe(Effect.orDie)
      })

      const refreshUrl = Effect.fn("ErpQuotationPush.refreshUrl")(function*(quoteId: string) {
        yield* exists(quoteId)
        const success = yield* successOf(quoteId).pipe(Effect.orDie)
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

      return ErpQuotationPush.of({ push, history, refreshUrl })
    })
  )
}
