/**
 * The webhook feature as one layer: administration (`WebhookEndpoints`) and the running
 * dispatcher (`WebhookDispatcher`, whose background fibers live as long as the layer).
 * Needs `AppConfig`, `SqlClient` and `DatabaseNotifications`.
 */
import { Layer } from "effect"
import { DeliveryAttempts } from "./delivery-attempt.ts"
import { DeliveryQueue } from "./delivery-queue.ts"
import { HostResolver } from "../../infra/webhook-http/host-resolver.ts"
import { WebhookDispatcher } from "./webhook-dispatcher.ts"
import { WebhookEndpoints } from "./webhook-endpoints.ts"
import { WebhookPayloads } from "./webhook-payloads.ts"
import { WebhookTransport } from "../../infra/webhook-http/webhook-transport.ts"

/** The feature with a given name resolver (tests pass `HostResolver.layerStatic`). */
export const webhooksLayer = (resolver: Layer.Layer<HostResolver> = HostResolver.layer) =>
  Layer.mergeAll(WebhookEndpoints.layer, WebhookDispatcher.layer).pipe(
    Layer.provideMerge(DeliveryAttempts.layer),
    Layer.provideMerge(Layer.mergeAll(DeliveryQueue.layer, WebhookPayloads.layer, WebhookTransport.layer)),
    Layer.provideMerge(resolver)
  )

export const WebhooksLive = webhooksLayer()
