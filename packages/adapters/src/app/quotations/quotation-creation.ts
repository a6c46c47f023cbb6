/**
 * Quotation creation, web and chat alike (spec "POST /quotations", CONTRACT.md
 * "Quotations"): the caller names a client, a branch and products with quantities; the
 * service resolves everything else — prices (client list plus current promotions,
 * through the same loader as the prices endpoint), advisor and route (the branch's),
 * and the route date (the branch route's cutoff, which must be open now).
 *
 * Creates are idempotent per `Idempotency-Key` within a lineage — for chat the API key's
 * rotation chain (required), for web the calling user (optional, its id is the lineage:
 * user ids and key lineages are both random UUIDs, so they never meet) — enforced by
 * the unique `idempotency_records (lineage_id, key)`, not by a prior check:
 * the record, the quotation and its items are written by ONE statement whose record
 * insert is `on conflict do nothing` and whose quotation insert selects from it. Of
 * concurrent requests with one key, the first to commit writes; the others wait for that
 * commit on the unique index, write nothing, and replay the winner's quotation. The
 * earlier quotation of a key is read only when an attempt cannot write (key taken, or a
 * validation failure such as a window closed since the first request), so a plain
 * repeat always replays. A repeat carrying a different body is refused with
 * `IDEMPOTENCY_KEY_REUSED` rather than silently answered with another order.
 */
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Metric from "effect/Metric"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { quotationsCreatedTotal } from "@quote/core/observability/service-metrics"
import * as SqlClient from "effect/sql/SqlClient"
import { createHash, randomUUID } from "node:crypto"
import type { IntegrationKey } from "@quote/core/auth/access"
import type { SessionUser } from "@quote/core/auth/views"
import { ensureRouteOpen, routeDateOf } from "@quote/core/calendar/cutoff-status"
import type { RouteClosed } from "@quote/core/routes/errors"
import type { ValidationError } from "@quote/core/shared/errors"
import { type BranchNotFound } from "@quote/core/companies/errors"
import { ClientNotFound } from "@quote/core/clients/errors"
import { IdempotencyKeyReused } from "@quote/core/quotations/errors"
import { type ProductNotFound } from "@quote/core/catalog/errors"
import { INITIAL_QUOTATION_STATUS } from "@quote/core/quotations/quotation-status"
import { type ClientId, QuotationId } from "@quote/core/shared/ids"
import { priceLines, requestedProducts, resolveLines } from "@quote/core/quotations/quotation-lines"
import { type NewWebQuotation, type UserRef, WebQuotation } from "@quote/core/quotations/views"
import { PricingCatalog } from "../pricing/pricing-catalog.ts"
import { OrderTargets, targetCutoff } from "./order-target.ts"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"
import { QuotationReader } from "./quotation-reader.ts"

/** A request with its client settled (the chat body; a web body once the caller's client is known). */
export type QuotationRequest = Omit<NewWebQuotation, "clientId"> & { readonly clientId: ClientId }

/** Who creates: the chatbot through an API key (idempotent), or a logged-in web user. */
export type QuotationOrigin =
  | {
    readonly _tag: "Chat"
    readonly apiKeyId: IntegrationKey["id"]
    readonly lineageId: IntegrationKey["lineageId"]
    readonly idempotencyKey: string
  }
  | { readonly _tag: "Web"; readonly user: UserRef; readonly idempotencyKey?: string | undefined }

/** An idempotency key with its lineage (an API key's rotation chain, or a web user). */
interface IdempotencyClaim {
  readonly lineageId: string
  readonly key: string
  readonly apiKeyId: string | null
}

const claimOf = (origin: QuotationOrigin): IdempotencyClaim | undefined =>
  origin._tag === "Chat"
    ? { lineageId: origin.lineageId, key: origin.idempotencyKey, apiKeyId: origin.apiKeyId }
    : origin.idempotencyKey === undefined
    ? undefined
    : { lineageId: origin.user.id, key: origin.idempotencyKey, apiKeyId: null }

export interface CreatedQuotation {
  readonly quotation: WebQuotation
  /** True when an earlier request with the same idempotency key created it. */
  readonly replayed: boolean
}

export type QuotationCreationError =
  | ClientNotFound
  | BranchNotFound
  | ProductNotFound
  | RouteClosed
  | IdempotencyKeyReused
  | ValidationError

/** A fingerprint of what was asked, to tell a true repeat from a reused key. */
const requestHash = (request: QuotationRequest): string =>
  createHash("sha256").update(JSON.stringify([
    request.clientId,
    request.branchId ?? null,
    request.items.map((item) => [item.sku ?? null, item.productId ?? null, item.quantity]),
    request.notes ?? null
  ])).digest("base64url")

/** An idempotency record as stored (the quotation is null only while its creation runs). */
const IdempotencyRecord = Schema.Struct({ quotationId: Schema.NullOr(QuotationId), requestHash: Schema.NullOr(Schema.String) })

/** What the write returns of the quotation it created; the rest is the request's. */
const WrittenQuotation = WebQuotation.mapFields(Struct.pick(["id", "code", "createdAt", "updatedAt"]))

export class QuotationCreation extends Context.Service<QuotationCreation, {
  readonly create: (
    origin: QuotationOrigin,
    request: QuotationRequest
  ) => Effect.Effect<CreatedQuotation, QuotationCreationError>
  /**
   * A web quotation of a client user (source `web`) for its own client (`clientId`, if
   * sent, must be it); idempotent within the user when an `Idempotency-Key` is given.
   */
  readonly createForUser: (
    user: SessionUser,
    request: NewWebQuotation,
    idempotencyKey?: string | undefined
  ) => Effect.Effect<CreatedQuotation, QuotationCreationError>
}>()("@quote/adapters/QuotationCreation") {
  static readonly layer = Layer.effect(
    QuotationCreation,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const targets = yield* OrderTargets
      const catalog = yield* PricingCatalog
      const reader = yield* QuotationReader

      const load = (quotationId: QuotationId) =>
        reader.find(quotationId, { _tag: "All" }).pipe(
          Effect.flatMap(Option.match({
            onNone: () => Effect.die(new Error(`quotation ${quotationId} vanished right after its creation`)),
            onSome: Effect.succeed
          }))
        )

      const recordOf = (claim: IdempotencyClaim) =>
        sql`
          select quotation_id, request_hash from idempotency_records
           where lineage_id = ${claim.lineageId}::uuid and key = ${claim.key}`.pipe(
          decodedRows(IdempotencyRecord),
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        )

      /** The quotation an idempotency key already created, if any (a different body is refused). */
      const replayOf = Effect.fnUntraced(function*(claim: IdempotencyClaim, hash: string) {
        const record = yield* recordOf(claim)
        if (Option.isNone(record) || record.value.quotationId === null) return Option.none<CreatedQuotation>()
        const quotationId = record.value.quotationId
        if (record.value.requestHash !== null && record.value.requestHash !== hash) {
          return yield* new IdempotencyKeyReused({
            message: "This Idempotency-Key was already used for a different request; use a new key for a new order",
            details: { quotationId }
          })
        }
        return Option.some({ quotation: yield* load(quotationId), replayed: true })
      })

      /**
       * The target (client, branch, route, advisor) and the requested products with their
       * pricing inputs, read by ONE statement (one round trip; the write is the other):
       * each row is the target's columns (null when there is none) beside one product's
       * (null when no product matched).
       */
      const readInputs = Effect.fnUntraced(function*(request: QuotationRequest) {
        const target = targets.resolveQuery({ clientId: request.clientId, branchId: request.branchId })
        const products = catalog.loadQuery(request.clientId, requestedProducts(request.items))
        // Decoded by the two parts' own schemas (`fromRow`, `fromRows`); here only which
        // part a row has is looked at.
        const rows = yield* sql`
          with target as (${target.select}), listed as (${products.select})
          select t.*, l.*
            from (select 1 as one) one
            left join target t on true
            left join listed l on true
           order by l.name, l.sku`.pipe(Effect.orDie)
        const first = rows[0]
        return {
          target: yield* target.fromRow(first === undefined || first.clientId === null ? undefined : first),
          products: yield* products.fromRows(rows.filter((row) => row.id !== null))
        }
      })

      /** Prices and validates a request: everything but the write. */
      const prepare = Effect.fnUntraced(function*(request: QuotationRequest) {
        const { products, target } = yield* readInputs(request)
        const client = target.client
        if (client === null) return yield* Effect.die(new Error("a target resolved from a clientId has a client"))
        const now = yield* DateTime.now
        const lines = yield* Effect.fromResult(resolveLines(request.items, products))
        const cutoff = yield* Effect.fromResult(ensureRouteOpen(targetCutoff(target, now)))
        const priced = yield* Effect.fromResult(priceLines(lines, { at: now }))
        return { target, client, routeDate: routeDateOf(cutoff), total: priced.total, items: priced.items }
      })

      type Prepared = Effect.Success<ReturnType<typeof prepare>>

      /**
       * Writes the quotation, its items and the idempotency record (if keyed) in ONE
       * statement, so it is atomic without a transaction round trip. The record is inserted
       * first, `on conflict do nothing`, and the quotation only from what it returned: when
       * the key is taken nothing at all is written (the foreign key from the record to the
       * quotation is checked at the end of the statement). Returns `None` in that case.
       */
      const write = (origin: QuotationOrigin, request: QuotationRequest, prepared: Prepared, hash: string) => {
        const id = randomUUID()
        const values = sql`${id}::uuid, ${INITIAL_QUOTATION_STATUS}::text, ${origin._tag === "Chat" ? "chat" : "web"}::text,
          ${prepared.total}::bigint, ${request.notes === undefined || request.notes === "" ? null : request.notes}::text,
          ${prepared.routeDate}::date, ${prepared.client.id}::uuid, ${prepared.target.company.id}::uuid,
          ${prepared.target.branch.id}::uuid, ${prepared.target.advisor?.id ?? null}::uuid,
          ${prepared.target.route?.id ?? null}::uuid, ${origin._tag === "Chat" ? origin.apiKeyId : null}::uuid,
          ${origin._tag === "Web" ? origin.user.id : null}::uuid`
        const columns = sql.literal(`(id, status, source, total, notes, route_date, client_id, company_id, branch_id,
          advisor_id, route_id, api_key_id, created_by)`)
        const claim = claimOf(origin)
        const quotation = claim !== undefined
          ? sql`claim as (
              insert into idempotency_records (lineage_id, key, api_key_id, quotation_id, request_hash)
              values (${claim.lineageId}::uuid, ${claim.key}::text, ${claim.apiKeyId}::uuid, ${id}::uuid, ${hash}::text)
              on conflict (lineage_id, key) do nothing
              returning quotation_id
            ),
            created as (
              insert into quotations ${columns} select ${values} from claim
              returning id, code, created_at, updated_at
            )`
          : sql`created as (
              insert into quotations ${columns} values (${values})
              returning id, code, created_at, updated_at
            )`
        const items = prepared.items.map((item, position) => ({
          position,
          product_id: item.productId,
          sku: item.sku,
          name: item.name,
          quantity: item.quantity,
          unit_price: item.unitPrice,
          price_type: item.priceType,
          subtotal: item.subtotal
        }))
        return sql`
          with ${quotation},
          lines as (
            insert into quotation_items
                   (quotation_id, position, product_id, sku, name, quantity, unit_price, price_type, subtotal)
            select created.id, x.position, x.product_id, x.sku, x.name, x.quantity, x.unit_price, x.price_type, x.subtotal
              from created cross join jsonb_to_recordset(${jsonb(items)}) as x(
                position integer, product_id uuid, sku text, name text, quantity numeric,
                unit_price bigint, price_type text, subtotal bigint)
          )
          select id, code, created_at, updated_at from created`.pipe(
          decodedRows(WrittenQuotation),
          Effect.orDie,
          Effect.map((rows) =>
            Option.map(Option.fromNullishOr(rows[0]), (row): WebQuotation => ({
              id: row.id,
              code: row.code,
              status: INITIAL_QUOTATION_STATUS,
              source: origin._tag === "Chat" ? "chat" : "web",
              total: prepared.total,
              notes: request.notes === undefined || request.notes === "" ? null : request.notes,
              routeDate: prepared.routeDate,
              clientId: prepared.client.id,
              branch: { id: prepared.target.branch.id, name: prepared.target.branch.name },
              advisor: prepared.target.advisor,
              createdAt: row.createdAt,
              updatedAt: row.updatedAt,
              items: prepared.items,
              clientName: prepared.client.name,
              company: prepared.target.company,
              // Not sent to the ERP yet.
              erp: { quotationId: null, url: null },
              // What the status history trigger of migrations/0008 recorded for this insert.
              statusHistory: [{
                status: INITIAL_QUOTATION_STATUS,
                previousStatus: null,
                changedAt: row.createdAt,
                changedBy: origin._tag === "Web" ? origin.user : null
              }]
            }))
          )
        )
      }

      const create = Effect.fn("QuotationCreation.create")(function*(origin: QuotationOrigin, request: QuotationRequest) {
        const hash = requestHash(request)
        // The earlier quotation of a repeated key; checked only when this attempt cannot
        // write, so the common path (a new key) costs no extra query.
        const claim = claimOf(origin)
        const earlier = claim !== undefined ? replayOf(claim, hash) : Effect.succeed(Option.none<CreatedQuotation>())
        const prepared = yield* prepare(request).pipe(
          // A plain repeat (e.g. after a lost response) replays even once the window has closed.
          Effect.catch((error) =>
            Effect.flatMap(earlier, Option.match({ onNone: () => Effect.fail(error), onSome: (replay) => Effect.succeed(replay) }))
          )
        )
        if ("quotation" in prepared) return prepared
        const written = yield* write(origin, request, prepared, hash)
        if (Option.isSome(written)) {
          yield* Metric.update(Metric.withAttributes(quotationsCreatedTotal, { source: written.value.source }), 1)
          return { quotation: written.value, replayed: false }
        }
        // The key was already taken (by an earlier request, or a concurrent one that committed first).
        const replay = yield* earlier
        if (Option.isNone(replay)) return yield* Effect.die(new Error("an idempotency key was taken by nothing"))
        return replay.value
      })

      const createForUser = Effect.fn("QuotationCreation.createForUser")(function*(
        user: SessionUser,
        request: NewWebQuotation,
        idempotencyKey?: string | undefined
      ) {
        const clientId = user.clientId
        if (clientId === null || (request.clientId !== undefined && request.clientId !== clientId)) {
          return yield* new ClientNotFound({
            message: clientId === null ? "Your user has no client record" : "You can only order for your own client",
            ...(request.clientId === undefined ? {} : { details: { clientId: request.clientId } })
          })
        }
        return yield* create({ _tag: "Web", user: { id: user.id, name: user.name }, idempotencyKey }, { ...request, clientId })
      })

      return QuotationCreation.of({ create, createForUser })
    })
  ).pipe(Layer.provide([OrderTargets.layer, PricingCatalog.layer, QuotationReader.layer]))
}
