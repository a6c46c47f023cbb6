/**
 * Errors of webhooks (spec "Webhook administration", "Webhook signatures", "Limits");
 * the codes the spec leaves open are recorded in docs/webhooks.md.
 */
import * as Schema from "effect/Schema"
import { withDetails } from "../shared/error-fields.ts"

/**
 * A webhook target URL (or the addresses its host resolves to) that breaks the
 * spec's target-URL rules; `details.reason` says which rule.
 */
export class InvalidWebhookTarget extends Schema.TaggedError<InvalidWebhookTarget>()(
  "InvalidWebhookTarget",
  withDetails({ reason: Schema.String }),
  {
    httpApiStatus: 400,
    description:
      "The URL breaks a target rule; `details.reason`: INVALID_URL, NOT_HTTPS, USERINFO, LOCALHOST, INTERNAL_HOSTNAME, PRIVATE_ADDRESS, LOOPBACK_ADDRESS, INVALID_ADDRESS or NO_ADDRESSES"
  }
) {
  static readonly code = "INVALID_WEBHOOK_URL"
}

/** The spec allows at most `details.limit` (10) registered endpoints. */
export class WebhookLimitReached extends Schema.TaggedError<WebhookLimitReached>()(
  "WebhookLimitReached",
  withDetails({ limit: Schema.Int }),
  { httpApiStatus: 409, description: "10 endpoints are registered already" }
) {
  static readonly code = "WEBHOOK_LIMIT_REACHED"
}

/** A manual retry of a delivery another worker is attempting right now: two attempts of one delivery never run at once. */
export class DeliveryInProgress extends Schema.TaggedError<DeliveryInProgress>()(
  "DeliveryInProgress",
  withDetails({ deliveryId: Schema.String }),
  { httpApiStatus: 409, description: "The delivery is being attempted right now" }
) {
  static readonly code = "DELIVERY_IN_PROGRESS"
}

/**
 * A webhook signature a receiver must reject (it answers `401`; this service never
 * does, so the class has no status): malformed header, timestamp outside the
 * tolerance, or no `v1` matching any secret. `details.reason` is `MALFORMED_HEADER`,
 * `TIMESTAMP_OUT_OF_TOLERANCE` or `NO_MATCHING_SIGNATURE`.
 */
export class InvalidSignature extends Schema.TaggedError<InvalidSignature>()(
  "InvalidSignature",
  withDetails({ reason: Schema.String })
) {
  static readonly code = "INVALID_SIGNATURE"
}

/** Recovery of an endpoint that is inactive: its deliveries would only fail again; reactivate it first (issue #16). */
export class WebhookEndpointInactive extends Schema.TaggedError<WebhookEndpointInactive>()(
  "WebhookEndpointInactive",
  withDetails({ endpointId: Schema.String }),
  { httpApiStatus: 409, description: "The endpoint is inactive; reactivate it (PATCH active: true) before recovering" }
) {
  static readonly code = "ENDPOINT_INACTIVE"
}
