/**
 * Webhook administration (spec "Webhook administration", admin only). The signing
 * secret appears in full only in the create and rotate-secret answers; lists show
 * `secretHint`. Target URLs follow the spec's rules (https, no credentials, no internal
 * or private destination, including names resolving to one): otherwise
 * `400 INVALID_WEBHOOK_URL` with `details.reason`. docs/webhooks.md has the decisions.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import {
  InvalidWebhookTarget,
  DeliveryInProgress,
  WebhookEndpointInactive,
  WebhookLimitReached
} from "@quote/core/errors/webhooks"
import {
  EventType,
  QuotationSource,
  SubscribableEventType,
  WEBHOOK_API_VERSION
} from "@quote/core/webhooks/event-catalog"
import { Uuid } from "./catalog.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelopes } from "./error-envelope.ts"
import { RoleOrApiKeyAuthentication, roleOrApiKeyScope } from "./security-role-or-key.ts"
import { FeedPageJson, FeedQuery, RecoverJson, RecoverPayload } from "./webhook-recovery.ts"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/errors/common"

const Timestamp = Schema.String.annotate({ description: "ISO 8601 instant", format: "date-time" })
const DeliveryStatus = Schema.Literals(["pending", "delivered", "failed"])

const EndpointName = Schema.String.check(
  Schema.isPattern(/\S/, { expected: "a non-blank name" }),
  Schema.isMaxLength(200)
)
const EndpointUrl = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(2048)).annotate({
  description: "https URL of the receiver; internal and private destinations are refused"
})
const Events = Schema.Array(SubscribableEventType).check(Schema.isMinLength(1)).annotate({
  description: "At least one event type of the catalog (`ping` cannot be subscribed)"
})
const Sources = Schema.NullOr(Schema.Array(QuotationSource).check(Schema.isMinLength(1))).annotate({
  description: "Quotation sources to receive (`web`, `chat`); null or absent: all. Other events are not filtered"
})

export const WebhookEndpointJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  url: Schema.String,
  events: Schema.Array(SubscribableEventType),
  sources: Schema.NullOr(Schema.Array(QuotationSource)),
  active: Schema.Boolean,
  disabledReason: Schema.NullOr(Schema.Literals(["gone", "failing"])).annotate({
    description: "Why the service disabled it: `gone` (answered 410), `failing` (every attempt failed for WEBHOOK_DISABLE_AFTER_DAYS days); null when enabled or switched off by hand"
  }),
  disabledAt: Schema.NullOr(Timestamp),
  secretHint: Schema.String.annotate({ description: "Last 4 characters of the signing secret" }),
  lastSuccessAt: Schema.NullOr(Timestamp),
  lastFailureAt: Schema.NullOr(Timestamp),
  stats: Schema.Struct({
    pending: Schema.Int.annotate({ description: "Deliveries waiting for an attempt" }),
    delivered24h: Schema.Int.annotate({ description: "Deliveries delivered in the last 24 h" }),
    failed24h: Schema.Int.annotate({ description: "Deliveries that ended failed in the last 24 h" })
  }),
  createdAt: Timestamp
}).annotate({ identifier: "WebhookEndpoint" })

const secretField = {
  secret: Schema.String.annotate({ description: "The signing secret (`whsec_…`); shown only in this response" })
}

const CreatedEndpointJson = Schema.Struct({ ...WebhookEndpointJson.fields, ...secretField })
  .annotate({ identifier: "CreatedWebhookEndpoint" })

const RotatedEndpointJson = Schema.Struct({
  ...WebhookEndpointJson.fields,
  ...secretField,
  previousSecretExpiresAt: Schema.NullOr(Timestamp).annotate({
    description: "Until when deliveries also carry a signature with the old secret; null: the old one stopped now"
  })
}).annotate({ identifier: "RotatedWebhookEndpoint" })

export const WebhookDeliveryJson = Schema.Struct({
  id: Schema.String,
  eventId: Schema.String,
  type: EventType,
  status: DeliveryStatus,
  attempts: Schema.Int,
  nextAttemptAt: Schema.NullOr(Timestamp),
  lastAttemptAt: Schema.NullOr(Timestamp),
  deliveredAt: Schema.NullOr(Timestamp),
  lastStatusCode: Schema.NullOr(Schema.Int),
  lastError: Schema.NullOr(Schema.String),
  createdAt: Timestamp
}).annotate({ identifier: "WebhookDelivery" })

export const AttemptResultJson = Schema.Struct({
  deliveryId: Schema.String,
  ok: Schema.Boolean.annotate({ description: "The receiver answered 2xx within 8 s" }),
  statusCode: Schema.NullOr(Schema.Int).annotate({ description: "null when no answer arrived" }),
  error: Schema.NullOr(Schema.String),
  durationMs: Schema.Int,
  status: DeliveryStatus,
  attempts: Schema.Int
}).annotate({ identifier: "WebhookAttemptResult" })

const EventCatalogJson = Schema.Struct({
  apiVersion: Schema.Literal(WEBHOOK_API_VERSION).annotate({ description: "`apiVersion` of every event body" }),
  events: Schema.Array(Schema.Struct({
    type: EventType,
    description: Schema.String,
    subscribable: Schema.Boolean,
    filteredBySource: Schema.Boolean
  }))
}).annotate({ identifier: "WebhookEventCatalog" })

const idParams = { id: Uuid }
const admin = access.roles("admin")

export class WebhooksApi extends HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.get("events", "/events", { success: EventCatalogJson })
      .middleware(UserAuthentication).annotateMerge(admin),
    HttpApiEndpoint.get("feed", "/events/feed", { query: FeedQuery, success: FeedPageJson, error: errorEnvelopes(ValidationError) })
      .middleware(RoleOrApiKeyAuthentication).annotateMerge(roleOrApiKeyScope(["admin"], "events:read")),
    HttpApiEndpoint.get("list", "/", {
      success: Schema.Struct({
        items: Schema.Array(WebhookEndpointJson),
        stats: Schema.Struct({
          disabled: Schema.Int.annotate({ description: "Endpoints the service disabled (gone or failing) and nobody re-enabled" })
        })
      })
    }).middleware(UserAuthentication).annotateMerge(admin),
    HttpApiEndpoint.post("create", "/", {
      payload: Schema.Struct({
        name: EndpointName,
        url: EndpointUrl,
        events: Events,
        sources: Schema.optionalKey(Sources)
      }),
      success: CreatedEndpointJson.pipe(HttpApiSchema.status(201)),
      error: errorEnvelopes(ValidationError, InvalidWebhookTarget, WebhookLimitReached)
    }).middleware(UserAuthentication).annotateMerge(admin),
    HttpApiEndpoint.patch("update", "/:id", {
      params: idParams,
      payload: Schema.Struct({
        name: Schema.optionalKey(EndpointName),
        url: Schema.optionalKey(EndpointUrl),
        events: Schema.optionalKey(Events),
        sources: Schema.optionalKey(Sources),
        active: Schema.optionalKey(Schema.Boolean)
      }),
      success: WebhookEndpointJson,
      error: errorEnvelopes(ValidationError, NotFound, EmptyPatch, InvalidWebhookTarget)
    }).middleware(UserAuthentication).annotateMerge(admin)
      .annotate(OpenApi.Description, "Access: roles admin. Deactivating fails the endpoint's pending deliveries (an inactive endpoint accumulates none)."),
    HttpApiEndpoint.post("test", "/:id/test", {
      params: idParams,
      success: AttemptResultJson,
      error: errorEnvelopes(ValidationError, NotFound)
    }).middleware(UserAuthentication).annotateMerge(admin)
      .annotate(OpenApi.Description, "Access: roles admin. Sends a `ping` now, once, without retries, and returns the result."),
    HttpApiEndpoint.post("rotateSecret", "/:id/rotate-secret", {
      params: idParams,
      // The body is optional: none (read as null) means the default grace.
      payload: [
        Schema.Struct({
          graceHours: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 168 })).annotate({
            description: "Hours the old secret still signs (0–168, default 24); 0 stops it at once"
          }))
        }),
        Schema.Null
      ],
      success: RotatedEndpointJson,
      error: errorEnvelopes(ValidationError, NotFound)
    }).middleware(UserAuthentication).annotateMerge(admin),
    HttpApiEndpoint.post("recover", "/:id/recover", {
      params: idParams,
      payload: RecoverPayload,
      success: RecoverJson.pipe(HttpApiSchema.status(202)),
      error: errorEnvelopes(ValidationError, NotFound, WebhookEndpointInactive)
    }).middleware(UserAuthentication).annotateMerge(admin)
      .annotate(OpenApi.Description, "Access: roles admin. Sends again every failed delivery of the endpoint whose event was created in [since, until), each as a fresh try (attempts restarted); pending ones keep their schedule. More than 10,000: 400, narrow the range."),
    HttpApiEndpoint.get("deliveries", "/:id/deliveries", {
      params: idParams,
      query: {
        status: Schema.optionalKey(DeliveryStatus),
        limit: Schema.optionalKey(
          Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 200 })).annotate({ description: "1–200, default 50" })
        )
      },
      success: Schema.Struct({ items: Schema.Array(WebhookDeliveryJson) }),
      error: errorEnvelopes(ValidationError, NotFound)
    }).middleware(UserAuthentication).annotateMerge(admin),
    HttpApiEndpoint.post("retry", "/deliveries/:id/retry", {
      params: idParams,
      success: AttemptResultJson,
      error: errorEnvelopes(ValidationError, NotFound, DeliveryInProgress)
    }).middleware(UserAuthentication).annotateMerge(admin)
      .annotate(OpenApi.Description, "Access: roles admin. Re-sends a delivery in any state now; the attempt count restarts and the answer is the new attempt's result."),
    HttpApiEndpoint.delete("remove", "/:id", {
      params: idParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelopes(ValidationError, NotFound)
    }).middleware(UserAuthentication).annotateMerge(admin)
      .annotate(OpenApi.Description, "Access: roles admin. Deletes the endpoint and its delivery history.")
  )
  .prefix("/api/webhooks")
  .annotate(OpenApi.Title, "Webhooks")
{}
