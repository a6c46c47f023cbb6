/**
 * The HTTP basics every client relies on (issue #2 item 6, CONTRACT.md "Errors"):
 * health, readiness, OpenAPI, docs, and the error envelope for every failure that never
 * reaches an endpoint.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { NotFound, ValidationError } from "@quote/core/shared/errors"
import { errorCode, errorOf, TestServer, wireObject } from "./support/test-server.ts"

layer(TestServer.layer({ seed: false }))("HTTP basics", (it) => {
  it.effect("health and readiness answer 200 {status: ok} with a request id", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      for (const path of ["/api/health", "/api/ready"]) {
        const response = yield* server.request("GET", path)
        assert.strictEqual(response.status, 200)
        assert.deepStrictEqual(response.body, { status: "ok" })
        assert.match(response.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/)
      }
    }))

  it.effect("a well-formed caller request id is echoed, a malformed one replaced", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const kept = yield* server.request("GET", "/api/health", { headers: { "x-request-id": "trace-123" } })
      assert.strictEqual(kept.headers.get("x-request-id"), "trace-123")
      const replaced = yield* server.request("GET", "/api/health", { headers: { "x-request-id": "bad id with spaces" } })
      assert.notStrictEqual(replaced.headers.get("x-request-id"), "bad id with spaces")
    }))

  it.effect("the OpenAPI 3.1 document and the local docs page", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const openapi = yield* server.request("GET", "/api/openapi.json")
      assert.strictEqual(openapi.status, 200)
      const document = yield* wireObject(openapi)
      assert.strictEqual(document.openapi, "3.1.0")
      assert.property(document.paths, "/api/health")
      assert.property(document.paths, "/api/auth/login")
      const docs = yield* server.request("GET", "/docs")
      assert.strictEqual(docs.status, 200)
      assert.include(docs.headers.get("content-type") ?? "", "text/html")
      assert.notInclude(docs.text, "<script src=\"https://", "the docs page loads no script from a CDN")
    }))

  it.effect("unknown path → 404 NOT_FOUND envelope", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      for (const [method, path] of [["GET", "/api/nothing-here"], ["POST", "/nope"], ["DELETE", "/api/health"]] as const) {
        const response = yield* server.request(method, path)
        assert.strictEqual(response.status, 404)
        assert.strictEqual(errorCode(response), "NOT_FOUND")
        assert.isString(errorOf(response, NotFound).message)
      }
    }))

  it.effect("malformed JSON → 400 VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const response = yield* server.request("POST", "/api/auth/login", {
        rawBody: "{not json",
        headers: { "content-type": "application/json" }
      })
      assert.strictEqual(response.status, 400)
      assert.strictEqual(errorCode(response), "VALIDATION_ERROR")
    }))

  it.effect("a body failing the schema → 400 with every issue and its path", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const response = yield* server.request("POST", "/api/auth/login", { body: { email: 42 } })
      assert.strictEqual(response.status, 400)
      assert.strictEqual(errorCode(response), "VALIDATION_ERROR")
      const issues = errorOf(response, ValidationError).details?.issues ?? []
      const paths = issues.map((issue) => issue.path.join("."))
      assert.includeMembers(paths, ["payload.email", "payload.password"])
    }))

  it.effect("wrong content type → 415 UNSUPPORTED_MEDIA_TYPE", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const response = yield* server.request("POST", "/api/auth/login", {
        rawBody: "email=a&password=b",
        headers: { "content-type": "text/plain" }
      })
      assert.strictEqual(response.status, 415)
      assert.strictEqual(errorCode(response), "UNSUPPORTED_MEDIA_TYPE")
    }))

  it.effect("a body over 1 MB → 413 PAYLOAD_TOO_LARGE", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const response = yield* server.request("POST", "/api/auth/login", {
        rawBody: JSON.stringify({ email: "a".repeat(1_100_000), password: "x" }),
        headers: { "content-type": "application/json" }
      })
      assert.strictEqual(response.status, 413)
      assert.strictEqual(errorCode(response), "PAYLOAD_TOO_LARGE")
    }))

  it.effect("responses never carry a stack trace", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const responses = yield* Effect.all([
        server.request("GET", "/api/nothing"),
        server.request("POST", "/api/auth/login", { rawBody: "{", headers: { "content-type": "application/json" } }),
        server.request("GET", "/api/auth/me", { token: "forged" })
      ])
      for (const response of responses) {
        assert.notMatch(response.text, /at .*\.ts:\d+|node_modules|\n\s+at /)
      }
    }))
})
