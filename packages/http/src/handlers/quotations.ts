import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { QuotationComments } from "@quote/adapters/app/quotations/quotation-comments"
import { QuotationCreation } from "@quote/adapters/app/quotations/quotation-creation"
import { QuotationReader } from "@quote/adapters/app/quotations/quotation-reader"
import { userScope } from "@quote/adapters/app/quotations/quotation-scope"
import { QuotationStatusChanges } from "@quote/adapters/app/quotations/quotation-status-changes"
import { QuotationApi } from "@quote/api/api"
import { CurrentUser } from "@quote/api/security"

export const QuotationHandlers = HttpApiBuilder.group(
  QuotationApi,
  "quotations",
  Effect.fn(function*(handlers) {
    const creation = yield* QuotationCreation
    const reader = yield* QuotationReader
    const statusChanges = yield* QuotationStatusChanges
    const comments = yield* QuotationComments
    return handlers
      .handle("create", ({ payload }) => Effect.flatMap(CurrentUser, (user) => creation.createForUser(user, payload)))
      .handle("list", ({ query }) => Effect.flatMap(CurrentUser, (user) => reader.list(query, userScope(user))))
      .handle("get", ({ params }) => Effect.flatMap(CurrentUser, (user) => reader.get(params.id, userScope(user))))
      .handle("changeStatus", ({ params, payload }) => statusChanges.change(params.id, payload.status))
      .handle("addComment", ({ params, payload }) =>
        Effect.flatMap(CurrentUser, (user) => comments.add(params.id, user, userScope(user), payload.text.trim())))
      .handle("listComments", ({ params }) =>
        Effect.flatMap(CurrentUser, (user) =>
          Effect.map(comments.list(params.id, userScope(user)), (items) => ({ items }))))
  })
)
