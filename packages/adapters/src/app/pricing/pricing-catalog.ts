/**
 * The one loader behind server-side pricing: active products with everything core
 * `priceProduct` needs for one client (its list price, the general list price, the
 * product's active promotions and whether each `specific` one is the client's), in one
 * statement. Both `GET /api/integrations/clients/:clientId/prices` and quotation
 * creation (web and chat) read products through `load`, so the price shown is the
 * price charged.
 *
 * Promotion periods are not filtered here but by core `promotionApplies` at the
 * caller's instant, so the database clock never decides a price.
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import type { ProductPricingInput } from "@quote/core/pricing"

/** Which products to load. Identifier lists are OR-ed; `search` and `categoryId` narrow. */
export interface ProductSelection {
  readonly skus?: ReadonlyArray<string> | undefined
  readonly productIds?: ReadonlyArray<string> | undefined
  /** Text contained in the name or the SKU (case-insensitive). */
  readonly search?: string | undefined
  readonly categoryId?: string | undefined
  readonly limit?: number | undefined
}


export interface CatalogProduct {
  readonly id: string
  readonly sku: string
  readonly name: string
  readonly unit: string
  readonly category: string | null
  readonly stock: number
  readonly stockTracked: boolean
  readonly stockSyncedAt: Date | null
  readonly pricing: ProductPricingInput
}

export interface PriceListRef {
  readonly id: string
  readonly name: string
}

const PromotionJson = Schema.Struct({
  id: Schema.String,
  kind: Schema.Literals(["general", "specific"]),
  price: Schema.Number,
  startsAt: Schema.NullOr(Schema.Number),
  endsAt: Schema.NullOr(Schema.Number),
  forClient: Schema.Boolean
})

const ProductRow = Schema.Struct({
  id: Schema.String,
  sku: Schema.String,
  name: Schema.String,
  unit: Schema.String,
  category: Schema.NullOr(Schema.String),
  stock: Schema.Number,
  stock_tracked: Schema.Boolean,
  stock_synced_at: Schema.NullOr(Schema.Date),
  client_price: Schema.NullOr(Schema.Number),
  general_price: Schema.NullOr(Schema.Number),
  promotions: Schema.Array(PromotionJson)
})
type ProductRow = typeof ProductRow.Type

export interface ClientPricing {
  readonly clientId: string
  /** The client's own active list, else the general one (`null` only if no list exists at all). */
  readonly priceList: PriceListRef | null
}

const toCatalogProduct = (clientId: string) => (row: ProductRow): CatalogProduct => ({
  id: row.id,
  sku: row.sku,
  name: row.name,
  unit: row.unit,
  category: row.category,
  stock: row.stock,
  stockTracked: row.stock_tracked,
  stockSyncedAt: row.stock_synced_at,
  pricing: {
    productId: row.id,
    clientListPrice: row.client_price,
    generalListPrice: row.general_price,
    promotions: row.promotions.map((promotion) => ({
      id: promotion.id,
      kind: promotion.kind,
      productId: row.id,
      price: promotion.price,
      startsAt: promotion.startsAt,
      endsAt: promotion.endsAt,
      active: true,
      // Only whether this client is among a specific promotion's clients matters.
      clientIds: promotion.forClient ? [clientId] : []
    }))
  }
})

/** `%` and `_` typed by a user are literal characters in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export class PricingCatalog extends Context.Service<PricingCatalog, {
  /**
   * Active products matching the selection, with their pricing inputs for the client
   * (its own list when it has an active one, else the general list); ordered by name.
   */
  readonly load: (clientId: string, selection: ProductSelection) => Effect.Effect<ReadonlyArray<CatalogProduct>>
  /**
   * `load` as a query to run inside a caller's statement (quotation creation reads its
   * target and its products in one round trip): `select` is the statement (its columns
   * do not collide with `OrderTargets`'), `fromRows` turns its rows into products.
   */
  readonly loadQuery: (clientId: string, selection: ProductSelection) => {
    readonly select: Fragment
    readonly fromRows: (rows: ReadonlyArray<unknown>) => Effect.Effect<ReadonlyArray<CatalogProduct>>
  }
  /** An active client of an active company, with the list its prices come from; `None` otherwise. */
  readonly clientPricing: (clientId: string) => Effect.Effect<Option.Option<ClientPricing>>
  /** When the last successful ERP product sync finished, if any. */
  readonly catalogSyncedAt: Effect.Effect<Date | null>
}>()("@quote/adapters/PricingCatalog") {
  static readonly layer = Layer.effect(
    PricingCatalog,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const where = (selection: ProductSelection): Fragment => {
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

      const productsQuery = (clientId: string, selection: ProductSelection) => sql`
          select p.id, p.sku, p.name, p.unit, cat.name as category, p.stock, p.stock_tracked, p.stock_synced_at,
                 cl.price as client_price, gl.price as general_price,
                 coalesce((
                   select json_agg(json_build_object(
                            'id', pr.id, 'kind', pr.kind, 'price', pr.price,
                            'startsAt', floor(extract(epoch from pr.starts_at) * 1000),
                            'endsAt', floor(extract(epoch from pr.ends_at) * 1000),
                            'forClient', exists (
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

      const fromRows = (clientId: string) => (rows: ReadonlyArray<unknown>) =>
        decodeProducts(rows).pipe(Effect.orDie, Effect.map((decoded) => decoded.map(toCatalogProduct(clientId))))

      const load = Effect.fn("PricingCatalog.load")(function*(clientId: string, selection: ProductSelection) {
        return yield* productsQuery(clientId, selection).pipe(Effect.orDie, Effect.flatMap(fromRows(clientId)))
      })

      const loadQuery = (clientId: string, selection: ProductSelection) => ({
        select: productsQuery(clientId, selection),
        fromRows: fromRows(clientId)
      })

      const clientRow = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: Schema.Struct({
          client_id: Schema.String,
          list_id: Schema.NullOr(Schema.String),
          list_name: Schema.NullOr(Schema.String)
        }),
        execute: (clientId) => sql`
          select c.id as client_id,
                 coalesce(own.id, general.id) as list_id, coalesce(own.name, general.name) as list_name
            from clients c
            join companies co on co.id = c.company_id and co.active
            left join price_lists own on own.id = c.price_list_id and own.active
            left join price_lists general on general.is_default
           where c.id = ${clientId} and c.active`
      })

      const clientPricing = Effect.fn("PricingCatalog.clientPricing")(function*(clientId: string) {
        const row = yield* clientRow(clientId).pipe(Effect.orDie)
        return Option.map(row, (found): ClientPricing => ({
          clientId: found.client_id,
          priceList: found.list_id === null || found.list_name === null ? null : { id: found.list_id, name: found.list_name }
        }))
      })

      const lastSync = SqlSchema.findOne({
        Request: Schema.Void,
        Result: Schema.Struct({ finished_at: Schema.NullOr(Schema.Date) }),
        execute: () => sql`
          select max(finished_at) as finished_at from erp_sync_runs
           where kind = 'products' and status = 'success'`
      })

      const catalogSyncedAt = lastSync(undefined).pipe(
        Effect.map((row) => row.finished_at),
        Effect.orDie,
        Effect.withSpan("PricingCatalog.catalogSyncedAt")
      )

      return PricingCatalog.of({ load, loadQuery, clientPricing, catalogSyncedAt })
    })
  )
}
