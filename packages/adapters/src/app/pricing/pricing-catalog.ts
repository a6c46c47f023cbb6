/**
 * The one loader behind server-side pricing: active products with everything core
 * `priceProduct` needs for one client (its list price, the general list price, the
 * product's active promotions and whether each `specific` one is the client's), in one
 * statement. Both `GET /api/integrations/clients/:clientId/prices` and quotation
 * creation (web and chat) read products through `load`, so the price shown is the
 * price charged.
 *
 * Promotion periods are not filtered here but by core `promotionApplies` at the
 * caller's instant, so the database clock never decides a price. Whether a `specific`
 * promotion is the client's is the statement's answer (`appliesToClient`).
 *
 * Products are selected by core's `PricesQuery` (the integration endpoint's query, its
 * limit settled by the caller: none loads every match).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { Fragment } from "effect/sql/Statement"
import { ClientId, ProductId, PromotionId } from "@quote/core/shared/ids"
import type { ProductPricingInput } from "@quote/core/pricing/pricing"
import { PriceItem, PriceListRef, type PricesQuery } from "@quote/core/integrations/views"
import { PromotionKind } from "@quote/core/catalog/promotion-views"

/** A promotion of the product as the statement builds it (instants in epoch milliseconds). */
const ProductPromotion = Schema.Struct({
  id: PromotionId,
  kind: PromotionKind,
  price: Schema.Number,
  startsAt: Schema.NullOr(Schema.Number),
  endsAt: Schema.NullOr(Schema.Number),
  appliesToClient: Schema.Boolean
})

/** The product's facts a `PriceItem` shows, beside what its price is computed from. */
const ProductRow = Schema.Struct({
  id: ProductId,
  ...Struct.pick(PriceItem.fields, ["sku", "name", "unit", "category", "stock", "stockTracked", "stockSyncedAt"]),
  clientPrice: Schema.NullOr(Schema.Number),
  generalPrice: Schema.NullOr(Schema.Number),
  promotions: Schema.Array(ProductPromotion)
})
type ProductRow = typeof ProductRow.Type

/** A sellable product with what core `priceProduct` needs to price it for one client. */
export interface PricedProduct extends Omit<ProductRow, "clientPrice" | "generalPrice" | "promotions"> {
  readonly pricing: ProductPricingInput
}

const ClientPricing = Schema.Struct({
  clientId: ClientId,
  /** The client's own active list, else the general one (`null` only if no list exists at all). */
  priceList: Schema.NullOr(PriceListRef)
})
export type ClientPricing = typeof ClientPricing.Type

const toPricedProduct = (row: ProductRow): PricedProduct => ({
  id: row.id,
  sku: row.sku,
  name: row.name,
  unit: row.unit,
  category: row.category,
  stock: row.stock,
  stockTracked: row.stockTracked,
  stockSyncedAt: row.stockSyncedAt,
  pricing: {
    productId: row.id,
    clientListPrice: row.clientPrice,
    generalListPrice: row.generalPrice,
    promotions: row.promotions.map((promotion) => ({ ...promotion, productId: row.id, active: true }))
  }
})

/** `%` and `_` typed by a user are literal characters in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export class PricingCatalog extends Context.Service<PricingCatalog, {
  /**
   * Active products matching the selection, with their pricing inputs for the client
   * (its own list when it has an active one, else the general list); ordered by name.
   */
  readonly load: (clientId: ClientId, selection: PricesQuery) => Effect.Effect<ReadonlyArray<PricedProduct>>
  /**
   * `load` as a query to run inside a caller's statement (quotation creation reads its
   * target and its products in one round trip): `select` is the statement (its columns
   * do not collide with `OrderTargets`'), `fromRows` turns its rows into products.
   */
  readonly loadQuery: (clientId: ClientId, selection: PricesQuery) => {
    readonly select: Fragment
    readonly fromRows: (rows: ReadonlyArray<unknown>) => Effect.Effect<ReadonlyArray<PricedProduct>>
  }
  /** An active client of an active company, with the list its prices come from; `None` otherwise. */
  readonly clientPricing: (clientId: ClientId) => Effect.Effect<Option.Option<ClientPricing>>
  /** When the last successful ERP product sync finished, if any. */
  readonly catalogSyncedAt: Effect.Effect<Date | null>
}>()("@quote/adapters/PricingCatalog") {
  static readonly layer = Layer.effect(
    PricingCatalog,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const where = (selection: PricesQuery): Fragment => {
        const keys: Array<Fragment> = []
        if (selection.skus !== undefined && selection.skus.length > 0) keys.push(sql.in("p.sku", selection.skus))
        if (selection.productIds !== undefined && selection.productIds.length > 0) {
          keys.push(sql.in("p.id", selection.productIds))
        }
        // A product no list prices cannot be sold: it is "not found" for pricing and quoting alike.
        const clauses: Array<Fragment> = [sql`p.active`, sql`(cl.price is not null or gl.price is not null)`]
        if (keys.length > 0) clauses.push(sql.or(keys))
        if (selection.search !== undefined) {
          const pattern = likePattern(selection.search)
          clauses.push(sql`(p.name ilike ${pattern} or p.sku ilike ${pattern})`)
        }
        if (selection.categoryId !== undefined) clauses.push(sql`p.category_id = ${selection.categoryId}`)
        return sql.and(clauses)
      }

      const decodeProducts = Schema.decodeUnknownEffect(Schema.Array(ProductRow))

      const productsQuery = (clientId: ClientId, selection: PricesQuery) => sql`
          select p.id, p.sku, p.name, p.unit, cat.name as category, p.stock, p.stock_tracked, p.stock_synced_at,
                 cl.price as client_price, gl.price as general_price,
                 coalesce((
                   select json_agg(json_build_object(
                            'id', pr.id, 'kind', pr.kind, 'price', pr.price,
                            'startsAt', floor(extract(epoch from pr.starts_at) * 1000),
                            'endsAt', floor(extract(epoch from pr.ends_at) * 1000),
                            'appliesToClient', exists (
                              select 1 from promotion_clients pc
                               where pc.promotion_id = pr.id and pc.client_id = ${clientId}::uuid)
                          ) order by pr.price)
                     from promotions pr
                    where pr.product_id = p.id and pr.active
                 ), '[]'::json) as promotions
            from products p
            left join categories cat on cat.id = p.category_id
            left join price_list_items cl on cl.product_id = p.id and cl.price_list_id = (
                   select own.id from clients c join price_lists own on own.id = c.price_list_id and own.active
                    where c.id = ${clientId}::uuid)
            left join price_list_items gl on gl.product_id = p.id
                  and gl.price_list_id = (select id from price_lists where is_default)
           where ${where(selection)}
           order by p.name, p.sku
           ${selection.limit === undefined ? sql.literal("") : sql`limit ${selection.limit}`}`

      const fromRows = (rows: ReadonlyArray<unknown>) =>
        decodeProducts(rows).pipe(Effect.orDie, Effect.map((decoded) => decoded.map(toPricedProduct)))

      const load = Effect.fn("PricingCatalog.load")(function*(clientId: ClientId, selection: PricesQuery) {
        return yield* productsQuery(clientId, selection).pipe(Effect.orDie, Effect.flatMap(fromRows))
      })

      const loadQuery = (clientId: ClientId, selection: PricesQuery) => ({
        select: productsQuery(clientId, selection),
        fromRows
      })

      const clientRow = SqlSchema.findOneOption({
        Request: ClientId,
        Result: ClientPricing,
        execute: (clientId) => sql`
          select c.id as client_id,
                 case when coalesce(own.id, general.id) is null then null
                      else json_build_object('id', coalesce(own.id, general.id), 'name', coalesce(own.name, general.name))
                 end as price_list
            from clients c
            join companies co on co.id = c.company_id and co.active
            left join price_lists own on own.id = c.price_list_id and own.active
            left join price_lists general on general.is_default
           where c.id = ${clientId} and c.active`
      })

      const clientPricing = Effect.fn("PricingCatalog.clientPricing")(function*(clientId: ClientId) {
        return yield* clientRow(clientId).pipe(Effect.orDie)
      })

      const lastSync = SqlSchema.findOne({
        Request: Schema.Void,
        Result: Schema.Struct({ finishedAt: Schema.NullOr(Schema.Date) }),
        execute: () => sql`
          select max(finished_at) as finished_at from erp_sync_runs
           where kind = 'products' and status = 'success'`
      })

      const catalogSyncedAt = lastSync(undefined).pipe(
        Effect.map((row) => row.finishedAt),
        Effect.orDie,
        Effect.withSpan("PricingCatalog.catalogSyncedAt")
      )

      return PricingCatalog.of({ load, loadQuery, clientPricing, catalogSyncedAt })
    })
  )
}
