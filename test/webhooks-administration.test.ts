/**
 * Webhook administration end to end (issue #6): the event catalog, who may manage
 * endpoints, create, validation, PATCH, DELETE and the cron pass, on the real server
 * with a local receiver and changes made
 * directly with SQL (the triggers record the events). Signatures are checked by an
 * independent implementation, Stripe's Node SDK (`support/webhook-endpoints.ts`). Real
 * clock (`excludeTestServices`): signatures carry the send time and Stripe compares it
 * with the wall clock.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { startTestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import { makeRoute, renameRoute } from "../packages/adapters/test/app/webhooks/fixtures.ts"
import { registerEndpoint, sortedKeys, specEventTypes } from "./support/webhook-endpoints.ts"
import { InvalidWebhookTarget } from "@quote/core/webhooks/errors"
import { errorCode, errorOf, SqlClient, TestServer, testUsers, wireItems, wireObject } from "./support/test-server.ts"

layer(TestServer.layer(), { excludeTestServices: true })("webhooks: administration", (it) => {
  it.effect("GET /events: the catalog (ping not subscribable) and a YYYY-MM-DD apiVersion", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const body = yield* (yield* server.api(admin)).webhooks.events()
      assert.match(body.apiVersion, /^\d{4}-\d{2}-\d{2}$/)
      assert.deepStrictEqual(body.events.map((event) => event.type), [...specEventTypes, "ping"])
      assert.deepStrictEqual(body.events.filter((event) => !event.subscribable).map((event) => event.type), ["ping"])
    }))

  it.effect("admin only: no token 401 INVALID_TOKEN, advisor or client 403 FORBIDDEN, cron secret is not a login", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const advisor = yield* server.login(testUsers.advisor)
      const client = yield* server.login(testUsers.client)
      const anonymous = yield* server.request("GET", "/api/webhooks")
      assert.strictEqual(anonymous.status, 401)
      assert.strictEqual(errorCode(anonymous), "INVALID_TOKEN")
      for (const token of [advisor, client]) {
        const response = yield* server.request("POST", "/api/webhooks", {
          token,
          body: { name: "x", url: "https://hooks.example.com/x", events: ["route.updated"] }
        })
        assert.strictEqual(response.status, 403)
        assert.strictEqual(errorCode(response), "FORBIDDEN")
      }
      const cron = yield* server.request("GET", "/api/webhooks", { token: "test-cron-secret" })
      assert.strictEqual(cron.status, 401)
    }))

  it.effect("create: 201 with the whsec_ secret once; the list shows secretHint and stats, never a secret", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const created = yield* registerEndpoint(server, admin, {
        name: "  CRM  ",
        url: "https://hooks.example.com/quotations",
        events: ["quotation.created", "quotation.created", "client.created"],
        sources: ["web"]
      })
      assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{40}$/)
      assert.strictEqual(created.name, "CRM")
      assert.deepStrictEqual(created.events, ["quotation.created", "client.created"])
      assert.deepStrictEqual(created.sources, ["web"])
      assert.strictEqual(created.active, true)
      assert.strictEqual(created.secretHint, created.secret.slice(-4))
      assert.deepStrictEqual(created.stats, { pending: 0, delivered24h: 0, failed24h: 0 })
      assert.isNull(created.lastSuccessAt)

      const list = yield* server.request("GET", "/api/webhooks", { token: admin })
      assert.strictEqual(list.status, 200)
      assert.notInclude(list.text, created.secret)
      assert.notInclude(list.text, "whsec_")
      const listed = (yield* wireItems(list)).find((item) => item.id === created.id)
      assert.deepStrictEqual(sortedKeys(listed), [
        "active",
        "createdAt",
        "disabledAt",
        "disabledReason",
        "events",
        "id",
        "lastFailureAt",
        "lastSuccessAt",
        "name",
        "secretHint",
        "sources",
        "stats",
        "url"
      ])
      assert.strictEqual(listed?.secretHint, created.secret.slice(-4))
    }))

  it.effect("create validation: every bad field is a 400 with a clear code", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const base = { name: "x", url: "https://hooks.example.com/x", events: ["route.updated"] }
      const cases: ReadonlyArray<readonly [Record<string, unknown>, string]> = [
        [{ ...base, name: "   " }, "VALIDATION_ERROR"],
        [{ url: base.url, events: base.events }, "VALIDATION_ERROR"],
        [{ ...base, events: [] }, "VALIDATION_ERROR"],
        [{ ...base, events: ["ping"] }, "VALIDATION_ERROR"],
        [{ ...base, events: ["quotation.deleted"] }, "VALIDATION_ERROR"],
        [{ ...base, sources: [] }, "VALIDATION_ERROR"],
        [{ ...base, sources: ["email"] }, "VALIDATION_ERROR"],
        [{ ...base, url: "not a url" }, "INVALID_WEBHOOK_URL"],
        [{ ...base, url: "ftp://hooks.example.com/x" }, "INVALID_WEBHOOK_URL"],
        [{ ...base, url: "https://10.1.2.3/x" }, "INVALID_WEBHOOK_URL"]
      ]
      for (const [body, code] of cases) {
        const response = yield* server.request("POST", "/api/webhooks", { token: admin, body })
        assert.strictEqual(response.status, 400, JSON.stringify(body))
        assert.strictEqual(errorCode(response), code, JSON.stringify(body))
      }
      const notHttps = yield* server.request("POST", "/api/webhooks", {
        token: admin,
        body: { ...base, url: "ftp://hooks.example.com/x" }
      })
      assert.strictEqual(errorOf(notHttps, InvalidWebhookTarget).details?.reason, "NOT_HTTPS")
    }))

  it.effect("PATCH: fields change, sources null means all, EMPTY_PATCH, 404, malformed id 400", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const created = yield* registerEndpoint(server, admin, {
        url: "https://hooks.example.com/a",
        events: ["quotation.created"],
        sources: ["chat"]
      })
      const path = `/api/webhooks/${created.id}`
      const [body, answer] = yield* (yield* server.api(admin)).webhooks.update({
        params: { id: created.id },
        payload: { name: "Renamed", url: "https://hooks.example.com/b", events: ["client.updated"], sources: null, active: false },
        responseMode: "decoded-and-response"
      })
      assert.strictEqual(body.name, "Renamed")
      assert.strictEqual(body.url, "https://hooks.example.com/b")
      assert.deepStrictEqual(body.events, ["client.updated"])
      assert.isNull(body.sources)
      assert.strictEqual(body.active, false)
      assert.notProperty(yield* wireObject(answer), "secret")

      const empty = yield* server.request("PATCH", path, { token: admin, body: {} })
      assert.strictEqual(empty.status, 400)
      assert.strictEqual(errorCode(empty), "EMPTY_PATCH")
      const blocked = yield* server.request("PATCH", path, { token: admin, body: { url: "https://192.168.0.10/" } })
      assert.strictEqual(errorCode(blocked), "INVALID_WEBHOOK_URL")
      const missing = yield* server.request("PATCH", `/api/webhooks/${crypto.randomUUID()}`, { token: admin, body: { active: true } })
      assert.strictEqual(missing.status, 404)
      assert.strictEqual(errorCode(missing), "NOT_FOUND")
      const malformed = yield* server.request("PATCH", "/api/webhooks/not-a-uuid", { token: admin, body: { active: true } })
      assert.strictEqual(malformed.status, 400)
      assert.strictEqual(errorCode(malformed), "VALIDATION_ERROR")
    }))


  it.effect("DELETE removes the endpoint and its history", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/gone`, events: ["route.updated"] })
      yield* server.request("POST", `/api/webhooks/${endpoint.id}/test`, { token: admin })
      const routeId = yield* makeRoute
      yield* renameRoute(routeId)
      yield* receiver.waitFor(2)
      const removed = yield* server.request("DELETE", `/api/webhooks/${endpoint.id}`, { token: admin })
      assert.strictEqual(removed.status, 204)
      const [left] = yield* sql<{ deliveries: number; pings: number }>`
        select (select count(*) from webhook_deliveries where endpoint_id = ${endpoint.id}::uuid)::int as deliveries,
               (select count(*) from webhook_events where entity_id = ${endpoint.id}::uuid)::int as pings`
      assert.deepStrictEqual(left, { deliveries: 0, pings: 0 })
      const again = yield* server.request("DELETE", `/api/webhooks/${endpoint.id}`, { token: admin })
      assert.strictEqual(again.status, 404)
      assert.strictEqual(errorCode(again), "NOT_FOUND")
    }))

  it.effect("GET /api/cron/webhooks: the cron secret only; answers what it processed", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const missing = yield* server.request("GET", "/api/cron/webhooks")
      assert.strictEqual(missing.status, 401)
      const wrong = yield* server.request("GET", "/api/cron/webhooks", { token: "not-the-secret" })
      assert.strictEqual(wrong.status, 401)
      const login = yield* server.request("GET", "/api/cron/webhooks", { token: admin })
      assert.strictEqual(login.status, 401)
      const [ok, answer] = yield* (yield* server.api("test-cron-secret")).cronWebhooks.webhooks({
        responseMode: "decoded-and-response"
      })
      assert.deepStrictEqual(sortedKeys(yield* wireObject(answer)), [
        "delivered",
        "dispatchedEvents",
        "failed",
        "pending",
        "processed",
        "purgedEvents"
      ])
      for (const value of Object.values(ok)) assert.isAtLeast(value, 0)
    }))
})
