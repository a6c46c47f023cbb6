import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { EVENT_CATALOG, WEBHOOK_API_VERSION } from "@quote/core/webhooks/event-catalog"
import { DEFAULT_GRACE_HOURS, WebhookEndpoints } from "@quote/adapters/app/webhooks/webhook-endpoints"
import { EventFeed } from "@quote/adapters/app/webhooks/event-feed"
import { WebhookRecovery } from "@quote/adapters/app/webhooks/webhook-recovery"
import { QuotationApi } from "@quote/api/api"

export const WebhooksHandlers = HttpApiBuilder.group(
  QuotationApi,
  "webhooks",
  Effect.fn(function*(handlers) {
    const endpoints = yield* WebhookEndpoints
    const recovery = yield* WebhookRecovery
    const feed = yield* EventFeed
    return handlers
      .handle("events", () => Effect.succeed({ apiVersion: WEBHOOK_API_VERSION, events: EVENT_CATALOG }))
      .handle("feed", ({ query }) => feed.page(query))
      .handle("list", () => endpoints.list)
      .handle("create", ({ payload }) => endpoints.create(payload))
      .handle("update", ({ params, payload }) => endpoints.update(params.id, payload))
      .handle("test", ({ params }) => endpoints.test(params.id))
      .handle("rotateSecret", ({ params, payload }) =>
        endpoints.rotateSecret(params.id, payload?.graceHours ?? DEFAULT_GRACE_HOURS))
      .handle("deliveries", ({ params, query }) =>
        Effect.map(endpoints.deliveries(params.id, query), (items) => ({ items })))
      .handle("retry", ({ params }) => endpoints.retry(params.id))
      .handle("recover", ({ params, payload }) => recovery.recover(params.id, payload))
      .handle("remove", ({ params }) => endpoints.remove(params.id))
  })
)
