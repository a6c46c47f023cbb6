/**
 * Recovery (issue #16): after eight failed attempts a delivery is `failed`; recovering
 * the endpoint's range sends it again as a fresh try (attempt 1, the table from its
 * start). Ranges, an inactive endpoint and the 10,000 cap are refused as documented.
 */
import { assert, layer } from "@effect/vitest"
import { Clock, Effect, Schema } from "effect"
import { TestClock } from "effect/testing"
import { SqlClient } from "effect/sql"
import { WebhookEndpointId } from "@quote/core/shared/ids"
import { MAX_DELIVERY_ATTEMPTS, RETRY_WAITS_MS } from "@quote/core/webhooks/webhook-delivery-state"
import { startTestReceiver } from "../../../src/dev/webhook-test-receiver.ts"
import { WebhookEndpoints } from "../../../src/app/webhooks/webhook-endpoints.ts"
import { MAX_RECOVERED_PER_CALL, WebhookRecovery } from "../../../src/app/webhooks/webhook-recovery.ts"
import { makeRoute, renameRoute } from "./fixtures.ts"
import { deliveryWhen, firstDeliveryOf, onTestClock, realSleep, webhookDatabaseLayer } from "./test-layer.ts"

layer(webhookDatabaseLayer(), { excludeTestServices: true })("webhook recovery", (it) => {
  it.effect("after eight failed attempts, recover delivers it with the attempt count restarted", () =>
    onTestClock(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const receiver = yield* startTestReceiver(() => ({ status: 500 }))
      const endpoints = yield* WebhookEndpoints
      const recovery = yield* WebhookRecovery
      const endpoint = yield* endpoints.create({ name: "outage", url: `${receiver.url}/hook`, events: ["route.updated"] })
      yield* renameRoute(yield* makeRoute)
      const deliveryId = yield* firstDeliveryOf(endpoint.id)
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
        if (attempt > 1) yield* TestClock.adjust(RETRY_WAITS_MS[attempt - 1]!)
        yield* deliveryWhen(deliveryId, (row) => row.attempts === attempt && row.lockedBy === null)
      }
      // Events are dated by the database's clock, not the test clock.
      const [{ createdAt: eventAt }] = yield* sql<{ createdAt: Date }>`
        select ev.created_at from webhook_deliveries d join webhook_events ev on ev.id = d.event_id where d.id = ${deliveryId}::uuid`
      const failed = yield* deliveryWhen(deliveryId, () => true)
      assert.strictEqual(failed.status, "failed")
      assert.strictEqual(receiver.received.length, MAX_DELIVERY_ATTEMPTS)

      // A range after the event finds nothing; the receiver is back; the whole day is recovered.
      assert.deepStrictEqual(yield* recovery.recover(endpoint.id, { since: new Date(eventAt.getTime() + 1) }), { queued: 0 })
      receiver.respondWith(() => ({ status: 204 }))
      const recovered = yield* recovery.recover(endpoint.id, { since: eventAt, until: new Date(eventAt.getTime() + 1) })
      assert.deepStrictEqual(recovered, { queued: 1 })
      const [again] = yield* receiver.waitFor(MAX_DELIVERY_ATTEMPTS + 1).pipe(Effect.map((all) => all.slice(MAX_DELIVERY_ATTEMPTS)))
      assert.strictEqual(again?.headers["x-service-delivery-id"], deliveryId)
      assert.strictEqual(again?.headers["x-service-delivery-attempt"], "1")
      const delivered = yield* deliveryWhen(deliveryId, (row) => row.status === "delivered")
      assert.strictEqual(delivered.attempts, 1)
      yield* endpoints.remove(endpoint.id)
    })), 60_000)

  it.effect("pending deliveries keep their schedule; until ≤ since, an inactive endpoint and an unknown one are refused", () =>
    onTestClock(Effect.gen(function*() {
      const base = yield* Clock.currentTimeMillis
      const receiver = yield* startTestReceiver(() => ({ status: 500 }))
      const endpoints = yield* WebhookEndpoints
      const recovery = yield* WebhookRecovery
      const endpoint = yield* endpoints.create({ name: "pending", url: `${receiver.url}/hook`, events: ["route.updated"] })
      yield* renameRoute(yield* makeRoute)
      const deliveryId = yield* firstDeliveryOf(endpoint.id)
      const pending = yield* deliveryWhen(deliveryId, (row) => row.attempts === 1 && row.lockedBy === null)
      assert.deepStrictEqual(yield* recovery.recover(endpoint.id, { since: new Date(0) }), { queued: 0 })
      yield* realSleep(100)
      assert.deepStrictEqual(yield* deliveryWhen(deliveryId, () => true), pending)

      const backwards = yield* Effect.flip(recovery.recover(endpoint.id, { since: new Date(base), until: new Date(base) }))
      assert.strictEqual(backwards._tag, "ValidationError")
      yield* endpoints.update(endpoint.id, { active: false })
      const inactive = yield* Effect.flip(recovery.recover(endpoint.id, { since: new Date(base - 60_000) }))
      assert.strictEqual(inactive._tag, "WebhookEndpointInactive")
      const unknown = yield* Effect.flip(recovery.recover(Schema.decodeSync(WebhookEndpointId)(crypto.randomUUID()), { since: new Date(base - 60_000) }))
      assert.strictEqual(unknown._tag, "NotFound")
      yield* endpoints.remove(endpoint.id)
    })))

  it.effect(`more than ${MAX_RECOVERED_PER_CALL} failed deliveries in the range: refused, asking for a narrower range; nothing changes`, () =>
    onTestClock(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const receiver = yield* startTestReceiver(() => ({ status: 200 }))
      const endpoints = yield* WebhookEndpoints
      const recovery = yield* WebhookRecovery
      const endpoint = yield* endpoints.create({ name: "many", url: `${receiver.url}/hook`, events: ["route.updated"] })
      // Dispatched ping-less history written directly: 10,001 failed deliveries of events of 2026-01-01.
      yield* sql`
        with events as (
          insert into webhook_events (type, entity_type, entity_id, dispatched_at, created_at)
          select 'route.updated', 'route', gen_random_uuid(), '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'
            from generate_series(1, ${MAX_RECOVERED_PER_CALL + 1})
          returning id
        )
        insert into webhook_deliveries (event_id, endpoint_id, status, attempts, next_attempt_at)
        select id, ${endpoint.id}::uuid, 'failed', 8, null from events`
      const refused = yield* Effect.flip(recovery.recover(endpoint.id, { since: new Date("2025-12-31T00:00:00Z") }))
      assert.strictEqual(refused._tag, "ValidationError")
      assert.include(refused.message, "narrow the range")
      const [{ failed }] = yield* sql<{ failed: number }>`
        select count(*)::int as failed from webhook_deliveries where endpoint_id = ${endpoint.id}::uuid and status = 'failed'`
      assert.strictEqual(failed, MAX_RECOVERED_PER_CALL + 1)
      yield* endpoints.remove(endpoint.id)
      yield* sql`delete from webhook_events where created_at = '2026-01-01T00:00:00Z'`
    })), 60_000)
})
