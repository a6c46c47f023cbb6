/**
 * The ERP endpoints in the spec's test environment, where the ERP is not connected
 * (spec "Environments"): settings can be managed, but nothing reaches the ERP — a call
 * that would answers 503 ERP_NOT_CONNECTED, the cron answers the staging marker, and
 * the fake ERP the settings point to never receives a request. Also: access control,
 * masking and validation of the settings endpoints.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { FakeSiigo } from "@quote/adapters/dev/fake-siigo/fake-siigo"
import { FakeErp, fakeSettingsBody } from "../packages/adapters/test/app/erp/erp-test-kit.ts"
import { ValidationError } from "@quote/core/shared/errors"
import { errorCode, errorOf, TestServer, testUsers, wireObject } from "./support/test-server.ts"

const base = "/api/integrations/erp"

const NotConnectedServer = Layer.unwrap(
  Effect.gen(function*() {
    const fake = yield* FakeSiigo.scoped({ products: 10 })
    return Layer.merge(TestServer.layer(), Layer.succeed(FakeErp, fake))
  })
)

layer(NotConnectedServer, { excludeTestServices: true })("ERP in the test environment", (it) => {
  it.effect("settings are stored with the access key encrypted and shown masked", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const fake = yield* FakeErp
      const admin = yield* server.login(testUsers.admin)
      const empty = yield* server.request("GET", `${base}/settings`, { token: admin })
      assert.strictEqual(empty.status, 200)
      assert.deepInclude(empty.body, {
        partnerId: null,
        username: null,
        accessKey: null,
        accessKeySet: false,
        baseUrl: "https://api.siigo.com",
        tokenExpiresAt: null
      })
      assert.deepStrictEqual((yield* wireObject(empty)).lastSync, {
        startedAt: null,
        finishedAt: null,
        status: null,
        count: null,
        error: null
      })

      const saved = yield* server.request("PUT", `${base}/settings`, { token: admin, body: fakeSettingsBody(fake) })
      assert.strictEqual(saved.status, 200)
      assert.deepStrictEqual(saved.body, {
        updated: true,
        settings: { partner_id: "QuoteServiceTest", username: fake.credentials.username, base_url: fake.url }
      })
      const shown = yield* server.request("GET", `${base}/settings`, { token: admin })
      const body = yield* wireObject(shown)
      assert.isTrue(body.accessKeySet)
      assert.strictEqual(body.accessKey, `********${fake.credentials.accessKey.slice(-4)}`)
      assert.notInclude(shown.text, fake.credentials.accessKey)

      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [row] = yield* sql<{ readonly access_key_encrypted: string }>`select access_key_encrypted from erp_settings`
      assert.notInclude(row?.access_key_encrypted ?? "", fake.credentials.accessKey)
      assert.match(row?.access_key_encrypted ?? "", /^v1\./)

      // Only sent fields change.
      const partial = yield* server.request("PUT", `${base}/settings`, { token: admin, body: { partnerId: "OtraApp" } })
      assert.strictEqual(partial.status, 200)
      const after = yield* server.request("GET", `${base}/settings`, { token: admin })
      assert.deepInclude(after.body, { partnerId: "OtraApp", username: fake.credentials.username, accessKeySet: true })
    }))

  it.effect("invalid settings are 400 VALIDATION_ERROR; an empty update is 400 EMPTY_PATCH", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const bad = yield* server.request("PUT", `${base}/settings`, {
        token: admin,
        body: { partnerId: "has spaces-and-hyphen", baseUrl: "ftp://x", username: "  " }
      })
      assert.strictEqual(bad.status, 400)
      assert.strictEqual(errorCode(bad), "VALIDATION_ERROR")
      const paths = (errorOf(bad, ValidationError).details?.issues ?? []).map((issue) => issue.path.join("."))
      assert.includeMembers(paths, ["payload.partnerId", "payload.baseUrl", "payload.username"])
      const empty = yield* server.request("PUT", `${base}/settings`, { token: admin, body: {} })
      assert.strictEqual(empty.status, 400)
      assert.strictEqual(errorCode(empty), "EMPTY_PATCH")
    }))

  it.effect("nothing reaches the ERP: 503 ERP_NOT_CONNECTED, and the fake gets no request", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const fake = yield* FakeErp
      const admin = yield* server.login(testUsers.admin)
      yield* server.request("PUT", `${base}/settings`, { token: admin, body: fakeSettingsBody(fake) })
      const calls: ReadonlyArray<readonly [string, string, unknown?]> = [
        ["POST", "/test-connection"],
        ["POST", "/sync/products", { mode: "full" }],
        ["GET", "/customers"],
        ["GET", "/sellers"],
        ["POST", "/customers/import/some-erp-id"]
      ]
      for (const [method, path, body] of calls) {
        const response = yield* server.request(method, `${base}${path}`, {
          token: admin,
          ...(body === undefined ? {} : { body })
        })
        assert.strictEqual(response.status, 503, `${method} ${path}`)
        assert.strictEqual(errorCode(response), "ERP_NOT_CONNECTED", `${method} ${path}`)
      }
      const status = yield* server.request("GET", `${base}/sync/status`, { token: admin })
      assert.deepStrictEqual(status.body, { running: false, last: null, lastFullSyncAt: null, lastSuccessfulSyncAt: null })
      assert.strictEqual(fake.requestLog.length, 0)
    }))

  it.effect("the cron answers the test-environment marker; it needs the cron secret", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const marker = yield* server.request("GET", "/api/cron/erp-sync", { token: "test-cron-secret" })
      assert.strictEqual(marker.status, 200)
      assert.deepStrictEqual(marker.body, { skipped: true, reason: "test-environment" })
      const wrong = yield* server.request("GET", "/api/cron/erp-sync?mode=full", { token: "nope" })
      assert.strictEqual(wrong.status, 401)
      const badMode = yield* server.request("GET", "/api/cron/erp-sync?mode=sometimes", { token: "test-cron-secret" })
      assert.strictEqual(badMode.status, 400)
      assert.strictEqual(errorCode(badMode), "VALIDATION_ERROR")
    }))

  it.effect("admin only: no token 401 INVALID_TOKEN, advisor and client 403 FORBIDDEN", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const advisor = yield* server.login(testUsers.advisor)
      const client = yield* server.login(testUsers.client)
      const anonymous = yield* server.request("GET", `${base}/settings`)
      assert.strictEqual(anonymous.status, 401)
      assert.strictEqual(errorCode(anonymous), "INVALID_TOKEN")
      for (const token of [advisor, client]) {
        for (const [method, path] of [["GET", "/settings"], ["POST", "/sync/products"], ["GET", "/customers/local"]]) {
          const response = yield* server.request(method!, `${base}${path}`, { token })
          assert.strictEqual(response.status, 403, `${method} ${path}`)
          assert.strictEqual(errorCode(response), "FORBIDDEN")
        }
      }
    }))

  it.effect("list limits are validated: logs ≤ 200, local customers ≤ 500, page_size ≤ 100; ids must be UUIDs", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      for (const path of ["/sync/logs?limit=201", "/customers/local?limit=501", "/customers?page_size=101", "/sync/logs?limit=0"]) {
        const response = yield* server.request("GET", `${base}${path}`, { token: admin })
        assert.strictEqual(response.status, 400, path)
        assert.strictEqual(errorCode(response), "VALIDATION_ERROR", path)
      }
      const ok = yield* server.request("GET", `${base}/sync/logs?limit=200`, { token: admin })
      assert.strictEqual(ok.status, 200)
      for (const [method, path] of [
        ["POST", "/quotes/not-a-uuid"],
        ["GET", "/customers/123/history"],
        ["POST", "/quotations/xyz/push"]
      ] as const) {
        const response = yield* server.request(method, `${base}${path}`, { token: admin })
        assert.strictEqual(response.status, 400, path)
        assert.strictEqual(errorCode(response), "VALIDATION_ERROR", path)
      }
      const bulk = yield* server.request("POST", `${base}/customers/import`, { token: admin, body: { erpIds: [] } })
      assert.strictEqual(bulk.status, 400)
      const tooMany = yield* server.request("POST", `${base}/customers/import`, {
        token: admin,
        body: { erpIds: Array.from({ length: 101 }, (_, i) => `id-${i}`) }
      })
      assert.strictEqual(tooMany.status, 400)
    }))

  it.effect("the OpenAPI document lists the ERP endpoints with their error codes", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const openapi = yield* server.request("GET", "/api/openapi.json")
      const text = openapi.text
      for (const path of ["/api/integrations/erp/quotes/{quoteId}", "/api/integrations/erp/customers/local", "/api/cron/erp-sync"]) {
        assert.include(text, path)
      }
      for (const code of ["QUOTE_HAS_UNSYNCED_PRODUCTS", "DB_COMMIT_FAILED", "SYNC_ALREADY_RUNNING", "ERP_AUTH_FAILED", "INVALID_NIT"]) {
        assert.include(text, code)
      }
    }))
})
