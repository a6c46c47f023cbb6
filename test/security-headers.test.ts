/**
 * CORS and security headers, black-box (docs/security.md "CORS" and "Response headers").
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { TestServer, testUsers } from "./support/test-server.ts"

const panel = "https://panel.example.com"
const elsewhere = "https://evil.example.net"

const corsHeaderNames = [
  "access-control-allow-origin",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-expose-headers",
  "access-control-max-age",
  "access-control-allow-credentials"
]

const preflight = (origin: string, path = "/api/quotations") =>
  Effect.flatMap(TestServer, (server) =>
    server.request("OPTIONS", path, {
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, idempotency-key"
      }
    }))

layer(TestServer.layer({ config: { corsOrigins: [panel, "http://localhost:*"] } }), { excludeTestServices: true })(
  "CORS and response headers",
  (it) => {
    it.effect("a preflight from an allowed origin is 204 with the origin, methods, headers and max age", () =>
      Effect.gen(function*() {
        const response = yield* preflight(panel)
        assert.strictEqual(response.status, 204)
        assert.strictEqual(response.headers.get("access-control-allow-origin"), panel)
        const methods = response.headers.get("access-control-allow-methods") ?? ""
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) assert.include(methods, method)
        const headers = (response.headers.get("access-control-allow-headers") ?? "").toLowerCase()
        for (const header of ["authorization", "content-type", "idempotency-key"]) assert.include(headers, header)
        assert.strictEqual(response.headers.get("access-control-max-age"), "600")
        assert.include(response.headers.get("vary") ?? "", "Origin")
        assert.isNull(response.headers.get("access-control-allow-credentials"))
        // A port wildcard entry.
        const local = yield* preflight("http://localhost:5173")
        assert.strictEqual(local.headers.get("access-control-allow-origin"), "http://localhost:5173")
      }))

    it.effect("a preflight from another origin gets no CORS header", () =>
      Effect.gen(function*() {
        const response = yield* preflight(elsewhere)
        assert.notStrictEqual(response.status, 204)
        for (const name of corsHeaderNames) assert.isNull(response.headers.get(name), name)
      }))

    it.effect("an actual request from an allowed origin carries the origin and exposes X-Request-Id and Retry-After", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const token = yield* server.login(testUsers.admin)
        const response = yield* server.request("GET", "/api/users", { token, headers: { origin: panel } })
        assert.strictEqual(response.status, 200)
        assert.strictEqual(response.headers.get("access-control-allow-origin"), panel)
        const exposed = (response.headers.get("access-control-expose-headers") ?? "").toLowerCase()
        assert.include(exposed, "x-request-id")
        assert.include(exposed, "retry-after")
        assert.include(response.headers.get("vary") ?? "", "Origin")
        // Errors too (the envelope is built inside the CORS middleware).
        const missing = yield* server.request("GET", "/api/no-such-thing", { headers: { origin: panel } })
        assert.strictEqual(missing.status, 404)
        assert.strictEqual(missing.headers.get("access-control-allow-origin"), panel)
      }))

    it.effect("an actual request from another origin gets no CORS header", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const response = yield* server.request("GET", "/api/health", { headers: { origin: elsewhere } })
        assert.strictEqual(response.status, 200)
        for (const name of corsHeaderNames) assert.isNull(response.headers.get(name), name)
        assert.include(response.headers.get("vary") ?? "", "Origin")
      }))

    it.effect("every response has nosniff and no-referrer; API responses are no-store; no HSTS outside production", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const token = yield* server.login(testUsers.admin)
        const responses = [
          yield* server.request("GET", "/api/users", { token }),
          yield* server.request("GET", "/api/users"),
          yield* server.request("GET", "/api/no-such-thing"),
          yield* server.request("POST", "/api/auth/login", { body: { email: "x@example.com", password: "nope" } })
        ]
        for (const response of responses) {
          assert.strictEqual(response.headers.get("x-content-type-options"), "nosniff")
          assert.strictEqual(response.headers.get("referrer-policy"), "no-referrer")
          assert.strictEqual(response.headers.get("cache-control"), "no-store")
          assert.isNull(response.headers.get("strict-transport-security"))
        }
        for (const path of ["/api/openapi.json", "/docs"]) {
          const response = yield* server.request("GET", path)
          assert.strictEqual(response.status, 200)
          assert.strictEqual(response.headers.get("x-content-type-options"), "nosniff")
          assert.notStrictEqual(response.headers.get("cache-control"), "no-store")
        }
      }))

    it.effect("/docs has a Content-Security-Policy allowing exactly its inline scripts", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const response = yield* server.request("GET", "/docs")
        const policy = response.headers.get("content-security-policy") ?? ""
        assert.include(policy, "default-src 'none'")
        assert.include(policy, "frame-ancestors 'none'")
        assert.notInclude(policy, "unsafe-eval")
        const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1] ?? ""
        assert.notInclude(scriptSources, "unsafe-inline")
        assert.strictEqual(scriptSources.split(" ").filter((source) => source.startsWith("'sha256-")).length, 2)
        assert.isNull((yield* server.request("GET", "/api/health")).headers.get("content-security-policy"))
      }))
  }
)

layer(TestServer.layer({ config: { environment: "production" } }), { excludeTestServices: true })(
  "response headers in production",
  (it) => {
    it.effect("Strict-Transport-Security is sent; no origin is allowed by default", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const response = yield* server.request("GET", "/api/health", { headers: { origin: "http://localhost:3000" } })
        assert.strictEqual(response.headers.get("strict-transport-security"), "max-age=31536000; includeSubDomains")
        assert.isNull(response.headers.get("access-control-allow-origin"))
      }))
  }
)
