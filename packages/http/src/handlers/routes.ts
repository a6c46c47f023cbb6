import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { ClientCutoff } from "@quote/adapters/app/routes/client-cutoff"
import { Routes } from "@quote/adapters/app/routes/routes"
import { QuotationApi } from "@quote/api/api"
import { CurrentUser } from "@quote/api/security"

export const RoutesHandlers = HttpApiBuilder.group(
  QuotationApi,
  "routes",
  Effect.fn(function*(handlers) {
    const routes = yield* Routes
    const cutoff = yield* ClientCutoff
    return handlers
      .handle("list", () => Effect.map(routes.list(), (items) => ({ items })))
      .handle("myCutoff", ({ query }) => Effect.flatMap(CurrentUser, (user) => cutoff.forClient(user, query.branchId)))
      .handle("create", ({ payload }) => routes.create(payload))
      .handle("update", ({ params, payload }) => routes.update(params.id, payload))
      .handle("remove", ({ params }) => routes.deactivate(params.id))
  })
)
