/**
 * The spec's webhook resources ("Webhook administration", "Events", issue #16's recovery
 * and event feed, "Scheduled jobs"): endpoints, deliveries, attempt results, the event
 * catalog and feed, and what creates, changes and queries them. Declared once: the
 * services' types, the endpoints' schemas and the decoders of the rows the services read
 * (columns named as these fields).
 *
 * The event `data` itself is not declared here: it is a JSON document built per event
 * type (`adapters/src/app/webhooks/payloads/`) and sent as it is.
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { DeliveryId, EventId, WebhookEndpointId } from "../shared/ids.ts"
import {
  EventType,
  QuotationSource,
  SUBSCRIBABLE_EVENT_TYPES,
  SubscribableEventType,
  WEBHOOK_API_VERSION
} from "./event-catalog.ts"
import { IsoInstant, Timestamp } from "../shared/fields.ts"
import { WebhookFeedEvent } from "./webhook-payloads.ts"


export const DeliveryStatus = Schema.Literals(["pending", "delivered", "failed"])
export type DeliveryStatus = typeof DeliveryStatus.Type

// ---------------------------------------------------------------------------------------
// Endpoints

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

/** The spec's "Webhook endpoint", never with the secret. */
export const WebhookEndpoint = Schema.Struct({
  id: WebhookEndpointId,
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
export type WebhookEndpoint = typeof WebhookEndpoint.Type

export const WebhookEndpointList = Schema.Struct({
  items: Schema.Array(WebhookEndpoint),
  stats: Schema.Struct({
    disabled: Schema.Int.annotate({ description: "Endpoints the service disabled (gone or failing) and nobody re-enabled" })
  })
})
export type WebhookEndpointList = typeof WebhookEndpointList.Type

const secretField = {
  secret: Schema.String.annotate({ description: "The signing secret (`whsec_…`); shown only in this response" })
}

export const CreatedWebhookEndpoint = Schema.Struct({ ...WebhookEndpoint.fields, ...secretField })
  .annotate({ identifier: "CreatedWebhookEndpoint" })
export type CreatedWebhookEndpoint = typeof CreatedWebhookEndpoint.Type

export const RotatedWebhookEndpoint = Schema.Struct({
  ...WebhookEndpoint.fields,
  ...secretField,
  previousSecretExpiresAt: Schema.NullOr(Timestamp).annotate({
    description: "Until when deliveries also carry a signature with the old secret; null: the old one stopped now"
  })
}).annotate({ identifier: "RotatedWebhookEndpoint" })
export type RotatedWebhookEndpoint = typeof RotatedWebhookEndpoint.Type

export const NewWebhookEndpoint = Schema.Struct({
  name: EndpointName,
  url: EndpointUrl,
  events: Events,
  /** Absent or null: every source. */
  sources: Schema.optionalKey(Sources)
})
export type NewWebhookEndpoint = typeof NewWebhookEndpoint.Type

/** Only the keys present change; `sources: null` means every source again. */
export const WebhookEndpointPatch = Schema.Struct({
  name: Schema.optionalKey(EndpointName),
  url: Schema.optionalKey(EndpointUrl),
  events: Schema.optionalKey(Events),
  sources: Schema.optionalKey(Sources),
  active: Schema.optionalKey(Schema.Boolean)
})
export type WebhookEndpointPatch = typeof WebhookEndpointPatch.Type

// ---------------------------------------------------------------------------------------
// Deliveries and attempts

/** The spec's "Webhook delivery". */
export const WebhookDelivery = Schema.Struct({
  id: DeliveryId,
  eventId: EventId,
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
export type WebhookDelivery = typeof WebhookDelivery.Type

export const DeliveryQuery = Schema.Struct({
  status: Schema.optionalKey(DeliveryStatus),
  limit: Schema.optionalKey(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 200 })).annotate({ description: "1–200, default 50" })
  )
})
export type DeliveryQuery = typeof DeliveryQuery.Type

/** The answer of `POST /api/webhooks/:id/test` and of a manual retry. */
export const WebhookAttemptResult = Schema.Struct({
  deliveryId: DeliveryId,
  ok: Schema.Boolean.annotate({ description: "The receiver answered 2xx within 8 s" }),
  statusCode: Schema.NullOr(Schema.Int).annotate({ description: "null when no answer arrived" }),
  error: Schema.NullOr(Schema.String),
  durationMs: Schema.Int,
  status: DeliveryStatus,
  attempts: Schema.Int
}).annotate({ identifier: "WebhookAttemptResult" })
export type WebhookAttemptResult = typeof WebhookAttemptResult.Type

// ---------------------------------------------------------------------------------------
// Event catalog, recovery, feed

export const WebhookEventCatalog = Schema.Struct({
  apiVersion: Schema.Literal(WEBHOOK_API_VERSION).annotate({ description: "`apiVersion` of every event body" }),
  events: Schema.Array(Schema.Struct({
    type: EventType,
    description: Schema.String,
    subscribable: Schema.Boolean,
    filteredBySource: Schema.Boolean
  }))
}).annotate({ identifier: "WebhookEventCatalog" })

export const RecoveryRange = Schema.Struct({
  since: IsoInstant.annotate({ description: "Events created at or after this instant (required)" }),
  /** Exclusive; absent: up to now. */
  until: Schema.optionalKey(IsoInstant.annotate({ description: "Events created before this instant; absent: up to now" }))
})
export type RecoveryRange = typeof RecoveryRange.Type

export const WebhookRecovery = Schema.Struct({
  queued: Schema.Int.annotate({ description: "Failed deliveries sent again as fresh tries (at most 10,000 per call)" })
}).annotate({ identifier: "WebhookRecovery" })
export type WebhookRecovery = typeof WebhookRecovery.Type

const subscribable: ReadonlyArray<string> = SUBSCRIBABLE_EVENT_TYPES
const FeedEventType = Schema.String.check(
  Schema.makeFilter((type: string) => subscribable.includes(type) || `an event type of the catalog (not ${JSON.stringify(type)})`)
)

/** `a,b` → `["a", "b"]`, each an event type of the catalog. */
const EventTypeList = Schema.String.pipe(
  Schema.decodeTo(
    Schema.Array(FeedEventType).check(Schema.isMinLength(1), Schema.isMaxLength(20)),
    SchemaTransformation.transform<ReadonlyArray<string>, string>({
      decode: (text) => text.split(",").map((part) => part.trim()).filter((part) => part !== ""),
      encode: (values) => values.join(",")
    })
  )
).annotate({ description: "Comma-separated event types; absent: all (ping is never in the feed)" })

export const FeedQuery = Schema.Struct({
  /** A `nextCursor` of an earlier page; absent: from the start of the retention window. */
  after: Schema.optionalKey(
    Schema.String.check(Schema.isMaxLength(100)).annotate({ description: "A `nextCursor` from an earlier page; absent: from the oldest kept event" })
  ),
  types: Schema.optionalKey(EventTypeList),
  limit: Schema.optionalKey(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 200 })).annotate({ description: "1–200, default 50" })
  )
})
export type FeedQuery = typeof FeedQuery.Type

export const WebhookEventFeedPage = Schema.Struct({
  items: Schema.Array(WebhookFeedEvent),
  nextCursor: Schema.String.annotate({
    description: "Pass as `after` to continue; each event appears exactly once along the chain of cursors"
  })
}).annotate({ identifier: "WebhookEventFeedPage" })
export type WebhookEventFeedPage = typeof WebhookEventFeedPage.Type

// ---------------------------------------------------------------------------------------
// Scheduled run

/** What a dispatch round did. */
const DispatchSummary = Schema.Struct({
  dispatchedEvents: Schema.Int.annotate({ description: "Recorded events turned into deliveries" }),
  processed: Schema.Int.annotate({ description: "Delivery attempts made" }),
  delivered: Schema.Int,
  failed: Schema.Int.annotate({ description: "Deliveries that became failed (attempt 8 failed)" }),
  pending: Schema.Int.annotate({ description: "Deliveries still pending afterwards" })
})

/** `GET /api/cron/webhooks`: the round, then the 30-day purge. */
export const CronWebhooksResult = Schema.Struct({
  ...DispatchSummary.fields,
  purgedEvents: Schema.Int.annotate({ description: "Events (with their deliveries) older than 30 days removed" })
}).annotate({ identifier: "CronWebhooksResult" })
export type CronWebhooksResult = typeof CronWebhooksResult.Type
