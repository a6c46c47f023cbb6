/**
 * Schemas of the webhook recovery and event-feed endpoints (issue #16), used by
 * `webhooks.ts`: `POST /api/webhooks/:id/recover` and `GET /api/webhooks/events/feed`.
 */
import { Schema, SchemaTransformation } from "effect"
import { SUBSCRIBABLE_EVENT_TYPES, SubscribableEventType } from "@quote/core/webhooks/event-catalog"
import { IsoInstant } from "./promotions.ts"

const Timestamp = Schema.String.annotate({ description: "ISO 8601 instant", format: "date-time" })

export const RecoverPayload = Schema.Struct({
  since: IsoInstant.annotate({ description: "Events created at or after this instant (required)" }),
  until: Schema.optionalKey(IsoInstant.annotate({ description: "Events created before this instant; absent: up to now" }))
})

export const RecoverJson = Schema.Struct({
  queued: Schema.Int.annotate({ description: "Failed deliveries sent again as fresh tries (at most 10,000 per call)" })
}).annotate({ identifier: "WebhookRecovery" })

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

export const FeedQuery = {
  after: Schema.optionalKey(
    Schema.String.check(Schema.isMaxLength(100)).annotate({ description: "A `nextCursor` from an earlier page; absent: from the oldest kept event" })
  ),
  types: Schema.optionalKey(EventTypeList),
  limit: Schema.optionalKey(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 200 })).annotate({ description: "1–200, default 50" })
  )
}

export const FeedPageJson = Schema.Struct({
  items: Schema.Array(Schema.Struct({
    id: Schema.String,
    type: SubscribableEventType,
    apiVersion: Schema.String,
    createdAt: Timestamp,
    data: Schema.NullOr(Schema.Unknown).annotate({
      description: "The event's data as a delivery would carry it now; null when its entity no longer exists"
    })
  })),
  nextCursor: Schema.String.annotate({
    description: "Pass as `after` to continue; each event appears exactly once along the chain of cursors"
  })
}).annotate({ identifier: "WebhookEventFeedPage" })
