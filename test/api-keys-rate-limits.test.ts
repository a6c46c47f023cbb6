/**
 * Per-key rate limits (issue #26, docs/api-keys.md "Rate limits"), black-box: the
 * `RateLimit-Policy` and `RateLimit` headers on every answer to a key (success and error),
 * 429 `RATE_LIMITED` with `Retry-After` past the limit, a key's own `rateLimitPerMinute`
 * over the deployment's default (set, changed, reset to null, kept by rotation), and two
 * instances of the service on one database holding one key to its limit within 10 %.
 */
import { assert, layer } from "@effect/vitest"
import { Clock, Context, Effect, Layer } from "effect"
import { HttpServer } from "effect/http"
import type { ApiKeyScope } from "@quote/core/auth/access"
import { serveOn } from "@quote/http/server"
import { errorCode, SqlClient, TestServer, testUsers } from "./support/test-server.ts"

const unique = () => crypto.randomUUID().slice(0, 8)
const DEFAULT_LIMIT = 40

const adminApi = Effect.gen(function*() {
  const server = yield* TestServer
  return yield* server.api(yield* server.login(testUsers.admin))
})

const createKey = (scopes: ReadonlyArray<ApiKeyScope>, rateLimitPerMinute?: number | null) =>
  Effect.flatMap(adminApi, (api) =>
    api.apiKeys.create({
      payload: { name: `Limits ${unique()}`, scopes, ...(rateLimitPerMinute === undefined ? {} : { rateLimitPerMinute }) }
    }))

/** A parsed `RateLimit` / `RateLimit-Policy` field: `"api-key";q=600;w=60` → {q: 600, w: 60}. */
const fieldParameters = (value: string | null): Record<string, number> => {
  assert.isNotNull(value, "the header is present")
  const [name, ...parameters] = value!.split(";")
  assert.strictEqual(name, "\"api-key\"")
  return Object.fromEntries(parameters.map((parameter) => {
    const [key, number] = parameter.split("=")
    return [key!, Number(number)]
  }))
}

/** Waits, if needed, so that the next `seconds` stay inside one minute of the clock (fixed windows). */
const withinOneWindow = (seconds: number) =>
  Effect.flatMap(Clock.currentTimeMillis, (now) => {
    const intoMinute = (now % 60_000) / 1000
    return intoMinute + seconds < 59 ? Effect.void : Effect.sleep(`${Math.ceil(61 - intoMinute)} seconds`)
  })

const cutoffPath = (clientId: string) => `/api/integrations/cutoff?clientId=${clientId}`

const seededClientId = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const [client] = yield* sql<{ id: string }>`select id from clients where nit = '900100001'`.pipe(Effect.orDie)
  return client!.id
})

/** A second instance of the service on the same database: its own process state (fresh layers), same tables. */
class SecondInstance extends Context.Service<SecondInstance, { readonly url: string }>()("test/SecondInstance") {
  static readonly layer = Layer.effect(
    SecondInstance,
    Effect.gen(function*() {
      const memoMap = yield* Layer.makeMemoMap
      const scope = yield* Effect.scope
      const context = yield* Layer.buildWithMemoMap(serveOn(0), memoMap, scope)
      const address = Context.get(context, HttpServer.HttpServer).address
      if (address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected a TCP server"))
      return { url: `http://127.0.0.1:${address.port}` }
    })
  )
}

const testLayer = SecondInstance.layer.pipe(
  Layer.provideMerge(TestServer.layer({ config: { apiKeyRateLimitPerMinute: DEFAULT_LIMIT } }))
)

layer(testLayer, { excludeTestServices: true })("API key rate limits", (it) => {
  it.effect("every answer to a key carries RateLimit-Policy and RateLimit; past the default, 429 RATE_LIMITED with Retry-After", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const clientId = yield* seededClientId
      const key = yield* createKey(["cutoff:read", "catalog:read"])
      assert.isNull(key.rateLimitPerMinute, "no limit of its own: the default")
      yield* withinOneWindow(20)

      const ok = yield* server.request("GET", cutoffPath(clientId), { token: key.apiKey })
      assert.strictEqual(ok.status, 200, ok.text)
      assert.deepStrictEqual(fieldParameters(ok.headers.get("ratelimit-policy")), { q: DEFAULT_LIMIT, w: 60 })
      const first = fieldParameters(ok.headers.get("ratelimit"))
      assert.strictEqual(first.r, DEFAULT_LIMIT - 1)
      assert.isTrue(first.t! >= 1 && first.t! <= 60, `t=${first.t}`)

      // An error answer of the endpoint carries them too, and a shared endpoint called with the key.
      const missing = yield* server.request("GET", "/api/integrations/cutoff", { token: key.apiKey })
      assert.strictEqual(missing.status, 400, missing.text)
      assert.strictEqual(fieldParameters(missing.headers.get("ratelimit")).r, DEFAULT_LIMIT - 2)
      const shared = yield* server.request("GET", "/api/categories", { token: key.apiKey })
      assert.strictEqual(shared.status, 200, shared.text)
      assert.strictEqual(fieldParameters(shared.headers.get("ratelimit")).r, DEFAULT_LIMIT - 3)
      // A user's session is not limited by key: no headers.
      const session = yield* server.request("GET", "/api/categories", { token: yield* server.login(testUsers.admin) })
      assert.isNull(session.headers.get("ratelimit-policy"))

      for (let i = 3; i < DEFAULT_LIMIT; i++) {
        const response = yield* server.request("GET", cutoffPath(clientId), { token: key.apiKey })
        assert.strictEqual(response.status, 200, `request ${i + 1}: ${response.text}`)
      }
      const refused = yield* server.request("GET", cutoffPath(clientId), { token: key.apiKey })
      assert.strictEqual(refused.status, 429, refused.text)
      assert.strictEqual(errorCode(refused), "RATE_LIMITED")
      const retryAfter = Number(refused.headers.get("retry-after"))
      assert.isTrue(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`)
      const state = fieldParameters(refused.headers.get("ratelimit"))
      assert.strictEqual(state.r, 0)
      assert.strictEqual(state.t, retryAfter)
      assert.deepStrictEqual(fieldParameters(refused.headers.get("ratelimit-policy")), { q: DEFAULT_LIMIT, w: 60 })
    }), 90_000)

  it.effect("a key's own rateLimitPerMinute overrides the default; update changes it, null resets it, rotation keeps it", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const api = yield* adminApi
      const clientId = yield* seededClientId
      const key = yield* createKey(["cutoff:read"], 3)
      assert.strictEqual(key.rateLimitPerMinute, 3)
      yield* withinOneWindow(20)
      for (let i = 0; i < 3; i++) {
        const response = yield* server.request("GET", cutoffPath(clientId), { token: key.apiKey })
        assert.strictEqual(response.status, 200, response.text)
        assert.deepStrictEqual(fieldParameters(response.headers.get("ratelimit-policy")), { q: 3, w: 60 })
      }
      const refused = yield* server.request("GET", cutoffPath(clientId), { token: key.apiKey })
      assert.strictEqual(refused.status, 429, refused.text)
      assert.strictEqual(errorCode(refused), "RATE_LIMITED")

      const raised = yield* api.apiKeys.update({ params: { id: key.id }, payload: { rateLimitPerMinute: 1000 } })
      assert.strictEqual(raised.rateLimitPerMinute, 1000)
      const again = yield* server.request("GET", cutoffPath(clientId), { token: key.apiKey })
      assert.strictEqual(again.status, 200, "a raised limit applies to the next request")
      assert.deepStrictEqual(fieldParameters(again.headers.get("ratelimit-policy")), { q: 1000, w: 60 })

      const reset = yield* api.apiKeys.update({ params: { id: key.id }, payload: { rateLimitPerMinute: null } })
      assert.isNull(reset.rateLimitPerMinute)
      const byDefault = yield* server.request("GET", cutoffPath(clientId), { token: key.apiKey })
      assert.deepStrictEqual(fieldParameters(byDefault.headers.get("ratelimit-policy")), { q: DEFAULT_LIMIT, w: 60 })

      yield* api.apiKeys.update({ params: { id: key.id }, payload: { rateLimitPerMinute: 7 } })
      const rotated = yield* api.apiKeys.rotate({ params: { id: key.id }, payload: { graceHours: 0 } })
      assert.strictEqual(rotated.rateLimitPerMinute, 7, "rotation keeps the old key's limit")
      const changed = yield* api.apiKeys.rotate({ params: { id: rotated.id }, payload: { graceHours: 0, rateLimitPerMinute: 9 } })
      assert.strictEqual(changed.rateLimitPerMinute, 9)
      const listed = (yield* api.apiKeys.list()).items.find((item) => item.id === changed.id)
      assert.strictEqual(listed?.rateLimitPerMinute, 9)

      const invalid = yield* server.request("PATCH", `/api/api-keys/${changed.id}`, {
        token: yield* server.login(testUsers.admin),
        body: { rateLimitPerMinute: 0 }
      })
      assert.strictEqual(invalid.status, 400, invalid.text)
      assert.strictEqual(errorCode(invalid), "VALIDATION_ERROR")
    }), 90_000)

  it.effect("two instances on one database hold one key to its limit within 10 %", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const second = yield* SecondInstance
      const clientId = yield* seededClientId
      const limit = 200
      const key = yield* createKey(["cutoff:read"], limit)
      yield* withinOneWindow(30)
      const urls = [server.url, second.url]
      const statuses = yield* Effect.forEach(
        Array.from({ length: 2 * limit }, (_, i) => i),
        (i) =>
          Effect.promise(() =>
            fetch(`${urls[i % 2]}${cutoffPath(clientId)}`, { headers: { authorization: `Bearer ${key.apiKey}` } })
              .then(async (response) => {
                await response.arrayBuffer()
                return response.status
              })
          ),
        { concurrency: 8 }
      )
      const admitted = statuses.filter((status) => status === 200).length
      const refused = statuses.filter((status) => status === 429).length
      assert.strictEqual(admitted + refused, 2 * limit, `only 200 and 429: ${[...new Set(statuses)].join(", ")}`)
      assert.isAtLeast(admitted, limit * 0.9, `admitted ${admitted} of a limit of ${limit}`)
      assert.isAtMost(admitted, limit * 1.1, `admitted ${admitted} of a limit of ${limit}`)
      // Both instances admitted and refused some: the limit is shared, not per instance.
      const byInstance = urls.map((_, n) => statuses.filter((status, i) => i % 2 === n && status === 200).length)
      assert.isTrue(byInstance.every((count) => count > limit * 0.25), `admitted per instance: ${byInstance.join(", ")}`)
    }), 90_000)
})
