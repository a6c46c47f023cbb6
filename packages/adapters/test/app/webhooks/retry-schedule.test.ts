/**
 * The retry schedule (spec "Webhook delivery" retry table) driven by `TestClock`: a
 * receiver that always fails gets attempts 1–8 at exactly the scheduled offsets (never
 * a millisecond early), then the delivery is `failed` and nothing more is sent; a manual
 * retry restarts the count and delivers.
 */
import { assert, layer } from "@effect/vitest"
import { Clock, Effect, Result, Schema } from "effect"
import { TestClock } from "effect/testing"
import { DeliveryId } from "@quote/core/shared/ids"
import { MAX_DELIVERY_ATTEMPTS, RETRY_WAITS_MS } from "@quote/core/webhooks/webhook-delivery-state"
import { verifySignature } from "@quote/core/webhooks/webhook-signature"
import { startTestReceiver } from "../../../src/dev/webhook-test-receiver.ts"
import { WebhookEndpoints } from "../../../src/app/webhooks/webhook-endpoints.ts"
import { makeRoute, renameRoute, signaturesOf } from "./fixtures.ts"
import { deliveryWhen, onTestClock, realSleep, webhookDatabaseLayer } from "./test-layer.ts"

layer(webhookDatabaseLayer(), { excludeTestServices: true })("webhook retry schedule", (it) => {
  it.effect("8 attempts at exactly 0, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h apart, then failed; a manual retry delivers", () =>
    onTestClock(Effect.gen(function*() {
      // The dispatcher's TestClock stands still unless adjusted.
      const base = yield* Clock.currentTimeMillis
      const receiver = yield* startTestReceiver(() => ({ status: 500 }))
      const endpoints = yield* WebhookEndpoints
      const endpoint = yield* endpoints.create({ name: "schedule", url: `${receiver.url}/hook`, events: ["route.updated"] })
      yield* renameRoute(yield* makeRoute)

      let expectedAt = base
      let deliveryId = ""
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
        if (attempt > 1) {
          const wait = RETRY_WAITS_MS[attempt - 1]!
          yield* TestClock.adjust(wait - 1)
          yield* realSleep(150)
          assert.strictEqual(receiver.received.length, attempt - 1, `attempt ${attempt} came early`)
          yield* TestClock.adjust(1)
          expectedAt += wait
        }
        const request = (yield* receiver.waitFor(attempt))[attempt - 1]!
        deliveryId = request.headers["x-service-delivery-id"]!
        assert.strictEqual(request.headers["x-service-delivery-attempt"], String(attempt))
        // The signature's t is the send time: the scheduled instant itself.
        assert.strictEqual(signaturesOf(request, []).timestamp, Math.floor(expectedAt / 1000))
        assert.isTrue(Result.isSuccess(verifySignature(request.rawBody, request.headers["x-service-signature"], [endpoint.secret], expectedAt)))

        const row = yield* deliveryWhen(deliveryId, (row) => row.attempts === attempt && row.lockedBy === null)
        assert.strictEqual(row.lastAttemptAt?.getTime(), expectedAt)
        assert.strictEqual(row.lastStatusCode, 500)
        if (attempt < MAX_DELIVERY_ATTEMPTS) {
          assert.strictEqual(row.status, "pending")
          assert.strictEqual(row.nextAttemptAt?.getTime(), expectedAt + RETRY_WAITS_MS[attempt]!)
        } else {
          assert.strictEqual(row.status, "failed")
          assert.isNull(row.nextAttemptAt)
        }
      }

      // Failed is final: two more days bring nothing.
      yield* TestClock.adjust("48 hours")
      yield* realSleep(150)
      assert.strictEqual(receiver.received.length, MAX_DELIVERY_ATTEMPTS)

      // A manual retry: the count restarts, the answer is the new attempt.
      receiver.respondWith(() => ({ status: 200 }))
      const result = yield* endpoints.retry(Schema.decodeSync(DeliveryId)(deliveryId))
      assert.deepStrictEqual({ ...result, durationMs: 0 }, {
        deliveryId,
        ok: true,
        statusCode: 200,
        error: null,
        durationMs: 0,
        status: "delivered",
        attempts: 1
      })
      assert.strictEqual(receiver.received[MAX_DELIVERY_ATTEMPTS]?.headers["x-service-delivery-attempt"], "1")
      const row = yield* deliveryWhen(deliveryId, () => true)
      assert.strictEqual(row.status, "delivered")
      assert.strictEqual(row.attempts, 1)
    })), 90_000)
})
