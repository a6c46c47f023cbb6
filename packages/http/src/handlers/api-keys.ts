import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { ApiKeys } from "@quote/adapters/app/api-keys/api-keys"
import { QuotationApi } from "@quote/api/api"
import { CurrentUser } from "@quote/api/security"

export const ApiKeysHandlers = HttpApiBuilder.group(
  QuotationApi,
  "apiKeys",
  Effect.fn(function*(handlers) {
    const apiKeys = yield* ApiKeys
    return handlers
      .handle("list", () => Effect.map(apiKeys.list, (items) => ({ items })))
      .handle("create", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) => apiKeys.create({ ...payload, createdBy: user.id })))
      .handle("update", ({ params, payload }) => apiKeys.update(params.id, payload))
      .handle("rotate", ({ params, payload }) =>
        Effect.flatMap(CurrentUser, (user) => apiKeys.rotate(params.id, payload ?? {}, user.id)))
      .handle("revoke", ({ params }) => apiKeys.revoke(params.id))
  })
)
