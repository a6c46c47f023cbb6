/**
 * The webhook feature wired to its HTTP transport, as one layer: administration (`WebhookEndpoints`, `WebhookRecovery`),
 * the event feed (`EventFeed`) and the running dispatcher (`WebhookDispatcher`, whose
 * background fibers live as long as the layer).
 * Needs `AppConfig`, `SqlClient` and `DatabaseNotifications`.
 */
import * as Layer from "effect/Layer"
import { DeliveryAttempts } from "../app/webhooks/delivery-attempt.ts"
import { DeliveryQueue } from "../app/webhooks/delivery-queue.ts"
import { EndpointHealth } from "../app/webhooks/endpoint-health.ts"
import { EventFeed } from "../app/webhooks/event-feed.ts"
import { HostResolver } from "../infra/webhook-http/host-resolver.ts"
import { WebhookDispatcher } from "../app/webhooks/webhook-dispatcher.ts"
import { WebhookEndpoints } from "../app/webhooks/webhook-endpoints.ts"
import { WebhookPayloads } from "../app/webhooks/webhook-payloads.ts"
import { WebhookRecovery } from "../app/webhooks/webhook-recovery.ts"
import { NotificationOutbox } from "../app/mail/notification-outbox.ts"
import { webhookTransportLayer } from "../infra/webhook-http/webhook-transport.ts"
import { NodeProcessIdentity } from "../infra/process/node-process-identity.ts"

/** The feature with a given name resolver (tests pass `HostResolver.layerStatic`). */
export const webhooksLayer = (resolver: Layer.Layer<HostResolver> = HostResolver.layer) =>
  Layer.mergeAll(WebhookEndpoints.layer, WebhookDispatcher.layer, WebhookRecovery.layer, EventFeed.layer).pipe(
    Layer.provideMerge(DeliveryAttempts.layer),
    Layer.provideMerge(EndpointHealth.layer),
    Layer.provideMerge(
      Layer.mergeAll(DeliveryQueue.layer, WebhookPayloads.layer, webhookTransportLayer, NotificationOutbox.layer)
    ),
    Layer.provideMerge(resolver),
    Layer.provide(NodeProcessIdentity)
  )

export const WebhooksLive = webhooksLayer()
