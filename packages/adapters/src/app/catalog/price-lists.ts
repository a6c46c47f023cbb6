/**
 * Price lists (CONTRACT.md "Catalog, price lists, promotions"). Exactly one list is the
 * default ("general") list, and it stays active: the database enforces both (a partial
 * unique index, a deferred trigger, a check), and this service answers the changes that
 * would break them with `409 DEFAULT_PRICE_LIST_REQUIRED` before they reach it.
 *
 * - Making a list the default clears the old default in the same transaction (old first:
 *   the unique index is checked row by row), under a table lock taken first, so two
 *   concurrent moves cannot both clear the same old list and collide.
 * - The first list created while none is the default becomes the default.
 * - `items`, when sent, replaces the list's whole item set. Prices are integer COP ≥ 0;
 *   a product may appear once; unknown products → `404 PRODUCT_NOT_FOUND`.
 * - Deleting a list removes it (its clients fall back to the general list: the database
 *   sets their `price_list_id` to null, recording `client.updated`).
 */
import * as Array from "effect/Array"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { DefaultPriceListRequired, ProductNotFound } from "@quote/core/catalog/errors"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/shared/errors"
import { checkDistinctProducts } from "@quote/core/catalog/distinct-products"
import { PriceListId } from "@quote/core/shared/ids"
import { type NewPriceList, PriceList, type PriceListItem, type PriceListPatch } from "@quote/core/catalog/price-list-views"
import { decodedRows } from "../../infra/database/decoded-rows.ts"
import { missingIds } from "./missing-ids.ts"

export type PriceListWriteError = ValidationError | ProductNotFound | DefaultPriceListRequired

/** What a change checks before writing, read under the row's lock. */
const ListState = Schema.Struct({ active: Schema.Boolean, isDefault: Schema.Boolean })

const notFound = () => new NotFound({ message: "Price list not found" })

const defaultMustStayActive = () =>
  new DefaultPriceListRequired({ message: "The general (default) price list must stay active" })

export class PriceLists extends Context.Service<PriceLists, {
  readonly list: Effect.Effect<ReadonlyArray<PriceList>>
  readonly get: (id: PriceListId) => Effect.Effect<PriceList, NotFound>
  readonly create: (input: NewPriceList) => Effect.Effect<PriceList, PriceListWriteError>
  readonly update: (id: PriceListId, patch: PriceListPatch) => Effect.Effect<PriceList, NotFound | EmptyPatch | PriceListWriteError>
  readonly remove: (id: PriceListId) => Effect.Effect<void, NotFound | DefaultPriceListRequired>
}>()("@quote/adapters/PriceLists") {
  static readonly layer = Layer.effect(
    PriceLists,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      /** Lists with their items (by product SKU): all of them, or the one with `id`. */
      const read = SqlSchema.findAll({
        Request: Schema.NullOr(PriceListId),
        Result: PriceList,
        execute: (id) => sql`
          select l.id, l.name, l.active, l.is_default,
                 coalesce((
                   select json_agg(json_build_object('product_id', i.product_id, 'price', i.price) order by p.sku, p.id)
                     from price_list_items i join products p on p.id = i.product_id
                    where i.price_list_id = l.id
                 ), '[]'::json) as items
            from price_lists l
           where ${id}::uuid is null or l.id = ${id}::uuid
           order by l.is_default desc, l.name, l.id`
      })
      const lockList = SqlSchema.findOneOption({
        Request: PriceListId,
        Result: ListState,
        execute: (id) => sql`select active, is_default from price_lists where id = ${id} for update`
      })

      const readOne = (id: PriceListId) =>
        Effect.flatMap(Effect.orDie(read(id)), (lists) =>
          lists[0] === undefined ? Effect.fail(notFound()) : Effect.succeed(lists[0]))

      const checkItems = Effect.fnUntraced(function*(items: ReadonlyArray<PriceListItem>) {
        yield* Effect.fromResult(checkDistinctProducts(items))
        const unknown = yield* missingIds(sql, "products", items.map((item) => item.productId))
        if (unknown.length > 0) {
          return yield* new ProductNotFound({ message: "Unknown products in the price list", details: { productIds: unknown } })
        }
      })

      const replaceItems = Effect.fnUntraced(function*(listId: PriceListId, items: ReadonlyArray<PriceListItem>) {
        yield* sql`delete from price_list_items where price_list_id = ${listId}`
        if (!Array.isReadonlyArrayNonEmpty(items)) return
        yield* sql`insert into price_list_items ${
          sql.insert(Array.map(items, (item) => ({ price_list_id: listId, product_id: item.productId, price: item.price })))
        }`
      })

      /**
       * Serializes the transactions that may move the default, so two cannot both clear
       * the same old default and collide. Taken before any other write of the
       * transaction (a later upgrade could deadlock); plain reads are not blocked.
       */
      const lockDefault = sql`lock table price_lists in share row exclusive mode`

      /** Makes `listId` the only default: the old default is cleared first (after `lockDefault`). */
      const moveDefaultTo = Effect.fnUntraced(function*(listId: PriceListId) {
        yield* sql`update price_lists set is_default = false where is_default and id <> ${listId}`
        yield* sql`update price_lists set is_default = true where id = ${listId} and not is_default`
      })

      const hasDefault = Effect.map(
        sql`select exists (select 1 from price_lists where is_default) as found`.pipe(
          decodedRows(Schema.Struct({ found: Schema.Boolean }))
        ),
        (rows) => rows[0]?.found === true
      )

      const list = read(null).pipe(Effect.orDie, Effect.withSpan("PriceLists.list"))

      const get = Effect.fn("PriceLists.get")(function*(id: PriceListId) {
        return yield* readOne(id)
      })

      const create = Effect.fn("PriceLists.create")(function*(input: NewPriceList) {
        const items = input.items ?? []
        const active = input.active ?? true
        yield* checkItems(items)
        const id = yield* Effect.gen(function*() {
          yield* lockDefault
          const isDefault = input.isDefault === true || !(yield* hasDefault)
          if (isDefault && !active) return yield* defaultMustStayActive()
          const rows = yield* sql`
            insert into price_lists ${sql.insert({ name: input.name.trim(), active })} returning id`.pipe(
            decodedRows(Schema.Struct({ id: PriceListId }))
          )
          const listId = rows[0]!.id
          yield* replaceItems(listId, items)
          if (isDefault) yield* moveDefaultTo(listId)
          return listId
        }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
        return yield* Effect.orDie(readOne(id))
      })

      const update = Effect.fn("PriceLists.update")(function*(id: PriceListId, patch: PriceListPatch) {
        if (Object.values(patch).every((value) => value === undefined)) {
          return yield* new EmptyPatch({ message: "Send at least one of name, active, isDefault, items" })
        }
        if (patch.items !== undefined) yield* checkItems(patch.items)
        yield* Effect.gen(function*() {
          if (patch.isDefault === true) yield* lockDefault
          const current = yield* lockList(id).pipe(Effect.catchTag("SchemaError", Effect.die))
          if (Option.isNone(current)) return yield* notFound()
          const row = current.value
          if (row.isDefault && patch.isDefault === false) {
            return yield* new DefaultPriceListRequired({
              message: "This is the general (default) price list; make another list the default instead"
            })
          }
          const becomesDefault = row.isDefault || patch.isDefault === true
          if (becomesDefault && (patch.active ?? row.active) === false) return yield* defaultMustStayActive()
          if (patch.name !== undefined || patch.active !== undefined) {
            yield* sql`update price_lists set ${
              sql.update({
                ...(patch.name === undefined ? {} : { name: patch.name.trim() }),
                ...(patch.active === undefined ? {} : { active: patch.active })
              })
            } where id = ${id}`
          }
          if (patch.items !== undefined) yield* replaceItems(id, patch.items)
          if (patch.isDefault === true && !row.isDefault) yield* moveDefaultTo(id)
        }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
        return yield* Effect.orDie(readOne(id))
      })

      const remove = Effect.fn("PriceLists.remove")(function*(id: PriceListId) {
        yield* Effect.gen(function*() {
          const current = yield* lockList(id).pipe(Effect.catchTag("SchemaError", Effect.die))
          if (Option.isNone(current)) return yield* notFound()
          if (current.value.isDefault) {
            return yield* new DefaultPriceListRequired({
              message: "The general (default) price list cannot be deleted; make another list the default first"
            })
          }
          yield* sql`delete from price_lists where id = ${id}`
        }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
      })

      return PriceLists.of({ list, get, create, update, remove })
    })
  )
}
