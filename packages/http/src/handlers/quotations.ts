import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { QuotationComments } from "@quote/adapters/app/quotations/quotation-comments"
import { QuotationCreation } from "@quote/adapters/app/quotations/quotation-creation"
import { QuotationReader } from "@quote/adapters/app/quotations/quotation-reader"
import { listScope, userScope } from "@quote/adapters/app/quotations/quotation-scope"
import { QuotationStatusChanges } from "@quote/adapters/app/quotations/quotation-status-changes"
import { QuotationApi } from "@quote/api/api"
import { CurrentUser } from "@quote/api/security"
import { quotationCsvColumns } from "@quote/core/quotations/quotation-csv"
import { WebQuotation } from "@quote/core/quotations/views"
import { csvStreamer } from "./support/csv-response.ts"
import { jsonResponder } from "./support/json-response.ts"

/** A replayed create answers 200 (the endpoint's second success) with the same shape. */
const replayResponse = jsonResponder(WebQuotation)

const quotationCsv = csvStreamer(quotationCsvColumns, "cotizaciones")

export const QuotationHandlers = HttpApiBuilder.group(
  QuotationApi,
  "quotations",
  Effect.fn(function*(handlers) {
    const creation = yield* QuotationCreation
    const reader = yield* QuotationReader
    const statusChanges = yield* QuotationStatusChanges
    const comments = yield* QuotationComments
    return handlers
      .handle("create", ({ headers, payload }) =>
        Effect.flatMap(CurrentUser, (user) =>
          Effect.map(
            creation.createForUser(user, payload, headers["idempotency-key"]),
            ({ quotation, replayed }) => replayed ? replayResponse(quotation) : quotation
          )))
      .handle("list", ({ query }) =>
        CurrentUser.pipe(
          Effect.flatMap((user) => listScope(user, query.advisorId)),
          Effect.flatMap((scope) => reader.list(query, scope))
        ))
      .handle("export", ({ query }) =>
        CurrentUser.pipe(
          Effect.flatMap((user) => listScope(user, query.advisorId)),
          Effect.flatMap((scope) => reader.stream(query, scope)),
          Effect.flatMap(quotationCsv)
        ))
      .handle("get", ({ params }) => Effect.flatMap(CurrentUser, (user) => reader.get(params.id, userScope(user))))
      .handle("changeStatus", ({ params, payload }) => statusChanges.change(params.id, payload.status))
      .handle("addComment", ({ params, payload }) =>
        Effect.flatMap(CurrentUser, (user) => comments.add(params.id, user, userScope(user), payload.text.trim())))
      .handle("listComments", ({ params }) =>
        Effect.flatMap(CurrentUser, (user) =>
          Effect.map(comments.list(params.id, userScope(user)), (items) => ({ items }))))
  })
)
