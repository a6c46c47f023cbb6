/**
 * The delivery queue in the database: fan-out of recorded events, claiming due
 * deliveries, recording attempts.
 *
 * Several processes may share one Postgres. A delivery is attempted by whoever holds its
 * lease: claiming sets `locked_until`/`locked_by` on rows picked with `FOR UPDATE SKIP
 * LOCKED`, so two workers never take the same row, and only the holder of the lease
 * token can record the attempt. A worker that dies mid-attempt leaves its lease to
 * expire, after which the delivery is due again (at least once; the attempt count only
 * grows when an attempt is recorded).
 *
 * Every time comes from `Clock` (passed in as `now`), never from the database's `now()`,
 * so `TestClock` drives the schedule and the leases alike.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { randomUUID } from "node:crypto"
import type { DeliveryState } from "@quote/core/webhooks/webhook-delivery-state"
import { isForeignKeyViolation } from "../../infra/database/sql-errors.ts"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { CountRow, decodedRows } from "../../infra/database/decoded-rows.ts"
import { EventType } from "@quote/core/webhooks/event-catalog"
import { DeliveryId, EventId, WebhookEndpointId } from "@quote/core/shared/ids"
import { DeliveryStatus } from "@quote/core/webhooks/views"
import { ProcessIdentity } from "@quote/core/webhooks/process-identity"
import type { IdentifiedEvent } from "./webhook-payloads.ts"

/**
 * How long a claim protects a delivery. An attempt starts right after its claim and ends
 * within 8 s (DNS included), then is recorded: the lease covers that several times over,
 * so a long attempt never outlives its lease (the dispatcher also refuses to start one
 * that its lease could not cover, `attempt-pool.ts`).
 */
export const LEASE_MS = 60_000
/** Events fanned out per statement. */
const FAN_OUT_BATCH = 500

/** A delivery this worker holds the lease of, with what an attempt needs. */
export interface ClaimedDelivery {
  readonly id: DeliveryId
  readonly leaseToken: string
  readonly state: DeliveryState
  readonly event: IdentifiedEvent & { readonly createdAt: Date }
  readonly endpoint: {
    readonly id: WebhookEndpointId
    readonly url: string
    readonly active: boolean
    readonly secret: string
    readonly previousSecret: string | null
    readonly previousSecretExpiresAt: Date | null
  }
}

const ClaimedRow = Schema.Struct({
  id: DeliveryId,
  lockedBy: Schema.String,
  status: DeliveryStatus,
  attempts: Schema.Int,
  nextAttemptAt: Schema.NullOr(Schema.Date),
  lastAttemptAt: Schema.NullOr(Schema.Date),
  deliveredAt: Schema.NullOr(Schema.Date),
  lastStatusCode: Schema.NullOr(Schema.Int),
  lastError: Schema.NullOr(Schema.String),
  eventId: EventId,
  eventType: EventType,
  entityId: Schema.String,
  changes: Schema.Array(Schema.String),
  eventStatus: Schema.NullOr(Schema.String),
  previousStatus: Schema.NullOr(Schema.String),
  commentId: Schema.NullOr(Schema.String),
  eventCreatedAt: Schema.Date,
  endpointId: WebhookEndpointId,
  url: Schema.String,
  endpointActive: Schema.Boolean,
  secret: Schema.String,
  previousSecret: Schema.NullOr(Schema.String),
  previousSecretExpiresAt: Schema.NullOr(Schema.Date)
})

/** The event's and the endpoint's part of a claim (`ev` events, `ep` endpoints). */
const eventAndEndpointColumns = `ev.id as event_id, ev.type as event_type, ev.entity_id, ev.changes,
  ev.status as event_status, ev.previous_status, ev.comment_id, ev.created_at as event_created_at,
  ep.id as endpoint_id, ep.url, ep.active as endpoint_active, ep.secret, ep.previous_secret,
  ep.previous_secret_expires_at`

/** `RETURNING` list of a claim (`d` deliveries). */
const claimedColumns = `d.id, d.locked_by, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at,
  d.delivered_at, d.last_status_code, d.last_error, ${eventAndEndpointColumns}`

const millisOrNull = (date: Date | null) => (date === null ? null : date.getTime())
const dateOrNull = (millis: number | null) => (millis === null ? null : new Date(millis))
const isoOrNull = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString())

/** The row in the shape the attempt works with: the delivery's state in core's terms, its event and endpoint. */
const toClaimed = (row: typeof ClaimedRow.Type): ClaimedDelivery => ({
  id: row.id,
  leaseToken: row.lockedBy,
  state: {
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: millisOrNull(row.nextAttemptAt),
    lastAttemptAt: millisOrNull(row.lastAttemptAt),
    deliveredAt: millisOrNull(row.deliveredAt),
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError
  },
  event: {
    id: row.eventId,
    type: row.eventType,
    entityId: row.entityId,
    changes: row.changes,
    status: row.eventStatus,
    previousStatus: row.previousStatus,
    commentId: row.commentId,
    createdAt: row.eventCreatedAt
  },
  endpoint: {
    id: row.endpointId,
    url: row.url,
    active: row.endpointActive,
    secret: row.secret,
    previousSecret: row.previousSecret,
    previousSecretExpiresAt: row.previousSecretExpiresAt
  }
})

/** What a claim may take per endpoint: up to `perEndpoint`, counting the `busy` requests already in flight. */
export interface EndpointCaps {
  readonly perEndpoint: number
  /** Endpoint id → requests this process has in flight to it. */
  readonly busy: ReadonlyMap<WebhookEndpointId, number>
}

/** The outcome of one attempt of a leased delivery, to record. */
export interface RecordedAttempt {
  readonly delivery: ClaimedDelivery
  readonly state: DeliveryState
  readonly durationMs: number | null
}

export class DeliveryQueue extends Context.Service<DeliveryQueue, {
  /** Creates the deliveries of every recorded, undispatched event; returns how many events it took. */
  readonly fanOut: (now: number) => Effect.Effect<number>
  /** Leases up to `limit` due deliveries of active endpoints, none beyond an endpoint's cap. */
  readonly claimDue: (now: number, limit: number, caps: EndpointCaps) => Effect.Effect<ReadonlyArray<ClaimedDelivery>>
  /**
   * Leases one delivery in any state (admin retry). `None` when it does not exist;
   * `Some(None)` when another worker holds its lease.
   */
  readonly claimOne: (deliveryId: DeliveryId, now: number) => Effect.Effect<Option.Option<Option.Option<ClaimedDelivery>>>
  /** A `ping` event for an endpoint, leased by this worker as a not-yet-recorded delivery. */
  readonly preparePing: (endpointId: WebhookEndpointId, now: number) => Effect.Effect<Option.Option<ClaimedDelivery>>
  /** Stores attempts whose lease this worker still holds; returns the ids recorded. */
  readonly record: (attempts: ReadonlyArray<RecordedAttempt>) => Effect.Effect<ReadonlySet<DeliveryId>>
  /**
   * When the next delivery becomes due (or a foreign lease expires); `None` if nothing is
   * pending. Endpoints in `skip` (at their limit here) are left out: a slot freed there wakes the dispatcher.
   */
  readonly nextWakeAt: (now: number, skip?: ReadonlyArray<WebhookEndpointId>) => Effect.Effect<Option.Option<number>>
  readonly pendingCount: Effect.Effect<number>
  /**
   * Gives up every lease this worker still holds (a stopping process, after its attempts
   * finished or were cut): the deliveries are due at once for any worker, and a
   * notification wakes the listening ones. Returns how many were handed back.
   */
  readonly releaseLeases: Effect.Effect<number>
}>()("@quote/adapters/webhooks/DeliveryQueue") {
  static readonly layer = Layer.effect(
    DeliveryQueue,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      // Names the process in `locked_by`, so a stuck lease says whose it was.
      const workerId = `${(yield* ProcessIdentity).name}:${randomUUID().slice(0, 8)}`
      const newLeaseToken = () => `${workerId}/${randomUUID()}`
      /**
       * CTE over `written(id, endpoint_id, status, last_attempt_at)`: moves each endpoint's
       * `last_success_at` / `last_failure_at` forward, once per endpoint and statement, and
       * its `failing_since` (first failure after the last success; the disable rule's clock).
       */
      const touchEndpoints = sql.literal(`touched as (
            update webhook_endpoints ep
               set last_success_at = greatest(ep.last_success_at, w.success_at),
                   last_failure_at = greatest(ep.last_failure_at, w.failure_at),
                   failing_since = case when w.failure_at is null or w.success_at >= w.failure_at then null
                                        when w.success_at is not null then w.failure_at
                                        else coalesce(ep.failing_since, w.failure_at) end
              from (select endpoint_id,
                           max(last_attempt_at) filter (where status = 'delivered') as success_at,
                           max(last_attempt_at) filter (where status <> 'delivered') as failure_at
                      from written group by endpoint_id) w
             where ep.id = w.endpoint_id
          )`)

      const fanOut = Effect.fn("DeliveryQueue.fanOut")(function*(now: number) {
        const at = new Date(now)
        let total = 0
        for (;;) {
          // One statement: the deliveries exist exactly when the event is marked.
          const [row] = yield* sql`
            with due as (
              select id, type, source from webhook_events
               where dispatched_at is null
               order by seq
               limit ${FAN_OUT_BATCH}
               for update skip locked
            ), created as (
              insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
              select due.id, ep.id, ${at}
                from due
                join webhook_endpoints ep
                  on ep.active
                 and due.type = any (ep.events)
                 and (due.source is null or ep.sources is null or due.source = any (ep.sources))
              on conflict (event_id, endpoint_id) do nothing
              returning id
            ), marked as (
              update webhook_events ev set dispatched_at = ${at} from due where ev.id = due.id returning ev.id
            )
            select (select count(*) from marked)::int as events, (select count(*) from created)::int as deliveries`.pipe(
            decodedRows(Schema.Struct({ events: Schema.Number, deliveries: Schema.Number }))
          )
          const events = row?.events ?? 0
          total += events
          if (events < FAN_OUT_BATCH) return total
        }
      }, Effect.orDie)

      const decodeClaimed = Schema.decodeUnknownEffect(Schema.Array(ClaimedRow))

      const claimDue = Effect.fn("DeliveryQueue.claimDue")(function*(now: number, limit: number, caps: EndpointCaps) {
        const at = new Date(now)
        const busy = jsonb(Object.fromEntries(caps.busy))
        // The candidates: each active endpoint's oldest due deliveries, as many as it has
        // slots free here (the requests it has in flight count against its limit). They are
        // computed once, apart from the locking: the lock then re-checks only the row itself,
        // as the simple claim did, so a row another worker leased meanwhile is skipped.
        // Every lookup is by index, however long the history.
        const rows = yield* sql`
          with picked as (
            select d1.id
              from webhook_deliveries d1
             where d1.id = any (array(
                     select due.id
                       from webhook_endpoints e2
                       cross join lateral (
                         select d2.id, row_number() over (order by d2.next_attempt_at) as place
                           from webhook_deliveries d2
                          where d2.endpoint_id = e2.id
                            and d2.status = 'pending'
                            and d2.next_attempt_at <= ${at}
                            and (d2.locked_until is null or d2.locked_until <= ${at})
                          order by d2.next_attempt_at
                          limit ${caps.perEndpoint}
                       ) due
                      where e2.active
                        and due.place + coalesce((${busy}::jsonb ->> e2.id::text)::int, 0) <= ${caps.perEndpoint}))
               and d1.status = 'pending'
               and d1.next_attempt_at <= ${at}
               and (d1.locked_until is null or d1.locked_until <= ${at})
             order by d1.next_attempt_at
             limit ${limit}
             for update skip locked
          )
          update webhook_deliveries d
             set locked_until = ${new Date(now + LEASE_MS)}, locked_by = ${newLeaseToken()}
            from picked, webhook_events ev, webhook_endpoints ep
           where d.id = picked.id
             and ev.id = d.event_id
             and ep.id = d.endpoint_id
          returning ${sql.literal(claimedColumns)}`
        return (yield* decodeClaimed(rows)).map(toClaimed)
      }, Effect.orDie)

      const claimOne = Effect.fn("DeliveryQueue.claimOne")(function*(deliveryId: DeliveryId, now: number) {
        const at = new Date(now)
        const rows = yield* sql`
          update webhook_deliveries d
             set locked_until = ${new Date(now + LEASE_MS)}, locked_by = ${newLeaseToken()}
            from webhook_events ev, webhook_endpoints ep
           where d.id = ${deliveryId}::uuid
             and (d.locked_until is null or d.locked_until <= ${at})
             and ev.id = d.event_id
             and ep.id = d.endpoint_id
          returning ${sql.literal(claimedColumns)}`
        const claimed = yield* decodeClaimed(rows)
        if (claimed[0] !== undefined) return Option.some(Option.some(toClaimed(claimed[0])))
        const exists = yield* sql`select 1 from webhook_deliveries where id = ${deliveryId}::uuid`
        return exists.length === 0 ? Option.none() : Option.some(Option.none())
      }, Effect.orDie)

      const pingEndpoint = SqlSchema.findOneOption({
        Request: Schema.Struct({ endpointId: WebhookEndpointId, at: Schema.Date }),
        Result: ClaimedRow,
        // The event is born dispatched: a ping goes to its one endpoint, never through fan-out.
        execute: ({ at, endpointId }) => sql`
          with ev as (
            insert into webhook_events (type, entity_type, entity_id, dispatched_at, created_at)
            select 'ping', 'webhook_endpoint', ep.id, ${at}, ${at} from webhook_endpoints ep where ep.id = ${endpointId}::uuid
            returning id, type, entity_id, changes, status, previous_status, comment_id, created_at
          )
          select ${randomUUID()}::text as id, ${newLeaseToken()}::text as locked_by,
                 'pending' as status, 0 as attempts, null::timestamptz as next_attempt_at,
                 null::timestamptz as last_attempt_at, null::timestamptz as delivered_at,
                 null::int as last_status_code, null::text as last_error, ${sql.literal(eventAndEndpointColumns)}
            from ev join webhook_endpoints ep on ep.id = ev.entity_id`
      })

      const preparePing = Effect.fn("DeliveryQueue.preparePing")(function*(endpointId: WebhookEndpointId, now: number) {
        return Option.map(yield* pingEndpoint({ endpointId, at: new Date(now) }), toClaimed)
      }, Effect.orDie)

      const recordPing = Effect.fnUntraced(function*(attempt: RecordedAttempt) {
        const { delivery, state } = attempt
        const row = {
          id: delivery.id,
          event_id: delivery.event.id,
          endpoint_id: delivery.endpoint.id,
          status: state.status,
          attempts: state.attempts,
          next_attempt_at: dateOrNull(state.nextAttemptAt),
          last_attempt_at: dateOrNull(state.lastAttemptAt),
          delivered_at: dateOrNull(state.deliveredAt),
          last_status_code: state.lastStatusCode,
          last_error: state.lastError,
          last_duration_ms: attempt.durationMs
        }
        // A ping's delivery row is written only now: a crash mid-ping leaves nothing pending.
        const rows = yield* sql`
          with written as (
            insert into webhook_deliveries ${sql.insert(row)}
            on conflict do nothing
            returning id, endpoint_id, status, last_attempt_at
          ), ${touchEndpoints}
          select id from written`.pipe(
          // The endpoint was deleted meanwhile: there is nothing left to record against.
          Effect.catchIf((error) => isForeignKeyViolation(error), () => Effect.succeed([]))
        )
        return rows.length > 0 ? [delivery.id] : []
      })

      /** One statement for a whole batch: the deliveries whose lease is still theirs, and their endpoints' timestamps. */
      const recordLeased = Effect.fnUntraced(function*(attempts: ReadonlyArray<RecordedAttempt>) {
        if (attempts.length === 0) return []
        const values = attempts.map(({ delivery, durationMs, state }) => ({
          id: delivery.id,
          lease: delivery.leaseToken,
          status: state.status,
          attempts: state.attempts,
          next_attempt_at: isoOrNull(state.nextAttemptAt),
          last_attempt_at: isoOrNull(state.lastAttemptAt),
          delivered_at: isoOrNull(state.deliveredAt),
          last_status_code: state.lastStatusCode,
          last_error: state.lastError,
          last_duration_ms: durationMs
        }))
        const rows = yield* sql`
          with v as (
            select * from jsonb_to_recordset(${jsonb(values)}) as v(
              id uuid, lease text, status text, attempts int, next_attempt_at timestamptz,
              last_attempt_at timestamptz, delivered_at timestamptz, last_status_code int,
              last_error text, last_duration_ms int)
          ), written as (
            update webhook_deliveries d
               set status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at,
                   last_attempt_at = v.last_attempt_at, delivered_at = v.delivered_at,
                   last_status_code = v.last_status_code, last_error = v.last_error,
                   last_duration_ms = v.last_duration_ms, locked_until = null, locked_by = null
              from v
             where d.id = v.id and d.locked_by = v.lease
            returning d.id, d.endpoint_id, d.status, d.last_attempt_at
          ), ${touchEndpoints}
          select id from written`.pipe(decodedRows(Schema.Struct({ id: DeliveryId })))
        return rows.map((row) => row.id)
      })

      const record = Effect.fn("DeliveryQueue.record")(function*(attempts: ReadonlyArray<RecordedAttempt>) {
        const pings = attempts.filter((attempt) => attempt.delivery.event.type === "ping")
        const recorded = yield* recordLeased(attempts.filter((attempt) => attempt.delivery.event.type !== "ping"))
        for (const ping of pings) recorded.push(...(yield* recordPing(ping)))
        return new Set(recorded)
      }, Effect.orDie)

      const nextWakeAt = Effect.fn("DeliveryQueue.nextWakeAt")(function*(now: number, skip: ReadonlyArray<WebhookEndpointId> = []) {
        const notSkipped = skip.length === 0
          ? sql`true`
          : sql`ep.id::text not in (select jsonb_array_elements_text(${jsonb(skip)}))`
        const [row] = yield* sql`
          select min(case when d.locked_until > ${new Date(now)} then d.locked_until else d.next_attempt_at end) as at
            from webhook_deliveries d
            join webhook_endpoints ep on ep.id = d.endpoint_id
           where d.status = 'pending' and d.next_attempt_at is not null and ep.active and ${notSkipped}`.pipe(
          decodedRows(Schema.Struct({ at: Schema.NullOr(Schema.Date) }))
        )
        return Option.map(Option.fromNullishOr(row?.at), (at) => at.getTime())
      }, Effect.orDie)

      const pendingCount = sql`
        select count(*)::int as count from webhook_deliveries where status = 'pending'`.pipe(
        decodedRows(CountRow),
        Effect.map((rows) => rows[0]?.count ?? 0),
        Effect.orDie
      )

      const releaseLeases = sql`
        with released as (
          update webhook_deliveries set locked_until = null, locked_by = null
           where locked_by like ${`${workerId}/%`} and status = 'pending'
          returning id
        )
        select count(*)::int as count, pg_notify('webhook_events', '') is not null as notified from released`.pipe(
        decodedRows(Schema.Struct({ count: Schema.Int, notified: Schema.Boolean })),
        Effect.map((rows) => rows[0]?.count ?? 0),
        Effect.orDie,
        Effect.withSpan("DeliveryQueue.releaseLeases")
      )

      return DeliveryQueue.of({ fanOut, claimDue, claimOne, preparePing, record, nextWakeAt, pendingCount, releaseLeases })
    })
  )
}
