/**
 * Issue #16 over HTTP: the event feed's access (admin login, or a key with `events:read`;
 * other keys 403 INSUFFICIENT_SCOPE), its validation and its `data` (the payload as
 * delivered); recovery's request rules; the endpoint resource's `disabledReason` /
 * `disabledAt` and the list's `stats.disabled`.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { startTestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import { about, envelopeOf, makeRoute, renameRoute } from "../packages/adapters/test/app/webhooks/fixtures.ts"
import { registerEndpoint } from "./support/webhook-endpoints.ts"
import { EventId } from "@quote/core/shared/ids"
import type { FeedQuery } from "@quote/core/webhooks/views"
import { type ApiClient, errorCode, SqlClient, TestServer, testUsers } from "./support/test-server.ts"

const unique = () => crypto.randomUUID().slice(0, 8)

type Scopes = Parameters<ApiClient["apiKeys"]["create"]>[0]["payload"]["scopes"]

const createKey = (scopes: Scopes) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    const api = yield* server.api(yield* server.login(testUsers.admin))
    return (yield* api.apiKeys.create({ payload: { name: `Feed ${unique()}`, scopes } })).apiKey
  })

const feed = (token: string, query: FeedQuery) =>
  Effect.flatMap(Effect.flatMap(TestServer, (server) => server.api(token)), (api) => api.webhooks.feed({ query }))

layer(TestServer.layer(), { excludeTestServices: true })("webhooks: recovery and event feed over HTTP", (it) => {
  it.effect("feed access: admin login and an events:read key pass; other keys 403 INSUFFICIENT_SCOPE; other roles 403 FORBIDDEN", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const advisor = yield* server.login(testUsers.advisor)
      const reader = yield* createKey(["events:read"])
      const other = yield* createKey(["catalog:read", "quotations:write"])
      const path = "/api/webhooks/events/feed?limit=5"

      for (const token of [admin, reader]) {
        assert.isString((yield* feed(token, { limit: 5 })).nextCursor)
      }
      const wrongScope = yield* server.request("GET", path, { token: other })
      assert.strictEqual(wrongScope.status, 403, wrongScope.text)
      assert.strictEqual(errorCode(wrongScope), "INSUFFICIENT_SCOPE")
      const byAdvisor = yield* server.request("GET", path, { token: advisor })
      assert.strictEqual(byAdvisor.status, 403)
      assert.strictEqual(errorCode(byAdvisor), "FORBIDDEN")
      const unknownKey = yield* server.request("GET", path, { token: `svc_${"x".repeat(32)}` })
      assert.strictEqual(unknownKey.status, 401)
      assert.strictEqual(errorCode(unknownKey), "INVALID_API_KEY")
      const anonymous = yield* server.request("GET", path)
      assert.strictEqual(anonymous.status, 401)
      // The key cannot reach the rest of the administration.
      const list = yield* server.request("GET", "/api/webhooks", { token: reader })
      assert.strictEqual(list.status, 401)
    }))

  it.effect("feed validation: a cursor it did not make, limit out of 1–200, an unknown type or ping: 400 VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      for (const query of ["after=not-a-cursor", "limit=0", "limit=201", "types=ping", "types=route.deleted"]) {
        const response = yield* server.request("GET", `/api/webhooks/events/feed?${query}`, { token: admin })
        assert.strictEqual(response.status, 400, `${query}: ${response.text}`)
        assert.strictEqual(errorCode(response), "VALIDATION_ERROR", query)
      }
    }))

  it.effect("the feed's data is the payload as delivered; types filters; the cursor moves on", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      yield* registerEndpoint(server, admin, { url: `${receiver.url}/feed`, events: ["route.updated"] })
      let cursor = ""
      for (;;) {
        const page = yield* feed(admin, cursor === "" ? { limit: 200 } : { limit: 200, after: cursor })
        if (page.nextCursor === cursor) break
        cursor = page.nextCursor
      }
      const route = yield* makeRoute
      yield* renameRoute(route)
      const delivered = envelopeOf((yield* receiver.waitFor(1, about(route, "route.updated")))[0]!)
      // The feed shows an event once every transaction older than its own has ended; on a
      // shared PostgreSQL server other test files' transactions may hold it back a moment.
      const readFiltered = feed(admin, { types: ["route.updated", "client.created"], after: cursor })
      let page = yield* readFiltered
      for (let tries = 0; tries < 150 && !page.items.some((entry) => entry.id === delivered.id); tries++) {
        yield* Effect.sleep("100 millis")
        page = yield* readFiltered
      }
      const item = page.items.find((entry) => entry.id === delivered.id)
      // The feed's data is typed per event type; the delivery's is the raw JSON it compares with.
      assert.deepStrictEqual<unknown>(item, {
        id: Schema.decodeSync(EventId)(delivered.id),
        type: "route.updated",
        apiVersion: delivered.apiVersion,
        createdAt: new Date(delivered.createdAt),
        data: delivered.data
      })
      assert.isTrue(page.items.every((entry) => entry.type === "route.updated" || entry.type === "client.created"))
      const none = yield* feed(admin, { types: ["client.created"], after: cursor })
      assert.isFalse(none.items.some((entry) => entry.id === delivered.id))
      const next = yield* feed(admin, { after: page.nextCursor })
      assert.isFalse(next.items.some((entry) => entry.id === delivered.id))
    }))

  it.effect("recover: since is required (400), admin only, 202 {queued}; an inactive endpoint 409 ENDPOINT_INACTIVE", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const advisor = yield* server.login(testUsers.advisor)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/recover`, events: ["route.updated"] })
      const path = `/api/webhooks/${endpoint.id}/recover`

      for (const body of [{}, { until: "2026-01-01T00:00:00Z" }, { since: "yesterday" }, { since: "2026-01-02T00:00:00Z", until: "2026-01-01T00:00:00Z" }]) {
        const response = yield* server.request("POST", path, { token: admin, body })
        assert.strictEqual(response.status, 400, `${JSON.stringify(body)}: ${response.text}`)
        assert.strictEqual(errorCode(response), "VALIDATION_ERROR")
      }
      const forbidden = yield* server.request("POST", path, { token: advisor, body: { since: "2026-01-01T00:00:00Z" } })
      assert.strictEqual(forbidden.status, 403)
      const accepted = yield* server.request("POST", path, { token: admin, body: { since: "2026-01-01T00:00:00-05:00" } })
      assert.strictEqual(accepted.status, 202, accepted.text)
      assert.deepStrictEqual(accepted.body, { queued: 0 })
      const unknown = yield* server.request("POST", `/api/webhooks/${crypto.randomUUID()}/recover`, { token: admin, body: { since: "2026-01-01T00:00:00Z" } })
      assert.strictEqual(unknown.status, 404)
      yield* server.request("PATCH", `/api/webhooks/${endpoint.id}`, { token: admin, body: { active: false } })
      const inactive = yield* server.request("POST", path, { token: admin, body: { since: "2026-01-01T00:00:00Z" } })
      assert.strictEqual(inactive.status, 409, inactive.text)
      assert.strictEqual(errorCode(inactive), "ENDPOINT_INACTIVE")
    }))

  it.effect("the resource shows disabledReason/disabledAt (null when enabled); the list counts disabled endpoints; PATCH active: true clears", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/listed`, events: ["route.updated"] })
      assert.isNull(endpoint.disabledReason)
      assert.isNull(endpoint.disabledAt)
      const api = yield* server.api(admin)
      const listed = () => api.webhooks.list()
      const before = (yield* listed()).stats.disabled
      yield* sql`update webhook_endpoints set active = false, disabled_reason = 'gone', disabled_at = now() where id = ${endpoint.id}::uuid`
      const after = yield* listed()
      assert.strictEqual(after.stats.disabled, before + 1)
      const shown = after.items.find((item) => item.id === endpoint.id)!
      assert.strictEqual(shown.disabledReason, "gone")
      assert.instanceOf(shown.disabledAt, Date)
      const enabled = yield* api.webhooks.update({ params: { id: endpoint.id }, payload: { active: true } })
      assert.deepInclude(enabled, { active: true, disabledReason: null, disabledAt: null })
      assert.strictEqual((yield* listed()).stats.disabled, before)
    }))
})
