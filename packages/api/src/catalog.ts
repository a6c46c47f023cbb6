/**
 * The product catalog (CONTRACT.md "Catalog, price lists, promotions"): the public
 * catalog with general-list prices, and the categories, which accept a login or an API
 * key with `catalog:read` (spec "Shared endpoint").
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { access, UserOrApiKeyAuthentication } from "./security.ts"
import { CatalogFilters, CatalogProduct, Category } from "@quote/core/catalog/views"
import { errorEnvelope } from "./error-envelope.ts"
import { ValidationError } from "@quote/core/shared/errors"

export class CatalogApi extends HttpApiGroup.make("catalog")
  .add(
    HttpApiEndpoint.get("products", "/products/catalog", {
      query: CatalogFilters.fields,
      success: Schema.Struct({ items: Schema.Array(CatalogProduct) }),
      error: errorEnvelope(ValidationError)
    }).annotateMerge(access.public())
      .annotate(OpenApi.Description, "Access: public. Active products ordered by name, with the general list price."),
    HttpApiEndpoint.get("categories", "/categories", {
      success: Schema.Struct({ items: Schema.Array(Category) })
    }).middleware(UserOrApiKeyAuthentication).annotateMerge(access.userOrApiKeyScope("catalog:read"))
  )
  .prefix("/api")
  .annotate(OpenApi.Title, "Catalog")
{}
