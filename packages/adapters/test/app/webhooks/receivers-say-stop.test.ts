/**
 * Receivers that say stop (issue #16), on the test clock: a 410 disables the endpoint at
 * once (reason `gone`, the administrator e-mailed, pending deliveries failed); a 429 with
 * `Retry-After: 600` plans the next attempt 600 s later instead of the table's 1 min;
 * every attempt failing for 5 days in a row disables it (`failing`), not a moment sooner;
 * `PATCH active: true` clears both fields.
 */
import { assert, layer } from "@effect/vitest"
import { Clock, Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { SqlClient } from "effect/sql"
import { startTestReceiver } from "../../../src/dev/webhook-test-receiver.ts"
import { WebhookEndpoints } from "../../../src/app/webhooks/webhook-endpoints.ts"
import { makeRoute, renameRoute } from "./fixtures.ts"
import { deliveryWhen, firstDeliveryOf, onTestClock, realSleep, webhookDatabaseLayer } from "./test-layer.ts"

const settings = { adminNotificationEmail: Option.some("admin@example.com") }
const options = { settings }

/** The endpoint as listed, once `ready` holds (real-time polling). */
const endpointWhen = (id: string, ready: (endpoint: { active: boolean; disabledReason: string | null }) => boolean) =>
  Effect.gen(function*() {
    const endpoints = yield* WebhookEndpoints
    const deadline = Date.now() + 10_000
    for (;;) {
      const found = (yield* endpoints.list).items.find((endpoint) => endpoint.id === id)
      if (found !== undefined && ready(found)) return found
      if (Date.now() > deadline) return yield* Effect.die(new Error(`endpoint ${id}: ${JSON.stringify(found)}`))
      yield* realSleep(10)
    }
  })

layer(webhookDatabaseLayer(options), { excludeTestServices: true })("receivers that say stop", (it) => {
  it.effect("410 Gone disables at once: reason gone, disabledAt, pending failed, the administrator e-mailed; PATCH active clears", () =>
    onTestClock(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const now = yield* Clock.currentTimeMillis
      const receiver = yield* startTestReceiver(() => ({ status: 410 }))
      const endpoints = yield* WebhookEndpoints
      const endpoint = yield* endpoints.create({ name: "gone receiver", url: `${receiver.url}/gone`, events: ["route.updated"] })
      const route = yield* makeRoute
      yield* renameRoute(route)

      const disabled = yield* endpointWhen(endpoint.id, (found) => !found.active)
      assert.strictEqual(disabled.disabledReason, "gone")
      assert.deepStrictEqual(disabled.disabledAt, new Date(now))
      assert.strictEqual(receiver.received.length, 1)
      const row = yield* deliveryWhen(yield* firstDeliveryOf(endpoint.id), (row) => row.status === "failed")
      assert.strictEqual(row.lastStatusCode, 410)
      const [mail] = yield* sql<{ toAddress: string; subject: string; body: string }>`
        select to_address, subject, body from email_outbox where kind = 'webhook_endpoint_disabled' and body like ${`%${endpoint.id}%`}`
      assert.strictEqual(mail?.toAddress, "admin@example.com")
      assert.include(mail?.subject ?? "", "gone receiver")
      assert.include(mail?.body ?? "", "410")

      // Nothing more goes there: a new change makes no delivery for an inactive endpoint.
      yield* renameRoute(route)
      yield* TestClock.adjust("1 day")
      yield* realSleep(150)
      assert.strictEqual(receiver.received.length, 1)

      const enabled = yield* endpoints.update(endpoint.id, { active: true })
      assert.isTrue(enabled.active)
      assert.isNull(enabled.disabledReason)
      assert.isNull(enabled.disabledAt)
      yield* endpoints.remove(endpoint.id)
    }), options))

  it.effect("429 with Retry-After: 600 plans the next attempt 600 s later; a 503 without it keeps the table's 1 min", () =>
    onTestClock(Effect.gen(function*() {
      const base = yield* Clock.currentTimeMillis
      const busy = yield* startTestReceiver(() => ({ status: 429, headers: { "Retry-After": "600" } }))
      const endpoints = yield* WebhookEndpoints
      const endpoint = yield* endpoints.create({ name: "busy", url: `${busy.url}/busy`, events: ["route.updated"] })
      yield* renameRoute(yield* makeRoute)
      const deliveryId = yield* firstDeliveryOf(endpoint.id)
      const first = yield* deliveryWhen(deliveryId, (row) => row.attempts === 1 && row.lockedBy === null)
      assert.strictEqual(first.status, "pending")
      assert.strictEqual(first.lastStatusCode, 429)
      assert.strictEqual(first.nextAttemptAt?.getTime(), base + 600_000)

      // Not at the table's 1 min, nor at 599 s: at 600 s.
      yield* TestClock.adjust(599_999)
      yield* realSleep(150)
      assert.strictEqual(busy.received.length, 1)
      busy.respondWith(() => ({ status: 503 }))
      yield* TestClock.adjust(1)
      const second = yield* deliveryWhen(deliveryId, (row) => row.attempts === 2 && row.lockedBy === null)
      assert.strictEqual(second.lastAttemptAt?.getTime(), base + 600_000)
      assert.strictEqual(second.nextAttemptAt?.getTime(), base + 600_000 + 5 * 60_000)
      yield* endpoints.remove(endpoint.id)
    }), options))

  it.effect("every attempt failing for 5 days in a row disables (failing); 4 days 23 h does not", () =>
    onTestClock(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const failing = yield* startTestReceiver(() => ({ status: 500 }))
      const endpoints = yield* WebhookEndpoints
      const endpoint = yield* endpoints.create({ name: "failing", url: `${failing.url}/down`, events: ["route.updated"] })
      const route = yield* makeRoute
      yield* renameRoute(route)
      yield* deliveryWhen(yield* firstDeliveryOf(endpoint.id), (row) => row.attempts === 1 && row.lockedBy === null)

      // The first delivery's retries all fail along the way (the clock jumps past them).
      for (const hours of [24, 24, 24, 24, 23]) {
        yield* TestClock.adjust(`${hours} hours`)
        yield* realSleep(100)
      }
      const beforeRename = failing.received.length
      yield* renameRoute(route)
      yield* failing.waitFor(beforeRename + 1)
      yield* realSleep(200)
      assert.isTrue((yield* endpointWhen(endpoint.id, () => true)).active, "disabled before 5 days")

      yield* TestClock.adjust("1 hour")
      const disabled = yield* endpointWhen(endpoint.id, (found) => !found.active)
      assert.strictEqual(disabled.disabledReason, "failing")
      const [mail] = yield* sql<{ body: string }>`
        select body from email_outbox where kind = 'webhook_endpoint_disabled' and body like ${`%${endpoint.id}%`}`
      assert.include(mail?.body ?? "", "5 días")
      const { items, stats } = yield* endpoints.list
      const listed = items.filter((found) => found.disabledReason !== null)
      assert.isTrue(listed.some((found) => found.id === endpoint.id))
      assert.strictEqual(stats.disabled, listed.length)
    }), options), 60_000)
})
