import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Catalog } from "@quote/adapters/app/catalog/catalog"
import { QuotationApi } from "@quote/api/api"

export const CatalogHandlers = HttpApiBuilder.group(
  QuotationApi,
  "catalog",
  Effect.fn(function*(handlers) {
    const catalog = yield* Catalog
    return handlers
      .handle("products", ({ query }) => Effect.map(catalog.products(query), (items) => ({ items })))
      .handle("categories", () => Effect.map(catalog.categories, (items) => ({ items })))
  })
)
