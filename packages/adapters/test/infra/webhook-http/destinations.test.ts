/**
 * Destination safety with host names (spec "Target URL rules ... including names
 * resolving to them", checked at registration and at each delivery), using a name
 * table in place of DNS. Nothing here ever connects to a non-loopback address: blocked
 * targets are refused before connecting, and the only accepted name points at the local
 * receiver.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { SqlClient } from "effect/sql"
import { generateWebhookSecret } from "@quote/core/shared/secrets"
import { startTestReceiver } from "../../../src/dev/webhook-test-receiver.ts"
import { WebhookEndpoints } from "../../../src/app/webhooks/webhook-endpoints.ts"
import { WebhookTransport } from "@quote/core/webhooks/webhook-transport"
import { about, makeRoute, renameRoute } from "../../app/webhooks/fixtures.ts"
import { deliveryWhen, firstDeliveryOf, webhookTestLayer } from "../../app/webhooks/test-layer.ts"

const names = {
  "rebind.example.test": ["127.0.0.1"],
  "mixed.example.test": ["93.184.216.34", "10.1.1.1"],
  "v6.example.test": ["fd12::1"],
  "mapped.example.test": ["::ffff:192.168.0.1"],
  "metadata.example.test": ["169.254.169.254"],
  "later.example.test": ["10.0.0.7"],
  "receiver.example.test": ["127.0.0.1"]
}

const reasonOf = (exit: Exit.Exit<unknown, unknown>) => {
  if (Exit.isSuccess(exit)) return "ACCEPTED"
  const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")
  return error?._tag === "Fail" ? (error.error as { details?: { reason?: string } }).details?.reason : "DEFECT"
}

layer(webhookTestLayer({ allowPrivateTargets: false, names }), { excludeTestServices: true })("webhook destinations by name (production rules)", (it) => {
  it.effect("registration resolves the name and refuses it when any address is blocked", () =>
    Effect.gen(function*() {
      const endpoints = yield* WebhookEndpoints
      const register = (host: string) =>
        endpoints.create({ name: host, url: `https://${host}/hook`, events: ["quotation.rejected"] }).pipe(Effect.exit)
      assert.strictEqual(reasonOf(yield* register("rebind.example.test")), "LOOPBACK_ADDRESS")
      assert.strictEqual(reasonOf(yield* register("mixed.example.test")), "PRIVATE_ADDRESS")
      assert.strictEqual(reasonOf(yield* register("v6.example.test")), "PRIVATE_ADDRESS")
      assert.strictEqual(reasonOf(yield* register("mapped.example.test")), "PRIVATE_ADDRESS")
      assert.strictEqual(reasonOf(yield* register("metadata.example.test")), "PRIVATE_ADDRESS")
      // A name that does not resolve reaches nothing: accepted, and checked again at delivery.
      const unresolvable = yield* register("nowhere.invalid")
      assert.strictEqual(reasonOf(unresolvable), "ACCEPTED")
      if (Exit.isSuccess(unresolvable)) yield* endpoints.remove(unresolvable.value.id)
    }))

  it.effect("each delivery checks again: a name now resolving to a private address is refused without connecting", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      // Registered while the name was harmless (written directly, as registration would have).
      const [endpoint] = yield* sql<{ id: string }>`
        insert into webhook_endpoints (name, url, events, secret)
        values ('rebound', 'https://later.example.test/hook', '{route.updated}', ${generateWebhookSecret()})
        returning id`
      yield* renameRoute(yield* makeRoute)
      const row = yield* deliveryWhen(yield* firstDeliveryOf(endpoint!.id), (row) => row.attempts === 1)
      assert.strictEqual(row.status, "pending")
      assert.isNull(row.lastStatusCode)
      assert.strictEqual(row.lastError, "Target refused: Webhook targets cannot be private or internal addresses (10.0.0.7)")
      yield* sql`delete from webhook_endpoints where id = ${endpoint!.id}::uuid`

      const transport = yield* WebhookTransport
      const blocked = yield* transport.send({ url: "https://later.example.test/x", headers: {}, body: "{}" })
      assert.strictEqual(blocked.outcome._tag, "Blocked")
      const literal = yield* transport.send({ url: "https://[fd00::5]/x", headers: {}, body: "{}" })
      assert.strictEqual(literal.outcome._tag, "Blocked")
      const unresolvable = yield* transport.send({ url: "https://nowhere.invalid/x", headers: {}, body: "{}" })
      assert.strictEqual(unresolvable.outcome._tag, "NetworkError")
    }))
})

layer(webhookTestLayer({ allowPrivateTargets: true, names }), { excludeTestServices: true })("webhook destinations by name (local testing)", (it) => {
  it.effect("the request goes to the checked address, with the name kept in Host", () =>
    Effect.gen(function*() {
      const endpoints = yield* WebhookEndpoints
      const receiver = yield* startTestReceiver()
      const port = new URL(receiver.url).port
      // The system resolver knows no *.example.test: only the pinned, checked address can work.
      yield* endpoints.create({
        name: "by name",
        url: `http://receiver.example.test:${port}/hook`,
        events: ["route.updated"]
      })
      const routeId = yield* makeRoute
      yield* renameRoute(routeId)
      const [request] = yield* receiver.waitFor(1, about(routeId))
      assert.strictEqual(request!.headers.host, `receiver.example.test:${port}`)
      assert.strictEqual(request!.path, "/hook")
    }))

  it.effect("allowing private targets lets loopback through, never other private ranges", () =>
    Effect.gen(function*() {
      const endpoints = yield* WebhookEndpoints
      const exit = yield* endpoints.create({ name: "x", url: "http://later.example.test/hook", events: ["route.updated"] }).pipe(
        Effect.exit
      )
      assert.strictEqual(reasonOf(exit), "PRIVATE_ADDRESS")
      const transport = yield* WebhookTransport
      const blocked = yield* transport.send({ url: "http://192.168.1.20/x", headers: {}, body: "{}" })
      assert.strictEqual(blocked.outcome._tag, "Blocked")
    }))
})
