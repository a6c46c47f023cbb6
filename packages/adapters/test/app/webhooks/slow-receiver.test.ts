/**
 * One slow receiver must not delay the others (issue #11): attempt 1 is "immediate, when
 * the change happens" for every endpoint, and the 8 s time-out belongs to each receiver
 * alone. A receiver that holds its connections until the time-out gets every change
 * meanwhile, each on its own request, while a healthy one gets each within 1 s. The
 * in-flight limits (per endpoint, per process) bound what slow receivers can hold, and
 * a slot freed by a time-out is reused at once.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { startTestReceiver, type TestReceiver } from "../../../src/dev/webhook-test-receiver.ts"
import { WebhookEndpoints } from "../../../src/app/webhooks/webhook-endpoints.ts"
import { about, makeRoute, renameRoute } from "./fixtures.ts"
import { deliveryWhen, firstDeliveryOf, realSleep, webhookTestLayer } from "./test-layer.ts"

const CHANGES = 6
/** Spec "Limits": the receiver time-out. */
const TIMEOUT_MS = 8_000
/** Commit → arrival at a healthy receiver, however slow the others. */
const HEALTHY_WITHIN_MS = 1_000

const hanging = () => startTestReceiver(() => ({ status: 200, hang: true }))

/** Commits one change and returns how long the healthy receiver took to get it. */
const changeAndTime = (routeId: string, healthy: TestReceiver, seen: number) =>
  Effect.gen(function*() {
    yield* renameRoute(routeId)
    const committed = performance.now()
    const arrivals = yield* healthy.waitFor(seen + 1, about(routeId), 5_000)
    return arrivals[seen]!.receivedAt - committed
  })

layer(webhookTestLayer(), { excludeTestServices: true })("a slow webhook receiver", (it) => {
  it.effect("changes reach a healthy receiver within 1 s while another hangs until its time-out", () =>
    Effect.gen(function*() {
      const slow = yield* hanging()
      const healthy = yield* startTestReceiver()
      const endpoints = yield* WebhookEndpoints
      const slowEndpoint = yield* endpoints.create({ name: "slow", url: `${slow.url}/hook`, events: ["route.updated"] })
      yield* endpoints.create({ name: "healthy", url: `${healthy.url}/hook`, events: ["route.updated"] })
      const routeId = yield* makeRoute
      const started = performance.now()

      const latencies: Array<number> = []
      for (let seen = 0; seen < CHANGES; seen++) {
        latencies.push(yield* changeAndTime(routeId, healthy, seen))
        yield* realSleep(200)
      }
      assert.isBelow(performance.now() - started, TIMEOUT_MS, "every change was made while the first slow attempt hung")
      assert.isTrue(
        latencies.every((ms) => ms <= HEALTHY_WITHIN_MS),
        `commit → healthy arrival, ms: ${latencies.map(Math.round).join(", ")}`
      )
      // Each change went to the slow receiver too, on its own request, without waiting for the others.
      yield* slow.waitFor(CHANGES, about(routeId), 2_000)
      assert.strictEqual(slow.inFlight(), CHANGES)

      // The first slow attempt ends at its own time-out and is recorded for a retry.
      const firstSlow = yield* firstDeliveryOf(slowEndpoint.id)
      const row = yield* deliveryWhen(firstSlow, (row) => row.attempts === 1)
      assert.strictEqual(row.status, "pending")
      assert.strictEqual(row.lastError, "No answer within 8 s")
      assert.strictEqual(healthy.received.length, CHANGES, "one request per change, no duplicates")
      assert.deepStrictEqual([...slow.overlaps, ...healthy.overlaps], [])
    }), 30_000)
})

layer(
  webhookTestLayer({ settings: { webhookMaxInFlightPerEndpoint: 2, webhookMaxInFlight: 3 } }),
  { excludeTestServices: true }
)("webhook in-flight limits", (it) => {
  it.effect("at most 2 requests per endpoint and 3 in all; a slot freed by a time-out is reused at once", () =>
    Effect.gen(function*() {
      const first = yield* hanging()
      const second = yield* hanging()
      const endpoints = yield* WebhookEndpoints
      yield* endpoints.create({ name: "first", url: `${first.url}/hook`, events: ["route.updated"] })
      yield* endpoints.create({ name: "second", url: `${second.url}/hook`, events: ["route.updated"] })
      const routeId = yield* makeRoute
      const requests = () => first.received.length + second.received.length

      for (let change = 0; change < 4; change++) yield* renameRoute(routeId)
      const deadline = Date.now() + 2_000
      while (requests() < 3 && Date.now() < deadline) yield* realSleep(10)
      // 8 deliveries are due; give any that would exceed the limits time to show.
      yield* realSleep(500)
      assert.strictEqual(requests(), 3, "3 requests in flight in all")
      assert.isAtMost(first.maxInFlight(), 2)
      assert.isAtMost(second.maxInFlight(), 2)

      // The 3 time out together after 8 s; their slots go to 3 more deliveries straight away.
      const timedOut = performance.now()
      while (requests() < 6 && performance.now() - timedOut < TIMEOUT_MS + 2_000) yield* realSleep(10)
      assert.strictEqual(requests(), 6)
      assert.isAtMost(first.maxInFlight(), 2)
      assert.isAtMost(second.maxInFlight(), 2)
      assert.deepStrictEqual([...first.overlaps, ...second.overlaps], [])
    }), 30_000)
})
