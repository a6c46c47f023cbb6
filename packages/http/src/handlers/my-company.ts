import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { ClientPrices } from "@quote/adapters/app/integrations/client-prices"
import { MyCompany } from "@quote/adapters/app/my-company/my-company"
import { QuotationApi } from "@quote/api/api"
import { CurrentUser } from "@quote/api/security"

export const MyCompanyHandlers = HttpApiBuilder.group(
  QuotationApi,
  "myCompany",
  Effect.fn(function*(handlers) {
    const myCompany = yield* MyCompany
    const prices = yield* ClientPrices
    return handlers
      .handle("view", () => Effect.flatMap(CurrentUser, myCompany.view))
      .handle("createUser", ({ payload }) => Effect.flatMap(CurrentUser, (me) => myCompany.createUser(me, payload)))
      .handle("updateUser", ({ params, payload }) =>
        Effect.flatMap(CurrentUser, (me) => myCompany.updateUser(me, params.id, payload)))
      .handle("deactivateUser", ({ params }) => Effect.flatMap(CurrentUser, (me) => myCompany.deactivateUser(me, params.id)))
      .handle("createBranch", ({ payload }) => Effect.flatMap(CurrentUser, (me) => myCompany.createBranch(me, payload)))
      .handle("updateBranch", ({ params, payload }) =>
        Effect.flatMap(CurrentUser, (me) => myCompany.updateBranch(me, params.id, payload)))
      .handle("deactivateBranch", ({ params }) =>
        Effect.flatMap(CurrentUser, (me) => myCompany.deactivateBranch(me, params.id)))
      .handle("prices", ({ query }) => Effect.flatMap(CurrentUser, (me) => prices.forUser(me, query)))
  })
)
