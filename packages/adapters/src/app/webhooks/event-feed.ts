/**
 * The event feed (issue #16, `GET /api/webhooks/events/feed`): the events of the
 * retention window, oldest first, for clients that pull instead of (or besides)
 * receiving webhooks. A client starting from any cursor and following `nextCursor` sees
 * every event exactly once, even when transactions commit out of order:
 *
 * - events are read in `(transaction_id, seq)` order, `transaction_id` being the
 *   top-level `pg_current_xact_id()` the database records with each event (0001);
 * - only events of transactions below `pg_snapshot_xmin(pg_current_snapshot())` are
 *   shown: every such transaction has ended, so its events are final and visible to the
 *   statement's snapshot, and any event that appears later belongs to a transaction at
 *   or above that xmin, i.e. after every cursor handed out (core `webhooks/event-feed-cursor.ts`);
 * - the boundary and the page come from one statement, so from one snapshot.
 *
 * The price: an event shows once every transaction older than its own has ended (a
 * long-running writing transaction anywhere on the server holds the feed back). On
 * PGlite the one session runs one transaction at a time and this read waits for it, so
 * the boundary is always past every committed event.
 *
 * `data` is built as a delivery builds it, when read (`WebhookPayloads`: the entity as it
 * is now, as the spec says of late deliveries); `null` when the entity no longer exists.
 * `ping` events are not in the feed.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import { ValidationError } from "@quote/core/shared/errors"
import {
  decodeCursor,
  encodeCursor,
  FEED_START,
  type FeedPosition,
  isAfter,
  positionBelow
} from "@quote/core/webhooks/event-feed-cursor"
import { EventId } from "@quote/core/shared/ids"
import type { FeedQuery, WebhookEventFeedPage } from "@quote/core/webhooks/views"
import { WebhookFeedEvent } from "@quote/core/webhooks/webhook-payloads"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { EventType, type SubscribableEventType, WEBHOOK_API_VERSION } from "@quote/core/webhooks/event-catalog"
import { type IdentifiedEvent, WebhookPayloads } from "./webhook-payloads.ts"
import { RETENTION_MS } from "./webhook-retention.ts"

export const FEED_DEFAULT_LIMIT = 50
export const FEED_MAX_LIMIT = 200

/**
 * The payload JSON read as the feed's typed event (`WebhookFeedEvent`, core): a payload
 * that leaves its declared shape — a key too many or missing — is a defect, not a
 * silently trimmed answer.
 */
const decodeFeedEvent = Schema.decodeUnknownEffect(Schema.toCodecJson(WebhookFeedEvent), { onExcessProperty: "error" })

/** One row per event of the page, or a single row without event when the page is empty. */
const FeedRow = Schema.Struct({
  xmin: Schema.String,
  id: Schema.NullOr(EventId),
  type: Schema.NullOr(EventType),
  entityId: Schema.NullOr(Schema.String),
  changes: Schema.NullOr(Schema.Array(Schema.String)),
  status: Schema.NullOr(Schema.String),
  previousStatus: Schema.NullOr(Schema.String),
  commentId: Schema.NullOr(Schema.String),
  createdAt: Schema.NullOr(Schema.Date),
  transactionId: Schema.NullOr(Schema.String),
  seq: Schema.NullOr(Schema.String)
})

interface FeedEvent extends IdentifiedEvent {
  readonly type: SubscribableEventType
  readonly createdAt: Date
  readonly position: FeedPosition
}

/** The row's event, with its place in the feed; none for the page's boundary row or a `ping`. */
const toEvent = (row: typeof FeedRow.Type): ReadonlyArray<FeedEvent> =>
  row.id === null || row.type === null || row.type === "ping" || row.entityId === null || row.createdAt === null ||
    row.transactionId === null || row.seq === null
    ? []
    : [{
      id: row.id,
      type: row.type,
      entityId: row.entityId,
      changes: row.changes ?? [],
      status: row.status,
      previousStatus: row.previousStatus,
      commentId: row.commentId,
      createdAt: row.createdAt,
      position: { transactionId: BigInt(row.transactionId), seq: BigInt(row.seq) }
    }]

export class EventFeed extends Context.Service<EventFeed, {
  readonly page: (query: FeedQuery) => Effect.Effect<WebhookEventFeedPage, ValidationError>
}>()("@quote/adapters/webhooks/EventFeed") {
  static readonly layer = Layer.effect(
    EventFeed,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const payloads = yield* WebhookPayloads
      const decodeRows = Schema.decodeUnknownEffect(Schema.Array(FeedRow))

      const page = Effect.fn("EventFeed.page")(function*(query: FeedQuery) {
        const after = query.after === undefined ? FEED_START : decodeCursor(query.after)
        if (after === undefined) {
          return yield* new ValidationError({
            message: "after is not a cursor of this feed; use a nextCursor it returned, or omit it to start",
            details: { field: "after" }
          })
        }
        const limit = Math.min(query.limit ?? FEED_DEFAULT_LIMIT, FEED_MAX_LIMIT)
        const windowStart = new Date((yield* Clock.currentTimeMillis) - RETENTION_MS)
        const typeFilter = query.types === undefined
          ? sql`true`
          : sql`e.type in (select jsonb_array_elements_text(${jsonb(query.types)}))`
        const rows = yield* sql`
          select b.xmin::text as xmin, ev.id, ev.type, ev.entity_id, ev.changes, ev.status, ev.previous_status,
                 ev.comment_id, ev.created_at, ev.transaction_id::text as transaction_id, ev.seq::text as seq
            from (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin) b
            left join lateral (
              select e.* from webhook_events e
               where e.type <> 'ping'
                 and (e.transaction_id, e.seq) > (${String(after.transactionId)}::bigint, ${String(after.seq)}::bigint)
                 and e.transaction_id < b.xmin
                 and e.created_at >= ${windowStart}
                 and ${typeFilter}
               order by e.transaction_id, e.seq
               limit ${limit}
            ) ev on true
           order by ev.transaction_id, ev.seq`.pipe(Effect.flatMap(decodeRows), Effect.orDie)
        const events = rows.flatMap(toEvent)
        const data = yield* payloads.build(events)
        const last = events.at(-1)
        // A short page has shown everything below the boundary: the cursor jumps there, so
        // a filtered feed does not scan the same other-typed events again.
        const boundary = positionBelow(BigInt(rows[0]?.xmin ?? "1"))
        const reached = last !== undefined && events.length === limit ? last.position : boundary
        const items = yield* Effect.forEach(events, (event) =>
          decodeFeedEvent({
            id: event.id,
            type: event.type,
            apiVersion: WEBHOOK_API_VERSION,
            createdAt: event.createdAt.toISOString(),
            data: Option.getOrNull(data.get(event.id) ?? Option.none())
          }).pipe(Effect.orDie))
        return {
          items,
          nextCursor: encodeCursor(isAfter(reached, after) ? reached : after)
        }
      })

      return EventFeed.of({ page })
    })
  )
}
