/**
 * API key administration (spec "API keys (admin)", "States and transitions → API key",
 * "Limits") and the effect of each change on authentication, black-box over HTTP.
 * `GET /api/categories` (login or a key with `catalog:read`) shows whether a key works.
 *
 * Real clock: key expiry is compared with `Clock`, and rows are aged with SQL `now()`.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { ApiKeyId } from "@quote/core/shared/ids"
import {
  type ApiClient,
  errorCode,
  SqlClient,
  TestServer,
  type TestResponse,
  testUsers,
  wireItems,
  wireObject
} from "./support/test-server.ts"

type NewKey = Parameters<ApiClient["apiKeys"]["create"]>[0]["payload"]

const asApiKeyId = Schema.decodeSync(ApiKeyId)

const unique = () => crypto.randomUUID().slice(0, 8)
const HOUR = 3_600_000
const DAY = 24 * HOUR

const adminToken = Effect.flatMap(TestServer, (server) => server.login(testUsers.admin))

const adminApi = Effect.gen(function*() {
  return yield* (yield* TestServer).api(yield* adminToken)
})

const createKey = (payload: NewKey) =>
  Effect.gen(function*() {
    const api = yield* adminApi
    return yield* api.apiKeys.create({ payload })
  })

const listKeys = Effect.gen(function*() {
  const api = yield* adminApi
  return (yield* api.apiKeys.list()).items
})

const listed = (id: string) =>
  Effect.map(listKeys, (items) => {
    const key = items.find((item) => item.id === id)
    assert.isDefined(key, `key ${id} is listed`)
    return key!
  })

/** Calls the shared endpoint with `token`: 200 when the key (or login) is accepted. */
const categoriesWith = (token: string) =>
  Effect.flatMap(TestServer, (server) => server.request("GET", "/api/categories", { token }))

const assertAccepted = (response: TestResponse) => assert.strictEqual(response.status, 200, response.text)

const assertRejected = (response: TestResponse) => {
  assert.strictEqual(response.status, 401, response.text)
  assert.strictEqual(errorCode(response), "INVALID_TOKEN")
}

const near = (actual: Date | null, expectedMillis: number, toleranceMillis = 60_000) => {
  assert.isNotNull(actual)
  assert.isAtMost(
    Math.abs(actual!.getTime() - expectedMillis),
    toleranceMillis,
    `${actual?.toISOString()} ≈ ${new Date(expectedMillis).toISOString()}`
  )
}

layer(TestServer.layer(), { excludeTestServices: true })("API keys", (it) => {
  it.effect("create returns the value once; the list shows the key without it", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const name = `Chatbot ${unique()}`
      const [issued, answer] = yield* (yield* adminApi).apiKeys.create({
        payload: { name, scopes: ["catalog:read", "cutoff:read", "catalog:read"] },
        responseMode: "decoded-and-response"
      })
      assert.match(issued.apiKey, /^svc_[A-Za-z0-9]{32}$/)
      assert.deepStrictEqual(Object.keys(yield* wireObject(answer)).sort(), ["apiKey", "createdAt", "expiresAt", "id", "name", "rateLimitPerMinute", "scopes"])
      assert.strictEqual(issued.name, name)
      assert.deepStrictEqual(issued.scopes, ["catalog:read", "cutoff:read"], "repeated scopes are stored once")
      assert.isNull(issued.expiresAt, "no expiresInDays: never expires")
      near(issued.createdAt, Date.now())

      const key = yield* listed(issued.id)
      const listedOnTheWire = yield* wireItems(yield* server.request("GET", "/api/api-keys", { token: yield* adminToken }))
      assert.notProperty(listedOnTheWire.find((item) => item.id === issued.id), "apiKey")
      assert.strictEqual(key.keyPrefix, issued.apiKey.slice(0, 12))
      assert.strictEqual(key.keyPrefix.length, 12)
      assert.isTrue(key.active)
      assert.isNull(key.lastUsedAt)
      assert.isNull(key.revokedAt)
      assert.isNull(key.replacedBy)

      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [stored] = yield* sql<{ key_hash: string }>`select key_hash from api_keys where id = ${issued.id}`
      assert.match(stored!.key_hash, /^\$2[aby]\$10\$/, "a bcrypt hash of cost 10")
      assert.notInclude(stored!.key_hash, issued.apiKey)
      assertAccepted(yield* categoriesWith(issued.apiKey))
    }))

  it.effect("expiresInDays sets expiresAt; the limits are 1–730", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const issued = yield* createKey({ name: `Expiring ${unique()}`, scopes: ["prices:read"], expiresInDays: 30 })
      near(issued.expiresAt, Date.now() + 30 * DAY)
      yield* createKey({ name: `Max ${unique()}`, scopes: ["prices:read"], expiresInDays: 730 })
      const invalid: ReadonlyArray<Record<string, unknown>> = [
        { scopes: ["catalog:read"] },
        { name: "   ", scopes: ["catalog:read"] },
        { name: "No scopes", scopes: [] },
        { name: "No scopes" },
        { name: "Bad scope", scopes: ["catalog:write"] },
        { name: "Zero days", scopes: ["catalog:read"], expiresInDays: 0 },
        { name: "Too long", scopes: ["catalog:read"], expiresInDays: 731 },
        { name: "Fraction", scopes: ["catalog:read"], expiresInDays: 1.5 }
      ]
      for (const body of invalid) {
        const response = yield* server.request("POST", "/api/api-keys", { token, body })
        assert.strictEqual(response.status, 400, JSON.stringify(body))
        assert.strictEqual(errorCode(response), "VALIDATION_ERROR")
      }
    }))

  it.effect("admin only: no login 401 INVALID_TOKEN, other roles and keys are refused", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const issued = yield* createKey({ name: `Probe ${unique()}`, scopes: ["catalog:read"] })
      const advisor = yield* server.login(testUsers.advisor)
      const client = yield* server.login(testUsers.client)
      const calls = [
        ["GET", "/api/api-keys"],
        ["POST", "/api/api-keys"],
        ["PATCH", `/api/api-keys/${issued.id}`],
        ["POST", `/api/api-keys/${issued.id}/rotate`],
        ["DELETE", `/api/api-keys/${issued.id}`]
      ] as const
      for (const [method, path] of calls) {
        const body = method === "GET" || method === "DELETE" ? undefined : { name: "x", scopes: ["catalog:read"] }
        const anonymous = yield* server.request(method, path, body === undefined ? {} : { body })
        assert.strictEqual(anonymous.status, 401, `${method} ${path}`)
        assert.strictEqual(errorCode(anonymous), "INVALID_TOKEN")
        const withKey = yield* server.request(method, path, { token: issued.apiKey, ...(body === undefined ? {} : { body }) })
        assert.strictEqual(errorCode(withKey), "INVALID_TOKEN", "an API key is not a login")
        for (const token of [advisor, client]) {
          const response = yield* server.request(method, path, { token, ...(body === undefined ? {} : { body }) })
          assert.strictEqual(response.status, 403, `${method} ${path}`)
          assert.strictEqual(errorCode(response), "FORBIDDEN")
        }
      }
      assert.isTrue((yield* listed(issued.id)).active, "nothing was changed by the refused calls")
    }))

  it.effect("PATCH changes name and scopes of an active key; the value stays and works with the new scopes at once", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const issued = yield* createKey({ name: `Patch ${unique()}`, scopes: ["catalog:read"] })
      assertAccepted(yield* categoriesWith(issued.apiKey))

      const api = yield* server.api(token)
      const id = asApiKeyId(issued.id)
      const [body, answer] = yield* api.apiKeys.update({
        params: { id },
        payload: { name: "Renamed" },
        responseMode: "decoded-and-response"
      })
      assert.strictEqual(body.name, "Renamed")
      assert.deepStrictEqual(body.scopes, ["catalog:read"])
      assert.strictEqual(body.keyPrefix, issued.apiKey.slice(0, 12))
      assert.notProperty(yield* wireObject(answer), "apiKey")

      const rescoped = yield* api.apiKeys.update({ params: { id }, payload: { scopes: ["cutoff:read"] } })
      assert.deepStrictEqual(rescoped.scopes, ["cutoff:read"])
      assertRejected(yield* categoriesWith(issued.apiKey))
      yield* server.request("PATCH", `/api/api-keys/${issued.id}`, { token, body: { scopes: ["catalog:read"] } })
      assertAccepted(yield* categoriesWith(issued.apiKey))
    }))

  it.effect("PATCH errors: EMPTY_PATCH, NOT_FOUND (unknown or revoked), VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const issued = yield* createKey({ name: `Patch errors ${unique()}`, scopes: ["catalog:read"] })
      const empty = yield* server.request("PATCH", `/api/api-keys/${issued.id}`, { token, body: {} })
      assert.strictEqual(empty.status, 400)
      assert.strictEqual(errorCode(empty), "EMPTY_PATCH")
      const unknown = yield* server.request("PATCH", `/api/api-keys/${crypto.randomUUID()}`, { token, body: { name: "x" } })
      assert.strictEqual(unknown.status, 404)
      assert.strictEqual(errorCode(unknown), "NOT_FOUND")
      for (const body of [{ scopes: [] }, { name: "" }, { scopes: ["nope"] }]) {
        const invalid = yield* server.request("PATCH", `/api/api-keys/${issued.id}`, { token, body })
        assert.strictEqual(invalid.status, 400, JSON.stringify(body))
        assert.strictEqual(errorCode(invalid), "VALIDATION_ERROR")
      }
      const badId = yield* server.request("PATCH", "/api/api-keys/not-a-uuid", { token, body: { name: "x" } })
      assert.strictEqual(badId.status, 400)
      assert.strictEqual(errorCode(badId), "VALIDATION_ERROR")
      assert.strictEqual((yield* server.request("DELETE", `/api/api-keys/${issued.id}`, { token })).status, 204)
      const revoked = yield* server.request("PATCH", `/api/api-keys/${issued.id}`, { token, body: { name: "x" } })
      assert.strictEqual(revoked.status, 404)
      assert.strictEqual(errorCode(revoked), "NOT_FOUND")
    }))

  it.effect("DELETE revokes: 204, kept for audit, rejected on the very next request; again → 404", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const issued = yield* createKey({ name: `Revoke ${unique()}`, scopes: ["catalog:read"] })
      assertAccepted(yield* categoriesWith(issued.apiKey))
      const revoked = yield* server.request("DELETE", `/api/api-keys/${issued.id}`, { token })
      assert.strictEqual(revoked.status, 204)
      assert.strictEqual(revoked.text, "")
      assertRejected(yield* categoriesWith(issued.apiKey))

      const key = yield* listed(issued.id)
      assert.isFalse(key.active)
      near(key.revokedAt, Date.now())
      for (const id of [issued.id, crypto.randomUUID()]) {
        const again = yield* server.request("DELETE", `/api/api-keys/${id}`, { token })
        assert.strictEqual(again.status, 404)
        assert.strictEqual(errorCode(again), "NOT_FOUND")
      }
    }))

  it.effect("a revocation made directly in the database takes effect within a second", () =>
    Effect.gen(function*() {
      const issued = yield* createKey({ name: `Direct ${unique()}`, scopes: ["catalog:read"] })
      assertAccepted(yield* categoriesWith(issued.apiKey))
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`update api_keys set active = false, revoked_at = now() where id = ${issued.id}`
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 1_100)))
      assertRejected(yield* categoriesWith(issued.apiKey))
    }))

  it.effect("rotate with the default grace: new key, same name, lineage and scopes; old works until now + 48 h", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const old = yield* createKey({ name: `Rotate ${unique()}`, scopes: ["catalog:read", "prices:read"] })
      const rotated = yield* (yield* server.api(token)).apiKeys.rotate({ params: { id: asApiKeyId(old.id) }, payload: {} })
      assert.match(rotated.apiKey, /^svc_[A-Za-z0-9]{32}$/)
      assert.notStrictEqual(rotated.id, old.id)
      assert.strictEqual(rotated.name, old.name)
      assert.deepStrictEqual(rotated.scopes, ["catalog:read", "prices:read"])
      assert.isNull(rotated.expiresAt, "without expiresInDays the new key never expires")
      assert.strictEqual(rotated.previous.id, old.id)
      near(rotated.previous.expiresAt, Date.now() + 48 * HOUR)

      const previous = yield* listed(old.id)
      assert.isTrue(previous.active)
      assert.strictEqual(previous.replacedBy, rotated.id)
      assert.deepStrictEqual(previous.expiresAt, rotated.previous.expiresAt)
      assertAccepted(yield* categoriesWith(old.apiKey))
      assertAccepted(yield* categoriesWith(rotated.apiKey))

      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const lineages = yield* sql<{ lineage_id: string }>`
        select distinct lineage_id from api_keys where id in (${old.id}, ${rotated.id})`
      assert.strictEqual(lineages.length, 1, "the new key continues the old key's lineage")

      // The grace period ends: the old key then answers as expired (here: rejected like any bad login).
      yield* sql`update api_keys set expires_at = now() - interval '1 second' where id = ${old.id}`
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 1_100)))
      assertRejected(yield* categoriesWith(old.apiKey))
      assertAccepted(yield* categoriesWith(rotated.apiKey))
    }))

  it.effect("rotate a rotated key again: the lineage carries on", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const api = yield* server.api(token)
      const first = yield* createKey({ name: `Chain ${unique()}`, scopes: ["catalog:read"] })
      const second = yield* api.apiKeys.rotate({ params: { id: asApiKeyId(first.id) }, payload: {} })
      const third = yield* api.apiKeys.rotate({ params: { id: asApiKeyId(second.id) }, payload: { graceHours: 0 } })
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const lineages = yield* sql`
        select distinct lineage_id from api_keys where id in (${first.id}, ${second.id}, ${third.id})`
      assert.strictEqual(lineages.length, 1)
    }))

  it.effect("rotate with graceHours 0 revokes the old key at once; scopes and expiresInDays apply to the new key", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const old = yield* createKey({ name: `Rotate0 ${unique()}`, scopes: ["catalog:read"] })
      assertAccepted(yield* categoriesWith(old.apiKey))
      const rotated = yield* (yield* server.api(token)).apiKeys.rotate({
        params: { id: asApiKeyId(old.id) },
        payload: { graceHours: 0, scopes: ["catalog:read", "quotations:write"], expiresInDays: 10 }
      })
      assert.deepStrictEqual(rotated.scopes, ["catalog:read", "quotations:write"])
      near(rotated.expiresAt, Date.now() + 10 * DAY)
      near(rotated.previous.expiresAt, Date.now())

      assertRejected(yield* categoriesWith(old.apiKey))
      assertAccepted(yield* categoriesWith(rotated.apiKey))
      const previous = yield* listed(old.id)
      assert.isFalse(previous.active)
      assert.isNotNull(previous.revokedAt)
      assert.strictEqual(previous.replacedBy, rotated.id)
    }))

  it.effect("a rotation never lengthens the old key's life", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const old = yield* createKey({ name: `Short ${unique()}`, scopes: ["catalog:read"], expiresInDays: 1 })
      const rotated = yield* (yield* server.api(token)).apiKeys.rotate({
        params: { id: asApiKeyId(old.id) },
        payload: { graceHours: 168 }
      })
      assert.strictEqual(rotated.previous.expiresAt!.getTime(), old.expiresAt!.getTime())
    }))

  it.effect("rotate errors: 404 unknown or revoked, 409 API_KEY_EXPIRED, 400 out-of-range values", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()

      const unknown = yield* server.request("POST", `/api/api-keys/${crypto.randomUUID()}/rotate`, { token, body: {} })
      assert.strictEqual(unknown.status, 404)
      assert.strictEqual(errorCode(unknown), "NOT_FOUND")

      const revoked = yield* createKey({ name: `Revoked ${unique()}`, scopes: ["catalog:read"] })
      yield* server.request("DELETE", `/api/api-keys/${revoked.id}`, { token })
      const rotateRevoked = yield* server.request("POST", `/api/api-keys/${revoked.id}/rotate`, { token, body: {} })
      assert.strictEqual(rotateRevoked.status, 404)
      assert.strictEqual(errorCode(rotateRevoked), "NOT_FOUND")

      const expired = yield* createKey({ name: `Expired ${unique()}`, scopes: ["catalog:read"] })
      yield* sql`update api_keys set expires_at = now() - interval '1 hour' where id = ${expired.id}`
      const rotateExpired = yield* server.request("POST", `/api/api-keys/${expired.id}/rotate`, { token, body: {} })
      assert.strictEqual(rotateExpired.status, 409)
      assert.strictEqual(errorCode(rotateExpired), "API_KEY_EXPIRED")

      const active = yield* createKey({ name: `Limits ${unique()}`, scopes: ["catalog:read"] })
      for (const body of [{ graceHours: -1 }, { graceHours: 169 }, { graceHours: 1.5 }, { expiresInDays: 0 }, { expiresInDays: 731 }, { scopes: [] }]) {
        const response = yield* server.request("POST", `/api/api-keys/${active.id}/rotate`, { token, body })
        assert.strictEqual(response.status, 400, JSON.stringify(body))
        assert.strictEqual(errorCode(response), "VALIDATION_ERROR")
      }
      const rows = yield* sql`select id from api_keys where replaced_by = ${active.id} or id = ${active.id} and replaced_by is not null`
      assert.strictEqual(rows.length, 0, "a refused rotation changes nothing")
      assert.strictEqual(
        (yield* server.request("POST", `/api/api-keys/${active.id}/rotate`, { token, body: { graceHours: 168 } })).status,
        201,
        "the limits themselves are accepted"
      )
    }))

  it.effect("rotate needs no body at all", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const old = yield* createKey({ name: `No body ${unique()}`, scopes: ["catalog:read"] })
      const response = yield* server.request("POST", `/api/api-keys/${old.id}/rotate`, { token: yield* adminToken })
      assert.strictEqual(response.status, 201, response.text)
    }))

  it.effect("lastUsedAt is recorded (batched, within a few seconds)", () =>
    Effect.gen(function*() {
      const issued = yield* createKey({ name: `Used ${unique()}`, scopes: ["catalog:read"] })
      assert.isNull((yield* listed(issued.id)).lastUsedAt)
      const before = Date.now()
      for (let i = 0; i < 5; i++) assertAccepted(yield* categoriesWith(issued.apiKey))
      let lastUsedAt: Date | null = null
      for (let attempt = 0; attempt < 40 && lastUsedAt === null; attempt++) {
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 250)))
        lastUsedAt = (yield* listed(issued.id)).lastUsedAt
      }
      assert.isNotNull(lastUsedAt, "lastUsedAt was written")
      assert.isAtLeast(lastUsedAt!.getTime(), before - 1_000)
      assert.isAtMost(lastUsedAt!.getTime(), Date.now())
    }))
})
