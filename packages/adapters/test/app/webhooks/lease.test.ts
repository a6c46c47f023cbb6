/**
 * No delivery is lost when a process dies mid-attempt: its lease (`locked_until`)
 * keeps every other worker away until it expires, then the delivery is due again. The
 * dead process's attempt was never recorded, so the receiver sees attempt 1 (at least
 * once: it may get the event twice and deduplicates by event id).
 */
import { assert, layer } from "@effect/vitest"
import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { LEASE_MS } from "../../../src/app/webhooks/delivery-queue.ts"
import { startTestReceiver } from "../../../src/dev/webhook-test-receiver.ts"
import { WebhookEndpoints } from "../../../src/app/webhooks/webhook-endpoints.ts"
import { about, makeRoute } from "./fixtures.ts"
import { deliveryWhen, onTestClock, realSleep, webhookDatabaseLayer } from "./test-layer.ts"

/**
 * The state a killed process leaves: it fanned the event out and leased the delivery
 * (one transaction here; its commit notifies the surviving dispatcher), then died.
 */
const leasedByDeadProcess = (endpointId: string, routeId: string, lockedUntil: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const now = new Date(yield* Clock.currentTimeMillis)
    return yield* sql.withTransaction(Effect.gen(function*() {
      const [event] = yield* sql<{ id: string }>`
        insert into webhook_events (type, entity_type, entity_id, changes, dispatched_at)
        values ('route.updated', 'route', ${routeId}::uuid, '{name}', ${now})
        returning id`
      const [delivery] = yield* sql<{ id: string }>`
        insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at, locked_until, locked_by)
        values (${event!.id}::uuid, ${endpointId}::uuid, ${now}, ${new Date(lockedUntil)}, 'dead-host:4242:gone/claim')
        returning id`
      return delivery!.id
    }))
  })

layer(webhookDatabaseLayer(), { excludeTestServices: true })("webhook leases", (it) => {
  it.effect("a delivery leased by a killed process is attempted when the lease expires, not before", () =>
    onTestClock(Effect.gen(function*() {
      const receiver = yield* startTestReceiver()
      const endpoints = yield* WebhookEndpoints
      const endpoint = yield* endpoints.create({ name: "lease", url: `${receiver.url}/hook`, events: ["route.updated"] })
      const routeId = yield* makeRoute
      const now = yield* Clock.currentTimeMillis
      const deliveryId = yield* leasedByDeadProcess(endpoint.id, routeId, now + LEASE_MS)

      yield* realSleep(200)
      yield* TestClock.adjust(LEASE_MS - 1)
      yield* realSleep(200)
      assert.strictEqual(receiver.received.length, 0, "nobody touches a leased delivery")
      yield* TestClock.adjust(1)
      const [request] = yield* receiver.waitFor(1, about(routeId))
      assert.strictEqual(request!.headers["x-service-delivery-id"], deliveryId)
      assert.strictEqual(request!.headers["x-service-delivery-attempt"], "1")
      const row = yield* deliveryWhen(deliveryId, (row) => row.status === "delivered")
      assert.strictEqual(row.attempts, 1)
      assert.isNull(row.lockedBy)
    })))

  it.effect("after a restart, a lease that expired while nobody ran is picked up at once", () =>
    onTestClock(Effect.gen(function*() {
      const receiver = yield* startTestReceiver()
      const endpoints = yield* WebhookEndpoints
      const endpoint = yield* endpoints.create({ name: "restart", url: `${receiver.url}/hook`, events: ["route.updated"] })
      const routeId = yield* makeRoute
      const now = yield* Clock.currentTimeMillis
      const deliveryId = yield* leasedByDeadProcess(endpoint.id, routeId, now - 1)
      const [request] = yield* receiver.waitFor(1, about(routeId))
      assert.strictEqual(request!.headers["x-service-delivery-id"], deliveryId)
      yield* deliveryWhen(deliveryId, (row) => row.status === "delivered" && row.attempts === 1)
    })))
})
