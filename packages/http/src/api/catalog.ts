/**
 * The product catalog (CONTRACT.md "Catalog, price lists, promotions"): the public
 * catalog with general-list prices, and the categories, which accept a login or an API
 * key with `catalog:read` (spec "Shared endpoint"). Also the error responses shared by
 * the catalog's admin groups (price lists, promotions) and API keys.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ClientNotFound, DefaultPriceListRequired, EmptyPatch, ProductNotFound } from "@quote/core/catalog-errors"
import { httpError } from "./error-envelope.ts"
import { ValidationErrorResponse } from "./http-errors.ts"
import { access, UserOrApiKeyAuthentication } from "./security.ts"

export const ProductNotFoundResponse = httpError(
  ProductNotFound,
  404,
  "A referenced product does not exist; `details.productIds` lists the unknown ids"
)
export const ClientNotFoundResponse = httpError(
  ClientNotFound,
  404,
  "A referenced client does not exist; `details.clientIds` lists the unknown ids"
)
export const EmptyPatchResponse = httpError(EmptyPatch, 400, "The update has no field to change")
export const DefaultPriceListRequiredResponse = httpError(
  DefaultPriceListRequired,
  409,
  "The change would leave no active general (default) price list; make another list the default first"
)

/** A UUID path or query parameter (anything else is 400 VALIDATION_ERROR). */
export const Uuid = Schema.String.check(Schema.isUUID())

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
      error: ValidationErrorResponse
    }).annotateMerge(access.public())
      .annotate(OpenApi.Description, "Access: public. Active products ordered by name, with the general list price."),
    HttpApiEndpoint.get("categories", "/categories", {
      success: Schema.Struct({ items: Schema.Array(CategoryJson) })
    }).middleware(UserOrApiKeyAuthentication).annotateMerge(access.userOrApiKeyScope("catalog:read"))
  )
  .prefix("/api")
  .annotate(OpenApi.Title, "Catalog")
{}
