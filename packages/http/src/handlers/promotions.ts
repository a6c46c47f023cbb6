import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Promotions } from "@quote/adapters/app/catalog/promotions"
import { QuotationApi } from "@quote/api/api"

export const PromotionsHandlers = HttpApiBuilder.group(
  QuotationApi,
  "promotions",
  Effect.fn(function*(handlers) {
    const promotions = yield* Promotions
    return handlers
      .handle("list", () => Effect.map(promotions.list, (items) => ({ items })))
      .handle("get", ({ params }) => promotions.get(params.id))
      .handle("create", ({ payload }) => promotions.create(payload))
      .handle("update", ({ params, payload }) => promotions.update(params.id, payload))
      .handle("remove", ({ params }) => promotions.remove(params.id))
  })
)
