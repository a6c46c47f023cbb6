/**
 * Errors of webhook administration (spec "Webhook administration", "Limits") that the
 * spec leaves without a code; docs/webhooks.md records the choices. Bad target URLs are
 * core's `InvalidWebhookTarget` (`INVALID_WEBHOOK_URL`), empty updates the shared
 * `EmptyPatch` (resource-errors.ts).
 */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

/** The spec allows at most 10 registered endpoints (`409 WEBHOOK_LIMIT_REACHED`). */
export class WebhookLimitReached extends Schema.TaggedError<WebhookLimitReached>()("WebhookLimitReached", errorFields) {
  static readonly code = "WEBHOOK_LIMIT_REACHED"
}

/**
 * A manual retry of a delivery that another worker is attempting right now
 * (`409 DELIVERY_IN_PROGRESS`): two attempts of one delivery never run at once.
 */
export class DeliveryInProgress extends Schema.TaggedError<DeliveryInProgress>()("DeliveryInProgress", errorFields) {
  static readonly code = "DELIVERY_IN_PROGRESS"
}
