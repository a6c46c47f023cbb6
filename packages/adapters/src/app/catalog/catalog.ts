/**
 * The read side of the catalog: the public product list with general-list prices, and
 * the categories with their number of active products.
 */
import { Context, Effect, Layer, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"

export interface CatalogFilters {
  /** Text contained in the name or SKU, case-insensitive; blank = no filter. */
  readonly search?: string | undefined
  readonly categoryId?: string | undefined
}

export interface CatalogProduct {
  readonly id: string
  readonly sku: string
  readonly name: string
  readonly unit: string
  readonly category: { readonly id: string; readonly name: string } | null
  /** General (default) list price; null when that list does not price the product. */
  readonly price: number | null
  readonly stock: number
  readonly stockTracked: boolean
}

export interface CategorySummary {
  readonly id: string
  readonly name: string
  readonly productCount: number
}

const ProductRow = Schema.Struct({
  id: Schema.String,
  sku: Schema.String,
  name: Schema.String,
  unit: Schema.String,
  category_id: Schema.NullOr(Schema.String),
  category_name: Schema.NullOr(Schema.String),
  price: Schema.NullOr(Schema.Number),
  stock: Schema.Number,
  stock_tracked: Schema.Boolean
})

const CategoryRow = Schema.Struct({ id: Schema.String, name: Schema.String, product_count: Schema.Number })

const Filters = Schema.Struct({ search: Schema.NullOr(Schema.String), categoryId: Schema.NullOr(Schema.String) })

const toProduct = (row: typeof ProductRow.Type): CatalogProduct => ({
  id: row.id,
  sku: row.sku,
  name: row.name,
  unit: row.unit,
  category: row.category_id === null ? null : { id: row.category_id, name: row.category_name ?? "" },
  price: row.price,
  stock: row.stock,
  stockTracked: row.stock_tracked
})

export class Catalog extends Context.Service<Catalog, {
  readonly products: (filters: CatalogFilters) => Effect.Effect<ReadonlyArray<CatalogProduct>>
  /** Active categories by name, each with its count of active products (possibly 0). */
  readonly categories: Effect.Effect<ReadonlyArray<CategorySummary>>
}>()("@quote/adapters/Catalog") {
  static readonly layer = Layer.effect(
    Catalog,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const productRows = SqlSchema.findAll({
        Request: Filters,
        Result: ProductRow,
        // strpos instead of LIKE: the search text needs no escaping of % and _.
        execute: ({ categoryId, search }) => sql`
          select p.id, p.sku, p.name, p.unit, c.id as category_id, c.name as category_name,
                 i.price, p.stock, p.stock_tracked
            from products p
            left join categories c on c.id = p.category_id
            left join price_lists g on g.is_default
            left join price_list_items i on i.price_list_id = g.id and i.product_id = p.id
           where p.active
             and (${search}::text is null
                  or strpos(lower(p.name), lower(${search}::text)) > 0
                  or strpos(lower(p.sku), lower(${search}::text)) > 0)
             and (${categoryId}::uuid is null or p.category_id = ${categoryId}::uuid)
           order by p.name, p.sku`
      })

      const categoryRows = SqlSchema.findAll({
        Request: Schema.Void,
        Result: CategoryRow,
        execute: () => sql`
          select c.id, c.name, count(p.id)::int as product_count
            from categories c
            left join products p on p.category_id = c.id and p.active
           where c.active
           group by c.id, c.name
           order by c.name, c.id`
      })

      const products = Effect.fn("Catalog.products")(function*(filters: CatalogFilters) {
        const search = filters.search?.trim() ?? ""
        const rows = yield* productRows({
          search: search === "" ? null : search,
          categoryId: filters.categoryId ?? null
        }).pipe(Effect.orDie)
        return rows.map(toProduct)
      })

      const categories = Effect.map(Effect.orDie(categoryRows(undefined)), (rows) =>
        rows.map((row) => ({ id: row.id, name: row.name, productCount: row.product_count }))).pipe(
          Effect.withSpan("Catalog.categories")
        )

      return Catalog.of({ products, categories })
    })
  )
}
