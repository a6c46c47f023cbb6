import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { PriceLists } from "@quote/adapters/app/catalog/price-lists"
import { QuotationApi } from "@quote/api/api"

export const PriceListsHandlers = HttpApiBuilder.group(
  QuotationApi,
  "priceLists",
  Effect.fn(function*(handlers) {
    const priceLists = yield* PriceLists
    return handlers
      .handle("list", () => Effect.map(priceLists.list, (items) => ({ items })))
      .handle("get", ({ params }) => priceLists.get(params.id))
      .handle("create", ({ payload }) => priceLists.create(payload))
      .handle("update", ({ params, payload }) => priceLists.update(params.id, payload))
      .handle("remove", ({ params }) => priceLists.remove(params.id))
  })
)
