/**
 * The read side of the catalog: the public product list with general-list prices, and
 * the categories with their number of active products. The columns are the views'
 * fields (`@quote/core/catalog/views`), so rows decode straight into them.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { CategoryId } from "@quote/core/shared/ids"
import { type CatalogFilters, CatalogProduct, Category } from "@quote/core/catalog/views"

const Filters = Schema.Struct({ search: Schema.NullOr(Schema.String), categoryId: Schema.NullOr(CategoryId) })

export class Catalog extends Context.Service<Catalog, {
  readonly products: (filters: CatalogFilters) => Effect.Effect<ReadonlyArray<CatalogProduct>>
  /** Active categories by name, each with its count of active products (possibly 0). */
  readonly categories: Effect.Effect<ReadonlyArray<Category>>
}>()("@quote/adapters/Catalog") {
  static readonly layer = Layer.effect(
    Catalog,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const productRows = SqlSchema.findAll({
        Request: Filters,
        Result: CatalogProduct,
        // strpos instead of LIKE: the search text needs no escaping of % and _.
        execute: ({ categoryId, search }) => sql`
          select p.id, p.sku, p.name, p.unit,
                 case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as category,
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
        Result: Category,
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
        return yield* productRows({
          search: search === "" ? null : search,
          categoryId: filters.categoryId ?? null
        }).pipe(Effect.orDie)
      })

      const categories = categoryRows(undefined).pipe(Effect.orDie, Effect.withSpan("Catalog.categories"))

      return Catalog.of({ products, categories })
    })
  )
}
