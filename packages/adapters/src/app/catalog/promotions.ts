/**
 * Promotions (CONTRACT.md "Catalog, price lists, promotions"): a promotion price for
 * one product in a period, for every client (`general`) or for listed clients
 * (`specific`). Pricing itself is `@quote/core/pricing/pricing`; this service only keeps them.
 *
 * An update is partial: the complete result is checked (`checkPromotionShape`), the
 * product and clients must exist, and everything is written in one transaction.
 * Switching to `general` drops the client list; switching to `specific` needs
 * `clientIds` in the same request. Deleting a promotion removes it.
 */
import * as Array from "effect/Array"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { ClientNotFound } from "@quote/core/clients/errors"
import { EmptyPatch, NotFound, type ValidationError } from "@quote/core/shared/errors"
import { ProductNotFound } from "@quote/core/catalog/errors"
import { PromotionId } from "@quote/core/shared/ids"
import { type NewPromotion, Promotion, type PromotionPatch } from "@quote/core/catalog/promotion-views"
import { decodedRows } from "../../infra/database/decoded-rows.ts"
import { missingIds } from "./missing-ids.ts"
import { checkPromotionShape } from "@quote/core/catalog/promotion-rules"

export type PromotionWriteError = ValidationError | ProductNotFound | ClientNotFound

const notFound = () => new NotFound({ message: "Promotion not found" })

const promotionColumns = `p.id, p.name, p.kind, p.product_id, p.price, p.starts_at, p.ends_at, p.active,
  array(select pc.client_id::text from promotion_clients pc where pc.promotion_id = p.id order by pc.client_id)
    as client_ids`

export class Promotions extends Context.Service<Promotions, {
  readonly list: Effect.Effect<ReadonlyArray<Promotion>>
  readonly get: (id: PromotionId) => Effect.Effect<Promotion, NotFound>
  readonly create: (input: NewPromotion) => Effect.Effect<Promotion, PromotionWriteError>
  readonly update: (id: PromotionId, patch: PromotionPatch) => Effect.Effect<Promotion, NotFound | EmptyPatch | PromotionWriteError>
  readonly remove: (id: PromotionId) => Effect.Effect<void, NotFound>
}>()("@quote/adapters/Promotions") {
  static readonly layer = Layer.effect(
    Promotions,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const allRows = SqlSchema.findAll({
        Request: Schema.Void,
        Result: Promotion,
        execute: () =>
          sql`select ${sql.literal(promotionColumns)} from promotions p order by p.starts_at desc, p.name, p.id`
      })
      const rowById = SqlSchema.findOneOption({
        Request: Schema.Struct({ id: PromotionId, lock: Schema.Boolean }),
        Result: Promotion,
        execute: ({ id, lock }) =>
          sql`select ${sql.literal(promotionColumns)} from promotions p where p.id = ${id} ${
            sql.literal(lock ? "for update of p" : "")
          }`
      })

      const find = (id: PromotionId, lock: boolean) =>
        Effect.flatMap(Effect.orDie(rowById({ id, lock })), (row) =>
          Option.match(row, { onNone: () => Effect.fail(notFound()), onSome: Effect.succeed }))

      /** Checks the complete promotion and its references, then writes it (insert or update). */
      const save = Effect.fnUntraced(function*(promotion: Omit<Promotion, "id">, id: PromotionId | null) {
        yield* Effect.fromResult(checkPromotionShape(promotion))
        if ((yield* missingIds(sql, "products", [promotion.productId])).length > 0) {
          return yield* new ProductNotFound({
            message: "The promotion's product does not exist",
            details: { productIds: [promotion.productId] }
          })
        }
        const unknownClients = yield* missingIds(sql, "clients", promotion.clientIds)
        if (unknownClients.length > 0) {
          return yield* new ClientNotFound({ message: "Unknown clients in clientIds", details: { clientIds: unknownClients } })
        }
        const fields = {
          name: promotion.name.trim(),
          kind: promotion.kind,
          product_id: promotion.productId,
          price: promotion.price,
          starts_at: promotion.startsAt,
          ends_at: promotion.endsAt,
          active: promotion.active
        }
        const rows = yield* (id === null
          ? sql`insert into promotions ${sql.insert(fields)} returning id`
          : sql`update promotions set ${sql.update(fields)} where id = ${id} returning id`).pipe(
            decodedRows(Schema.Struct({ id: PromotionId }))
          )
        const savedId = rows[0]!.id
        yield* sql`delete from promotion_clients where promotion_id = ${savedId}`
        const clientIds = [...new Set(promotion.clientIds.map((clientId) => clientId.toLowerCase()))]
        if (Array.isReadonlyArrayNonEmpty(clientIds)) {
          yield* sql`insert into promotion_clients ${
            sql.insert(Array.map(clientIds, (clientId) => ({ promotion_id: savedId, client_id: clientId })))
          }`
        }
        return savedId
      })

      const list = allRows(undefined).pipe(Effect.orDie, Effect.withSpan("Promotions.list"))

      const get = Effect.fn("Promotions.get")(function*(id: PromotionId) {
        return yield* find(id, false)
      })

      const create = Effect.fn("Promotions.create")(function*(input: NewPromotion) {
        const startsAt = input.startsAt ?? new Date(yield* Clock.currentTimeMillis)
        const id = yield* save({
          name: input.name,
          kind: input.kind,
          productId: input.productId,
          price: input.price,
          startsAt,
          endsAt: input.endsAt ?? null,
          active: input.active ?? true,
          clientIds: input.clientIds ?? []
        }, null).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
        return yield* Effect.orDie(find(id, false))
      })

      const update = Effect.fn("Promotions.update")(function*(id: PromotionId, patch: PromotionPatch) {
        if (Object.values(patch).every((value) => value === undefined)) {
          return yield* new EmptyPatch({
            message: "Send at least one of name, kind, productId, price, startsAt, endsAt, active, clientIds"
          })
        }
        yield* Effect.gen(function*() {
          const current = yield* find(id, true)
          const kind = patch.kind ?? current.kind
          yield* save({
            name: patch.name ?? current.name,
            kind,
            productId: patch.productId ?? current.productId,
            price: patch.price ?? current.price,
            startsAt: patch.startsAt ?? current.startsAt,
            endsAt: patch.endsAt === undefined ? current.endsAt : patch.endsAt,
            active: patch.active ?? current.active,
            // A general promotion keeps no clients; a specific one keeps its own unless replaced.
            clientIds: patch.clientIds ?? (kind === "general" ? [] : current.clientIds)
          }, id)
        }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
        return yield* Effect.orDie(find(id, false))
      })

      const remove = Effect.fn("Promotions.remove")(function*(id: PromotionId) {
        const rows = yield* sql`delete from promotions where id = ${id} returning id`.pipe(sql.withTransaction, Effect.orDie)
        if (rows.length === 0) return yield* notFound()
      })

      return Promotions.of({ list, get, create, update, remove })
    })
  )
}
