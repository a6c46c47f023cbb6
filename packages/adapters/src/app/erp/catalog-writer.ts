/**
 * Writes ERP product pages into the local catalog (spec "ERP product sync run"): one
 * transaction per page, so a run that stops (time budget, ERP failure, crash) keeps
 * every page it finished and never half a page.
 *
 * Per product: matched by `erp_id`, else linked to the local product with the same SKU
 * (the seeded catalog has none), else inserted. Name, SKU, unit, category (the ERP
 * account group), stock, `stock_tracked`, `stock_synced_at` and `active` follow the ERP.
 * Prices: ERP price list position 1 goes to the general (default) list unless that list
 * names another `erp_position`; any other active list with an `erp_position` mirrors
 * that position. A product the ERP sends without a price keeps its local prices.
 */
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { ErpProductPage } from "@quote/core/erp/erp-page"
import { type ErpProduct, erpProductPrice } from "@quote/core/erp/erp-product"
import type { SyncCounts } from "@quote/core/erp/erp-sync-run"
import { CategoryId, PriceListId, ProductId } from "@quote/core/shared/ids"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

/** A product the page could not store (a record that did not decode, or a SKU clash). */
export interface CatalogItemError {
  readonly erpId: string | null
  readonly code: string | null
  readonly message: string
}

export interface PageResult {
  readonly counts: SyncCounts
  readonly itemErrors: ReadonlyArray<CatalogItemError>
}

const ExistingProduct = Schema.Struct({ id: ProductId, sku: Schema.String, erpId: Schema.NullOr(Schema.String) })
const ExistingCategory = Schema.Struct({ id: CategoryId, erpId: Schema.NullOr(Schema.String), name: Schema.String })
const PriceList = Schema.Struct({ id: PriceListId, position: Schema.Number })

const foldName = (name: string) => name.trim().toLowerCase()

const unitOf = (product: ErpProduct): string =>
  [product.unitLabel, product.unit?.name].find((unit): unit is string => unit != null && unit.trim() !== "")?.trim() ??
    "unidad"

export class ErpCatalogWriter extends Context.Service<ErpCatalogWriter, {
  /** Stores one page; `syncedAt` becomes the products' `stock_synced_at`. */
  readonly applyPage: (page: ErpProductPage, syncedAt: DateTime.Utc) => Effect.Effect<PageResult>
  /**
   * End of a complete full listing: deactivates local products with an ERP id that the
   * listing did not see (`stock_synced_at` before it began), except undecodable ones.
   */
  readonly deactivateMissing: (
    listingStartedAt: DateTime.Utc,
    invalidIds: ReadonlyArray<string>
  ) => Effect.Effect<number>
}>()("@quote/adapters/ErpCatalogWriter") {
  static readonly layer = Layer.effect(
    ErpCatalogWriter,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const existingCategories = SqlSchema.findAll({
        Request: Schema.Struct({ erpIds: Schema.Array(Schema.String), names: Schema.Array(Schema.String) }),
        Result: ExistingCategory,
        execute: ({ erpIds, names }) =>
          sql`select id, erp_id, name from categories
               where erp_id = any(${erpIds}::text[]) or (erp_id is null and lower(name) = any(${names}::text[]))`
      })

      /** ERP account group id → local category id, creating or linking categories. */
      const categoriesFor = Effect.fnUntraced(function*(products: ReadonlyArray<ErpProduct>) {
        const groups = new Map<string, string>()
        for (const product of products) {
          if (product.accountGroup === null) continue
          const name = product.accountGroup.name?.trim() || `Grupo ${product.accountGroup.id}`
          groups.set(String(product.accountGroup.id), name)
        }
        const ids = new Map<string, CategoryId>()
        if (groups.size === 0) return ids
        const existing = yield* existingCategories({
          erpIds: [...groups.keys()],
          names: [...groups.values()].map(foldName)
        })
        for (const [erpId, name] of groups) {
          const linked = existing.find((category) => category.erpId === erpId)
          if (linked !== undefined) {
            if (linked.name !== name) yield* sql`update categories set name = ${name} where id = ${linked.id}`
            ids.set(erpId, linked.id)
            continue
          }
          const sameName = existing.find((category) =>
            category.erpId === null && foldName(category.name) === foldName(name) && ![...ids.values()].includes(category.id)
          )
          if (sameName !== undefined) {
            yield* sql`update categories set erp_id = ${erpId} where id = ${sameName.id}`
            ids.set(erpId, sameName.id)
            continue
          }
          const [row] = yield* sql`
            insert into categories (name, erp_id) values (${name}, ${erpId}) returning id`.pipe(
            decodedRows(Schema.Struct({ id: CategoryId }))
          )
          ids.set(erpId, row!.id)
        }
        return ids
      })

      const existingProducts = SqlSchema.findAll({
        Request: Schema.Struct({ erpIds: Schema.Array(Schema.String), codes: Schema.Array(Schema.String) }),
        Result: ExistingProduct,
        execute: ({ codes, erpIds }) =>
          sql`select id, sku, erp_id from products
               where erp_id = any(${erpIds}::text[]) or sku = any(${codes}::text[])`
      })

      const priceLists = SqlSchema.findAll({
        Request: Schema.Void,
        Result: PriceList,
        execute: () =>
          sql`select id, case when is_default then coalesce(erp_position, 1) else erp_position end as position
                from price_lists
               where active and (is_default or erp_position is not null)`
      })

      /** The general list must exist to receive ERP prices: created on an empty database. */
      const ensureGeneralList = Effect.gen(function*() {
        yield* sql`insert into price_lists (name, is_default, erp_position)
                   select 'Lista general', true, 1 where not exists (select 1 from price_lists where is_default)`
      })

      const applyPage = Effect.fn("ErpCatalogWriter.applyPage")(function*(page: ErpProductPage, syncedAt: DateTime.Utc) {
        const itemErrors: Array<CatalogItemError> = page.invalid.map((record) => ({
          erpId: record.id,
          code: record.code,
          message: record.message
        }))
        // Siigo may repeat a product across pages while the catalog changes; once per page is enough.
        const products = [...new Map(page.items.map((product) => [product.id, product])).values()]

        const write = Effect.gen(function*() {
          const categoryIds = yield* categoriesFor(products)
          const existing = yield* existingProducts({
            erpIds: products.map((product) => product.id),
            codes: products.map((product) => product.code)
          })
          const byErpId = new Map(existing.filter((row) => row.erpId !== null).map((row) => [row.erpId, row]))
          const bySku = new Map(existing.map((row) => [row.sku, row]))
          const claimed = new Set<ProductId>()
          const inserts: Array<ErpProduct> = []
          const updates: Array<{ readonly id: ProductId; readonly product: ErpProduct }> = []
          for (const product of products) {
            const mine = byErpId.get(product.id)
            const sameSku = bySku.get(product.code)
            const target = mine ?? sameSku
            if (
              (mine !== undefined && sameSku !== undefined && mine.id !== sameSku.id) ||
              (target !== undefined && claimed.has(target.id))
            ) {
              itemErrors.push({
                erpId: product.id,
                code: product.code,
                message: `SKU ${product.code} already belongs to another local product`
              })
              continue
            }
            if (target === undefined) {
              inserts.push(product)
            } else {
              claimed.add(target.id)
              updates.push({ id: target.id, product })
            }
          }

          const record = (product: ErpProduct, id?: ProductId) => ({
            ...(id === undefined ? {} : { id }),
            sku: product.code,
            name: product.name.trim() === "" ? product.code : product.name.trim(),
            unit: unitOf(product),
            category_id: product.accountGroup === null
              ? null
              : categoryIds.get(String(product.accountGroup.id)) ?? null,
            erp_id: product.id,
            stock: product.availableQuantity,
            stock_tracked: product.stockControl,
            synced_at: DateTime.formatIso(syncedAt),
            active: product.active
          })
          const columns = sql.literal(`r(id uuid, sku text, name text, unit text, category_id uuid, erp_id text,
            stock numeric, stock_tracked boolean, synced_at timestamptz, active boolean)`)

          if (inserts.length > 0) {
            yield* sql`
              insert into products (sku, name, unit, category_id, erp_id, stock, stock_tracked, stock_synced_at, active)
              select r.sku, r.name, r.unit, r.category_id, r.erp_id, r.stock, r.stock_tracked, r.synced_at, r.active
                from jsonb_to_recordset(${jsonb(inserts.map((product) => record(product)))}) as ${columns}`
          }
          if (updates.length > 0) {
            yield* sql`
              update products p
                 set sku = r.sku, name = r.name, unit = r.unit, category_id = coalesce(r.category_id, p.category_id),
                     erp_id = r.erp_id, stock = r.stock, stock_tracked = r.stock_tracked,
                     stock_synced_at = r.synced_at, active = r.active
                from jsonb_to_recordset(${jsonb(updates.map(({ id, product }) => record(product, id)))}) as ${columns}
               where p.id = r.id`
          }

          const stored = [...inserts, ...updates.map((update) => update.product)]
          if (stored.length > 0) {
            yield* ensureGeneralList
            const lists = yield* priceLists(undefined)
            const ids = yield* sql`
              select id, erp_id from products where erp_id = any(${stored.map((product) => product.id)}::text[])`.pipe(
              decodedRows(Schema.Struct({ id: ProductId, erpId: Schema.String }))
            )
            const localId = new Map(ids.map((row) => [row.erpId, row.id]))
            const prices = lists.flatMap((list) =>
              stored.flatMap((product) => {
                const productId = localId.get(product.id)
                const price = erpProductPrice(product, list.position)
                return productId === undefined || Option.isNone(price) || price.value < 0
                  ? []
                  : [{ price_list_id: list.id, product_id: productId, price: Math.round(price.value) }]
              })
            )
            if (prices.length > 0) {
              yield* sql`
                insert into price_list_items (price_list_id, product_id, price)
                select r.price_list_id, r.product_id, r.price
                  from jsonb_to_recordset(${jsonb(prices)}) as r(price_list_id uuid, product_id uuid, price bigint)
                on conflict (price_list_id, product_id)
                do update set price = excluded.price where price_list_items.price <> excluded.price`
            }
          }
          return { created: inserts.length, updated: updates.length }
        }).pipe(sql.withTransaction, Effect.orDie)

        const { created, updated } = yield* write
        const result: PageResult = {
          counts: {
            processed: page.items.length + page.invalid.length,
            created,
            updated,
            errors: itemErrors.length,
            deactivated: 0
          },
          itemErrors
        }
        return result
      })

      const deactivateMissing = Effect.fn("ErpCatalogWriter.deactivateMissing")(function*(
        listingStartedAt: DateTime.Utc,
        invalidIds: ReadonlyArray<string>
      ) {
        // Only how many rows changed is read.
        const rows = yield* sql`
          update products set active = false
           where erp_id is not null and active
             and (stock_synced_at is null or stock_synced_at < ${DateTime.toDateUtc(listingStartedAt)})
             and not (erp_id = any(${invalidIds}::text[]))
          returning id`.pipe(Effect.orDie)
        return rows.length
      })

      return ErpCatalogWriter.of({ applyPage, deactivateMissing })
    })
  )
}
