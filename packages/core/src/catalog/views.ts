/**
 * The public catalog's answers (CONTRACT.md "Catalog, price lists, promotions"): a
 * product with its general-list price, and a category with its count of active
 * products. Declared once: the service's types, the endpoints' schemas and the decoders
 * of the rows the service reads (columns named as these fields).
 */
import * as Schema from "effect/Schema"
import { CategoryId, ProductId } from "../shared/ids.ts"

export const CatalogProduct = Schema.Struct({
  id: ProductId,
  sku: Schema.String,
  name: Schema.String,
  unit: Schema.String,
  category: Schema.NullOr(Schema.Struct({ id: CategoryId, name: Schema.String })),
  price: Schema.NullOr(Schema.Int).annotate({ description: "General (default) list price in COP; null when that list has none" }),
  stock: Schema.Finite,
  stockTracked: Schema.Boolean
}).annotate({ identifier: "CatalogProduct" })
export type CatalogProduct = typeof CatalogProduct.Type

export const Category = Schema.Struct({
  id: CategoryId,
  name: Schema.String,
  productCount: Schema.Int.annotate({ description: "Active products in the category" })
}).annotate({ identifier: "Category" })
export type Category = typeof Category.Type

/** The query of `GET /api/products/catalog`. */
export const CatalogFilters = Schema.Struct({
  /** Blank: no filter. */
  search: Schema.optionalKey(Schema.String.annotate({ description: "Text contained in the name or SKU (case-insensitive)" })),
  categoryId: Schema.optionalKey(CategoryId)
})
export type CatalogFilters = typeof CatalogFilters.Type
