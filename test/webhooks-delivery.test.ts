/**
 * Webhook delivery end to end (issue #6): source filters, inactive endpoints, secret
 * rotation, the test ping, the deliveries list and manual retries, on the real server
 * with a local receiver and changes made
 * directly with SQL (the triggers record the events). Signatures are checked by an
 * independent implementation, Stripe's Node SDK (`support/webhook-endpoints.ts`). Real
 * clock (`excludeTestServices`): signatures carry the send time and Stripe compares it
 * with the wall clock.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { startTestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import {
  about,
  envelopeOf,
  makeClient,
  makeFullQuotation,
  makeRoute,
  renameRoute,
  signaturesOf
} from "../packages/adapters/test/app/webhooks/fixtures.ts"
import { listedDelivery, registerEndpoint, sortedKeys, stripeVerifies } from "./support/webhook-endpoints.ts"
import { bodyOf, errorCode, SqlClient, TestServer, testUsers, wireObject } from "./support/test-server.ts"

layer(TestServer.layer(), { excludeTestServices: true })("webhooks: delivery", (it) => {
  it.effect("sources filter: a chat-only endpoint gets chat quotations only, and client events regardless", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const chatOnly = yield* startTestReceiver()
      const everyone = yield* startTestReceiver()
      const events = ["quotation.created", "client.created"] as const
      yield* registerEndpoint(server, admin, { url: `${chatOnly.url}/chat`, events, sources: ["chat"] })
      yield* registerEndpoint(server, admin, { url: `${everyone.url}/all`, events })

      const client = yield* makeClient
      const web = yield* makeFullQuotation(client, "web")
      const chat = yield* makeFullQuotation(client, "chat")
      // The unfiltered endpoint got all three: by then the filtered one got its share too.
      yield* everyone.waitFor(1, about(web.id, "quotation.created"))
      yield* everyone.waitFor(1, about(chat.id, "quotation.created"))
      yield* everyone.waitFor(1, about(client.clientId, "client.created"))
      yield* chatOnly.waitFor(1, about(chat.id, "quotation.created"))
      yield* chatOnly.waitFor(1, about(client.clientId, "client.created"))
      assert.strictEqual(chatOnly.received.filter(about(web.id)).length, 0)
    }))

  it.effect("an inactive endpoint receives nothing and keeps no pending deliveries", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const admin = yield* server.login(testUsers.admin)
      const failing = yield* startTestReceiver(() => ({ status: 503 }))
      const witness = yield* startTestReceiver()
      const inactive = yield* registerEndpoint(server, admin, { url: `${failing.url}/off`, events: ["route.updated"] })
      yield* registerEndpoint(server, admin, { url: `${witness.url}/on`, events: ["route.updated"] })

      // A failing attempt leaves a pending delivery; deactivating the endpoint ends it.
      const first = yield* makeRoute
      yield* renameRoute(first)
      yield* failing.waitFor(1, about(first))
      yield* witness.waitFor(1, about(first))
      const api = yield* server.api(admin)
      const deactivated = yield* api.webhooks.update({ params: { id: inactive.id }, payload: { active: false } })
      assert.strictEqual(deactivated.stats.pending, 0)
      const failedItems = (yield* api.webhooks.deliveries({ params: { id: inactive.id }, query: { status: "failed" } })).items
      assert.strictEqual(failedItems.length, 1)
      assert.strictEqual(failedItems[0]?.lastError, "Endpoint deactivated")

      // While inactive: the witness gets the next event, the inactive endpoint nothing at all.
      failing.clear()
      const second = yield* makeRoute
      yield* renameRoute(second)
      yield* witness.waitFor(1, about(second))
      const rows = yield* sql<{ count: number }>`
        select count(*)::int as count from webhook_deliveries where endpoint_id = ${inactive.id}::uuid and status = 'pending'`
      assert.strictEqual(rows[0]?.count, 0)
      const all = yield* sql<{ count: number }>`
        select count(*)::int as count from webhook_deliveries d join webhook_events e on e.id = d.event_id
         where d.endpoint_id = ${inactive.id}::uuid and e.entity_id = ${second}::uuid`
      assert.strictEqual(all[0]?.count, 0)
      assert.strictEqual(failing.received.length, 0)
    }))

  it.effect("secret rotation: during the grace both secrets verify; with 0 the old one stops at once", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/rotate`, events: ["route.updated"] })
      const path = `/api/webhooks/${endpoint.id}/rotate-secret`
      const api = yield* server.api(admin)
      const rotateSecret = (graceHours: number) => api.webhooks.rotateSecret({ params: { id: endpoint.id }, payload: { graceHours } })

      const graced = yield* rotateSecret(24)
      assert.match(graced.secret, /^whsec_/)
      assert.notStrictEqual(graced.secret, endpoint.secret)
      assert.strictEqual(graced.secretHint, graced.secret.slice(-4))
      const graceEnds = graced.previousSecretExpiresAt!.getTime() - Date.now()
      assert.approximately(graceEnds, 24 * 3600_000, 60_000)

      const routeId = yield* makeRoute
      yield* renameRoute(routeId)
      const [during] = yield* receiver.waitFor(1, about(routeId))
      assert.deepStrictEqual(signaturesOf(during!, [graced.secret, endpoint.secret]), {
        timestamp: signaturesOf(during!, []).timestamp,
        count: 2,
        matches: [true, true]
      })
      assert.isTrue(stripeVerifies(during!, graced.secret))
      assert.isTrue(stripeVerifies(during!, endpoint.secret))

      const rotated = yield* rotateSecret(0)
      assert.isNull(rotated.previousSecretExpiresAt)
      receiver.clear()
      yield* renameRoute(routeId)
      const [after] = yield* receiver.waitFor(1, about(routeId))
      assert.strictEqual(signaturesOf(after!, []).count, 1)
      assert.isTrue(stripeVerifies(after!, rotated.secret))
      assert.isFalse(stripeVerifies(after!, graced.secret))
      assert.isFalse(stripeVerifies(after!, endpoint.secret))

      // Without a body, or without graceHours, the grace is the default 24 h; out of range is a 400.
      for (const options of [{ token: admin }, { token: admin, body: {} }]) {
        const defaulted = yield* server.request("POST", path, options)
        assert.strictEqual(defaulted.status, 200, defaulted.text)
        const defaultEnds = new Date(bodyOf(defaulted, Schema.Struct({ previousSecretExpiresAt: Schema.String })).previousSecretExpiresAt)
          .getTime()
        assert.approximately(defaultEnds - Date.now(), 24 * 3600_000, 60_000)
      }
      for (const graceHours of [-1, 169, 1.5]) {
        const bad = yield* server.request("POST", path, { token: admin, body: { graceHours } })
        assert.strictEqual(bad.status, 400)
        assert.strictEqual(errorCode(bad), "VALIDATION_ERROR")
      }
      const missing = yield* server.request("POST", `/api/webhooks/${crypto.randomUUID()}/rotate-secret`, { token: admin, body: {} })
      assert.strictEqual(missing.status, 404)
    }))

  it.effect("test ping: sent now without retries; the answer reports the result", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/ping`, events: ["route.updated"] })
      const api = yield* server.api(admin)
      const sendTest = api.webhooks.test({ params: { id: endpoint.id } })
      const [result, answer] = yield* api.webhooks.test({ params: { id: endpoint.id }, responseMode: "decoded-and-response" })
      assert.deepStrictEqual(sortedKeys(yield* wireObject(answer)), ["attempts", "deliveryId", "durationMs", "error", "ok", "status", "statusCode"])
      assert.deepStrictEqual({ ...result, deliveryId: "-", durationMs: 0 }, {
        deliveryId: "-",
        ok: true,
        statusCode: 200,
        error: null,
        durationMs: 0,
        status: "delivered",
        attempts: 1
      })
      const [ping] = receiver.received
      assert.strictEqual(ping?.headers["x-service-event"], "ping")
      assert.strictEqual(ping?.headers["x-service-delivery-id"], result.deliveryId)
      const envelope = envelopeOf(ping!)
      assert.deepStrictEqual(sortedKeys(envelope.data), ["message"])
      assert.isTrue(stripeVerifies(ping!, endpoint.secret))

      receiver.respondWith(() => ({ status: 500 }))
      const failure = yield* sendTest
      assert.isFalse(failure.ok)
      assert.strictEqual(failure.statusCode, 500)
      assert.strictEqual(failure.error, "HTTP 500")
      assert.strictEqual(failure.status, "failed")
      assert.strictEqual(failure.attempts, 1)

      const redirect = yield* startTestReceiver(() => ({ status: 302, headers: { location: `${receiver.url}/ping` } }))
      yield* server.request("PATCH", `/api/webhooks/${endpoint.id}`, { token: admin, body: { url: `${redirect.url}/moved` } })
      receiver.respondWith(() => ({ status: 200 }))
      receiver.clear()
      const redirected = yield* sendTest
      assert.strictEqual(redirected.statusCode, 302)
      assert.strictEqual(redirected.status, "failed")
      assert.strictEqual(receiver.received.length, 0, "the redirect was not followed")

      const { items } = yield* api.webhooks.deliveries({ params: { id: endpoint.id }, query: {} })
      assert.deepStrictEqual(items.map((item) => `${item.type} ${item.status}`), ["ping failed", "ping failed", "ping delivered"])
      const missing = yield* server.request("POST", `/api/webhooks/${crypto.randomUUID()}/test`, { token: admin })
      assert.strictEqual(missing.status, 404)
      assert.strictEqual(errorCode(missing), "NOT_FOUND")
    }))

  it.effect("deliveries list filters and limits; a manual retry restarts the count and returns the new attempt", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver(() => ({ status: 500 }))
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/retry`, events: ["route.updated"] })
      const routeId = yield* makeRoute
      yield* renameRoute(routeId)
      yield* receiver.waitFor(1, about(routeId))
      const listPath = `/api/webhooks/${endpoint.id}/deliveries`

      // The failed first attempt is recorded once the receiver answered.
      const [request] = receiver.received
      const listed = yield* listedDelivery(server, admin, endpoint.id, request!.headers["x-service-delivery-id"]!, (item) => item.attempts === 1)
      const delivery = listed.delivery!
      assert.strictEqual(delivery.attempts, 1)
      const api = yield* server.api(admin)
      const deliveries = (query: Parameters<typeof api.webhooks.deliveries>[0]["query"]) =>
        Effect.map(api.webhooks.deliveries({ params: { id: endpoint.id }, query }), (list) => list.items)
      assert.deepStrictEqual((yield* deliveries({ status: "pending" })).map((item) => item.id), [delivery.id])
      assert.strictEqual(delivery.lastStatusCode, 500)
      assert.strictEqual(delivery.lastError, "HTTP 500")
      const wait = delivery.nextAttemptAt!.getTime() - Date.now()
      assert.isAbove(wait, 30_000, "attempt 2 comes a minute after attempt 1")
      assert.isAtMost(wait, 60_000)
      assert.deepStrictEqual(yield* deliveries({ status: "delivered" }), [])

      receiver.respondWith(() => ({ status: 204 }))
      const retried = yield* api.webhooks.retry({ params: { id: delivery.id } })
      assert.deepStrictEqual({ ...retried, durationMs: 0 }, {
        deliveryId: delivery.id,
        ok: true,
        statusCode: 204,
        error: null,
        durationMs: 0,
        status: "delivered",
        attempts: 1
      })
      const last = receiver.received[receiver.received.length - 1]
      assert.strictEqual(last?.headers["x-service-delivery-attempt"], "1")
      assert.strictEqual(last?.headers["x-service-delivery-id"], delivery.id)

      // Any state: a delivered one can be sent again.
      const again = yield* api.webhooks.retry({ params: { id: delivery.id } })
      assert.strictEqual(again.attempts, 1)
      assert.isTrue(again.ok)

      assert.strictEqual((yield* deliveries({ limit: 1 })).length, 1)
      for (const query of ["limit=0", "limit=201", "limit=abc", "status=lost"]) {
        const bad = yield* server.request("GET", `${listPath}?${query}`, { token: admin })
        assert.strictEqual(bad.status, 400, query)
        assert.strictEqual(errorCode(bad), "VALIDATION_ERROR", query)
      }
      const unknownEndpoint = yield* server.request("GET", `/api/webhooks/${crypto.randomUUID()}/deliveries`, { token: admin })
      assert.strictEqual(unknownEndpoint.status, 404)
      const unknownDelivery = yield* server.request("POST", `/api/webhooks/deliveries/${crypto.randomUUID()}/retry`, { token: admin })
      assert.strictEqual(unknownDelivery.status, 404)
      assert.strictEqual(errorCode(unknownDelivery), "NOT_FOUND")
    }))

})
