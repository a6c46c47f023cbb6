import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Users } from "@quote/adapters/app/users/users"
import { QuotationApi } from "@quote/api/api"
import { MaybeUser } from "@quote/api/security"

export const UsersHandlers = HttpApiBuilder.group(
  QuotationApi,
  "users",
  Effect.fn(function*(handlers) {
    const users = yield* Users
    return handlers
      .handle("list", ({ query }) => users.list(query))
      .handle("create", ({ payload }) => Effect.flatMap(MaybeUser, (caller) => users.create(payload, caller)))
      .handle("update", ({ params, payload }) => users.update(params.id, payload))
      .handle("deactivate", ({ params }) => users.deactivate(params.id))
  })
)
