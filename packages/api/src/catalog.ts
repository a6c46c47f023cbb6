/**
 * The product catalog (CONTRACT.md "Catalog, price lists, promotions"): the public
 * catalog with general-list prices, and the categories, which accept a login or an API
 * key with `catalog:read` (spec "Shared endpoint"). Also the error responses shared by
 * the catalog's admin groups (price lists, promotions) and API keys.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { access, UserOrApiKeyAuthentication } from "./security.ts"
import { Uuid } from "./common.ts"
import { errorEnvelope } from "./error-envelope.ts"
import { ValidationError } from "@quote/core/errors/common"

/** A UUID path or query parameter (anything else is 400 VALIDATION_ERROR). */

export const CatalogProductJson = Schema.Struct({
  id: Schema.String,
  sku: Schema.String,
  name: Schema.String,
  unit: Schema.String,
  category: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
  price: Schema.NullOr(Schema.Int).annotate({ description: "General (default) list price in COP; null when that list has none" }),
  stock: Schema.Number,
  stockTracked: Schema.Boolean
}).annotate({ identifier: "CatalogProduct" })

export const CategoryJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  productCount: Schema.Int.annotate({ description: "Active products in the category" })
}).annotate({ identifier: "Category" })

export class CatalogApi extends HttpApiGroup.make("catalog")
  .add(
    HttpApiEndpoint.get("products", "/products/catalog", {
      query: {
        search: Schema.optionalKey(Schema.String.annotate({ description: "Text contained in the name or SKU (case-insensitive)" })),
        categoryId: Schema.optionalKey(Uuid)
      },
      success: Schema.Struct({ items: Schema.Array(CatalogProductJson) }),
      error: errorEnvelope(ValidationError)
    }).annotateMerge(access.public())
      .annotate(OpenApi.Description, "Access: public. Active products ordered by name, with the general list price."),
    HttpApiEndpoint.get("categories", "/categories", {
      success: Schema.Struct({ items: Schema.Array(CategoryJson) })
    }).middleware(UserOrApiKeyAuthentication).annotateMerge(access.userOrApiKeyScope("catalog:read"))
  )
  .prefix("/api")
  .annotate(OpenApi.Title, "Catalog")
{}

export { Uuid }
