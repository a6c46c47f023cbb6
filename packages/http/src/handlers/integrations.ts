import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { ClientLookup } from "@quote/adapters/app/integrations/client-lookup"
import { ClientPrices } from "@quote/adapters/app/integrations/client-prices"
import { IntegrationCutoff } from "@quote/adapters/app/integrations/integration-cutoff"
import { QuotationCreation } from "@quote/adapters/app/quotations/quotation-creation"
import { QuotationReader } from "@quote/adapters/app/quotations/quotation-reader"
import { QuotationApi } from "@quote/api/api"
import { CurrentApiKey } from "@quote/api/security"
import { BranchCutoff } from "@quote/core/integrations/views"
import { jsonResponder } from "./support/json-response.ts"

const cutoffResponse = jsonResponder(BranchCutoff, { sameValueSameBody: true })

export const IntegrationHandlers = HttpApiBuilder.group(
  QuotationApi,
  "integrations",
  Effect.fn(function*(handlers) {
    const lookup = yield* ClientLookup
    const cutoff = yield* IntegrationCutoff
    const prices = yield* ClientPrices
    const creation = yield* QuotationCreation
    const reader = yield* QuotationReader
    return handlers
      .handle("lookupClients", ({ query }) => lookup.byPhone(query.phone))
      .handle("cutoff", ({ query }) => Effect.map(cutoff.status(query), cutoffResponse))
      .handle("clientPrices", ({ params, query }) => prices.list(params.clientId, query))
      .handle("createQuotation", ({ headers, payload }) =>
        Effect.flatMap(CurrentApiKey, (key) =>
          Effect.map(
            creation.create(
              { _tag: "Chat", apiKeyId: key.id, lineageId: key.lineageId, idempotencyKey: headers["idempotency-key"] },
              payload
            ),
            ({ quotation, replayed }) =>
              replayed ? { ...quotation, replayed: true as const } : { ...quotation, replayed: false as const }
          )))
      .handle("getQuotation", ({ params }) =>
        Effect.flatMap(CurrentApiKey, (key) =>
          Effect.map(reader.get(params.id, { _tag: "Lineage", lineageId: key.lineageId }), (quotation) => ({
            ...quotation,
            replayed: false as const
          }))))
  })
)
