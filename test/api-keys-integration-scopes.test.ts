/**
 * The authentication code matrix on every `/api/integrations/*` endpoint (spec
 * "Authentication", API keys; scope table of "ApiKey"), black-box: only an API key with
 * the endpoint's scope gets through to the endpoint itself.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import type { ApiKeyScope } from "@quote/core/auth/access"
import { errorCode, SqlClient, TestServer, type TestResponse, testUsers } from "./support/test-server.ts"

const unique = () => crypto.randomUUID().slice(0, 8)

interface Call {
  readonly scope: ApiKeyScope
  readonly method: string
  readonly path: string
  readonly body?: unknown
  readonly headers?: Record<string, string>
}

const calls = (clientId: string): ReadonlyArray<Call> => [
  { scope: "clients:read", method: "GET", path: "/api/integrations/clients/lookup?phone=%2B573000000099" },
  { scope: "cutoff:read", method: "GET", path: `/api/integrations/cutoff?clientId=${clientId}` },
  { scope: "prices:read", method: "GET", path: `/api/integrations/clients/${clientId}/prices?skus=ABA-001` },
  {
    scope: "quotations:write",
    method: "POST",
    path: "/api/integrations/quotations",
    headers: { "idempotency-key": `scope-matrix-${unique()}` },
    // A branch that does not exist: with the scope the endpoint itself answers (404), nothing is created.
    body: { clientId, branchId: crypto.randomUUID(), items: [{ sku: "ABA-001", quantity: 1 }] }
  },
  { scope: "quotations:write", method: "GET", path: `/api/integrations/quotations/${crypto.randomUUID()}` }
]

const adminApi = Effect.gen(function*() {
  const server = yield* TestServer
  return yield* server.api(yield* server.login(testUsers.admin))
})

const createKey = (scopes: ReadonlyArray<ApiKeyScope>) =>
  Effect.flatMap(adminApi, (api) => api.apiKeys.create({ payload: { name: `Matrix ${unique()}`, scopes } }))

const expectError = (response: TestResponse, status: number, code: string, label: string) => {
  assert.strictEqual(response.status, status, `${label}: ${response.text}`)
  assert.strictEqual(errorCode(response), code, label)
}

layer(TestServer.layer(), { excludeTestServices: true })("integration endpoints: API key codes", (it) => {
  it.effect("every endpoint: API_KEY_REQUIRED, INVALID_API_KEY, API_KEY_EXPIRED, INSUFFICIENT_SCOPE, then the endpoint", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [client] = yield* sql<{ id: string }>`select id from clients where nit = '900100001'`
      const userToken = yield* server.login(testUsers.admin)
      const allScopes: ReadonlyArray<ApiKeyScope> = ["catalog:read", "clients:read", "prices:read", "cutoff:read", "quotations:write"]
      const expired = yield* createKey(allScopes)
      yield* sql`update api_keys set expires_at = now() - interval '1 minute' where id = ${expired.id}`
      const revoked = yield* createKey(allScopes)
      yield* (yield* server.api(userToken)).apiKeys.revoke({ params: { id: revoked.id } })

      for (const call of calls(client!.id)) {
        const label = `${call.method} ${call.path}`
        const send = (token?: string) =>
          server.request(call.method, call.path, {
            ...(token === undefined ? {} : { token }),
            ...(call.body === undefined ? {} : { body: call.body }),
            ...(call.headers === undefined ? {} : { headers: call.headers })
          })
        expectError(yield* send(), 401, "API_KEY_REQUIRED", `${label} without a key`)
        expectError(yield* send(userToken), 401, "API_KEY_REQUIRED", `${label} with a user login`)
        expectError(yield* send(`svc_${"D".repeat(32)}`), 401, "INVALID_API_KEY", `${label} with an unknown key`)
        expectError(yield* send(revoked.apiKey), 401, "INVALID_API_KEY", `${label} with a revoked key`)
        expectError(yield* send(expired.apiKey), 401, "API_KEY_EXPIRED", `${label} with an expired key`)
        const others = yield* createKey(allScopes.filter((scope) => scope !== call.scope))
        expectError(yield* send(others.apiKey), 403, "INSUFFICIENT_SCOPE", `${label} without ${call.scope}`)
        const allowed = yield* createKey([call.scope])
        const response = yield* send(allowed.apiKey)
        assert.notInclude([401, 403], response.status, `${label} with ${call.scope}: ${response.text}`)
        assert.notInclude(
          ["API_KEY_REQUIRED", "INVALID_API_KEY", "API_KEY_EXPIRED", "INSUFFICIENT_SCOPE", "INVALID_TOKEN"],
          errorCode(response),
          label
        )
      }
    }))
})
