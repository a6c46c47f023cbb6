import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { WebhookDispatcher } from "@quote/adapters/app/webhooks/webhook-dispatcher"
import { QuotationApi } from "@quote/api/api"

/** A cron call must answer well within an HTTP client's patience; the rest waits for the next call. */
const CRON_BUDGET_MS = 25_000

export const CronWebhooksHandlers = HttpApiBuilder.group(
  QuotationApi,
  "cronWebhooks",
  Effect.fn(function*(handlers) {
    const dispatcher = yield* WebhookDispatcher
    return handlers.handle("webhooks", () => dispatcher.runScheduled({ budgetMs: CRON_BUDGET_MS }))
  })
)
