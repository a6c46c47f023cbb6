/**
 * Outcomes beyond the receiver's answer: an entity deleted before its event was sent,
 * and the daily/cron run with its 30-day retention.
 */
import { assert, layer } from "@effect/vitest"
import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { startTestReceiver } from "../../../src/dev/webhook-test-receiver.ts"
import { WebhookDispatcher } from "../../../src/app/webhooks/webhook-dispatcher.ts"
import { WebhookEndpoints } from "../../../src/app/webhooks/webhook-endpoints.ts"
import { RETENTION_MS } from "../../../src/app/webhooks/webhook-retention.ts"
import { makeRoute } from "./fixtures.ts"
import { deliveryWhen, firstDeliveryOf, webhookTestLayer } from "./test-layer.ts"

layer(webhookTestLayer(), { excludeTestServices: true })("webhook delivery outcomes", (it) => {
  it.effect("an event whose entity is gone at send time fails at once, with nothing sent", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const receiver = yield* startTestReceiver()
      const endpoints = yield* WebhookEndpoints
      const endpoint = yield* endpoints.create({ name: "gone", url: `${receiver.url}/hook`, events: ["route.updated"] })
      const routeId = yield* makeRoute
      // Renamed, then deleted in the same transaction: the event exists, the route does not.
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`update routes set name = 'about to go' where id = ${routeId}::uuid`
        yield* sql`delete from routes where id = ${routeId}::uuid`
      }))
      const row = yield* deliveryWhen(yield* firstDeliveryOf(endpoint.id), (row) => row.status !== "pending")
      assert.strictEqual(row.status, "failed")
      assert.strictEqual(row.lastError, "The route no longer exists; nothing to send")
      assert.isNull(row.nextAttemptAt)
      assert.strictEqual(receiver.received.length, 0)
    }))

  it.effect("the scheduled run purges events and deliveries older than 30 days, and reports what it did", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const dispatcher = yield* WebhookDispatcher
      const endpoints = yield* WebhookEndpoints
      const receiver = yield* startTestReceiver()
      const endpoint = yield* endpoints.create({ name: "old", url: `${receiver.url}/hook`, events: ["route.updated"] })
      const now = yield* Clock.currentTimeMillis
      const routeId = yield* makeRoute
      const [old, recent] = yield* Effect.forEach([now - RETENTION_MS - 1, now - RETENTION_MS + 60_000], (at) =>
        Effect.map(
          sql<{ id: string }>`
            insert into webhook_events (type, entity_type, entity_id, changes, dispatched_at, created_at)
            values ('route.updated', 'route', ${routeId}::uuid, '{name}', ${new Date(at)}, ${new Date(at)})
            returning id`,
          (rows) => rows[0]!.id
        ))
      yield* sql`insert into webhook_deliveries (event_id, endpoint_id, status, next_attempt_at)
                 values (${old!}::uuid, ${endpoint.id}::uuid, 'failed', null),
                        (${recent!}::uuid, ${endpoint.id}::uuid, 'failed', null)`
      const summary = yield* dispatcher.runScheduled()
      assert.strictEqual(summary.purgedEvents, 1)
      assert.isAtLeast(summary.pending, 0)
      const left = yield* sql<{ id: string }>`
        select e.id from webhook_events e join webhook_deliveries d on d.event_id = e.id
         where e.id in (${old!}::uuid, ${recent!}::uuid)`
      assert.deepStrictEqual(left.map((row) => row.id), [recent!])
    }))
})
