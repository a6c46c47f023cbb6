/**
 * The API key middlewares in-process (spec "Authentication", API keys): a small probe
 * API with one integration-style endpoint (`ApiKeyAuthentication`, scope `cutoff:read`)
 * and one shared endpoint (`UserOrApiKeyAuthentication`, scope `catalog:read`), served
 * by the real middleware layers over a fresh database. The full code matrix:
 * API_KEY_REQUIRED, INVALID_API_KEY, API_KEY_EXPIRED, INSUFFICIENT_SCOPE, and the
 * shared endpoint's fall-through to INVALID_TOKEN.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { createServer } from "node:http"
import type { ApiKeyScope } from "@quote/core/auth/access"
import { ApiKeyVerifier } from "@quote/adapters/app/api-keys/api-key-verifier"
import { issueApiKey } from "@quote/adapters/app/api-keys/issue-api-key"
import { SessionTokens } from "@quote/core/auth/session-tokens"
import { ApiKeyHasherLive, AuthAdaptersLive } from "@quote/adapters/live/auth-live"
import { SessionUsers } from "@quote/adapters/app/auth/session-users"
import { AppConfig } from "@quote/core/shared/app-config"
import { TestDatabase } from "@quote/adapters/dev/test-database/test-database"
import {
  access,
  ApiKeyAuthentication,
  CurrentApiKey,
  CurrentCaller,
  UserOrApiKeyAuthentication
} from "@quote/api/security"
import {
  ApiKeyAuthenticationLive,
  UserOrApiKeyAuthenticationLive
} from "@quote/http/handlers/security/api-key-authentication"
import { KeyRateLimit } from "@quote/http/rate-limit/key-rate-limit"
import { SessionAuthenticator } from "@quote/http/handlers/security/user-authentication"

class ProbeGroup extends HttpApiGroup.make("probe").add(
  HttpApiEndpoint.get("integration", "/probe/integration", {
    success: Schema.Struct({ keyId: Schema.String, lineageId: Schema.String, scopes: Schema.Array(Schema.String) })
  }).middleware(ApiKeyAuthentication).annotateMerge(access.apiKeyScope("cutoff:read")),
  HttpApiEndpoint.get("shared", "/probe/shared", {
    success: Schema.Struct({ caller: Schema.String, id: Schema.String })
  }).middleware(UserOrApiKeyAuthentication).annotateMerge(access.userOrApiKeyScope("catalog:read"))
) {}

class ProbeApi extends HttpApi.make("probe").add(ProbeGroup) {}

const ProbeHandlers = HttpApiBuilder.group(ProbeApi, "probe", (handlers) =>
  handlers
    .handle("integration", () =>
      Effect.map(CurrentApiKey, (key) => ({ keyId: key.id, lineageId: key.lineageId, scopes: [...key.scopes] })))
    .handle("shared", () =>
      Effect.map(CurrentCaller, (caller) =>
        caller._tag === "User"
          ? { caller: "User", id: caller.user.id }
          : { caller: "ApiKey", id: caller.key.id })))

const ProbeServer = HttpRouter.serve(
  HttpApiBuilder.layer(ProbeApi).pipe(
    Layer.provide(ProbeHandlers),
    Layer.provide(
      Layer.mergeAll(ApiKeyAuthenticationLive, UserOrApiKeyAuthenticationLive).pipe(
        Layer.provide(SessionAuthenticator.layer),
        Layer.provide(KeyRateLimit.layer)
      )
    ),
    Layer.provide(Layer.mergeAll(ApiKeyVerifier.layer, SessionUsers.layer))
  ),
  { disableLogger: true, disableListenLog: true }
).pipe(
  Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
  Layer.provideMerge(Layer.mergeAll(AuthAdaptersLive, ApiKeyHasherLive)),
  Layer.provideMerge(AppConfig.layerTest()),
  Layer.provideMerge(TestDatabase.layer)
)

interface ProbeResponse {
  readonly status: number
  readonly body: {
    readonly error?: { readonly code: string }
    readonly caller?: string
    readonly id?: string
    readonly keyId?: string
    readonly lineageId?: string
    readonly scopes?: ReadonlyArray<string>
  }
}

const call = (path: string, authorization?: string) =>
  Effect.gen(function*() {
    const address = (yield* HttpServer.HttpServer).address
    if (address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected a TCP server"))
    return yield* Effect.promise(async (): Promise<ProbeResponse> => {
      const response = await fetch(`http://127.0.0.1:${address.port}${path}`, {
        headers: authorization === undefined ? {} : { authorization }
      })
      return { status: response.status, body: await response.json() as ProbeResponse["body"] }
    })
  })

const expectError = (response: ProbeResponse, status: number, code: string) => {
  assert.strictEqual(response.status, status, JSON.stringify(response.body))
  assert.strictEqual(response.body.error?.code, code)
}

const newKey = (scopes: ReadonlyArray<ApiKeyScope>) =>
  issueApiKey({ name: `Probe ${crypto.randomUUID().slice(0, 8)}`, scopes, createdBy: null })

/** A session token of a fresh advisor user. */
const userToken = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const [user] = yield* sql<{ id: string }>`
    insert into users (name, email, password_hash, role)
    values ('Probe user', ${`probe-${crypto.randomUUID()}@example.com`}, 'x', 'advisor') returning id`
  const tokens = yield* SessionTokens
  return { id: user!.id, token: (yield* tokens.issueAccess({ id: user!.id, role: "advisor" })).token }
})

layer(ProbeServer, { excludeTestServices: true })("API key middlewares", (it) => {
  it.effect("a valid key with the scope passes and the endpoint sees it", () =>
    Effect.gen(function*() {
      const key = yield* newKey(["cutoff:read"])
      const response = yield* call("/probe/integration", `Bearer ${key.apiKey}`)
      assert.strictEqual(response.status, 200)
      assert.strictEqual(response.body.keyId, key.id)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [row] = yield* sql<{ lineage_id: string }>`select lineage_id from api_keys where id = ${key.id}`
      assert.deepStrictEqual(response.body, { keyId: key.id, lineageId: row!.lineage_id, scopes: ["cutoff:read"] })
    }))

  it.effect("no key, a blank bearer, another scheme or a user's session token → 401 API_KEY_REQUIRED", () =>
    Effect.gen(function*() {
      const user = yield* userToken
      for (const authorization of [undefined, "", "Bearer", "Bearer    ", `Basic ${btoa("a:b")}`, `Bearer ${user.token}`, "Bearer sk_live_123"]) {
        expectError(yield* call("/probe/integration", authorization), 401, "API_KEY_REQUIRED")
      }
    }))

  it.effect("unknown, malformed or revoked svc_ keys → 401 INVALID_API_KEY", () =>
    Effect.gen(function*() {
      const key = yield* newKey(["cutoff:read"])
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const unknownSameShape = `svc_${"A".repeat(32)}`
      const samePrefixWrongSecret = key.apiKey.slice(0, 12) + "x".repeat(24)
      for (const value of [unknownSameShape, samePrefixWrongSecret, "svc_short", `${key.apiKey}x`]) {
        expectError(yield* call("/probe/integration", `Bearer ${value}`), 401, "INVALID_API_KEY")
      }
      assert.strictEqual((yield* call("/probe/integration", `Bearer ${key.apiKey}`)).status, 200)
      yield* sql`update api_keys set active = false, revoked_at = now() where id = ${key.id}`
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 1_100)))
      expectError(yield* call("/probe/integration", `Bearer ${key.apiKey}`), 401, "INVALID_API_KEY")
    }))

  it.effect("an expired key → 401 API_KEY_EXPIRED (checked on every call, even when remembered)", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const expired = yield* newKey(["cutoff:read"])
      yield* sql`update api_keys set expires_at = now() - interval '1 minute' where id = ${expired.id}`
      expectError(yield* call("/probe/integration", `Bearer ${expired.apiKey}`), 401, "API_KEY_EXPIRED")

      const soon = yield* newKey(["cutoff:read"])
      yield* sql`update api_keys set expires_at = now() + interval '1500 milliseconds' where id = ${soon.id}`
      assert.strictEqual((yield* call("/probe/integration", `Bearer ${soon.apiKey}`)).status, 200)
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 1_700)))
      expectError(yield* call("/probe/integration", `Bearer ${soon.apiKey}`), 401, "API_KEY_EXPIRED")
    }))

  it.effect("a valid key without the endpoint's scope → 403 INSUFFICIENT_SCOPE", () =>
    Effect.gen(function*() {
      const key = yield* newKey(["catalog:read", "prices:read"])
      const response = yield* call("/probe/integration", `Bearer ${key.apiKey}`)
      expectError(response, 403, "INSUFFICIENT_SCOPE")
    }))

  it.effect("shared endpoint: a key with the scope or a login passes; anything else → 401 INVALID_TOKEN", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const user = yield* userToken
      const withScope = yield* newKey(["catalog:read"])
      const withoutScope = yield* newKey(["cutoff:read"])
      const expired = yield* newKey(["catalog:read"])
      yield* sql`update api_keys set expires_at = now() - interval '1 minute' where id = ${expired.id}`

      const asKey = yield* call("/probe/shared", `Bearer ${withScope.apiKey}`)
      assert.deepStrictEqual(asKey.body, { caller: "ApiKey", id: withScope.id })
      const asUser = yield* call("/probe/shared", `Bearer ${user.token}`)
      assert.deepStrictEqual(asUser.body, { caller: "User", id: user.id })

      for (const authorization of [
        undefined,
        "Bearer ",
        `Bearer ${withoutScope.apiKey}`,
        `Bearer ${expired.apiKey}`,
        `Bearer svc_${"B".repeat(32)}`,
        "Bearer not-a-jwt"
      ]) {
        expectError(yield* call("/probe/shared", authorization), 401, "INVALID_TOKEN")
      }
    }))
})
