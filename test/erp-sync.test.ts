/**
 * ERP settings, connection test and product sync over HTTP, with the server connected
 * to a fake Siigo through the test-only `ErpConnection` override.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { SyncRunSummary } from "@quote/core/erp/erp-sync-run"
import { ErpHttpError } from "@quote/core/erp/errors"
import { connectedTo, FakeErp, fakeSettingsBody } from "../packages/adapters/test/app/erp/erp-test-kit.ts"
import { bodyOf, errorCode, errorOf, TestServer, testUsers } from "./support/test-server.ts"

const base = "/api/integrations/erp"
const cronToken = "test-cron-secret"

layer(connectedTo(TestServer.layer(), { fake: { products: 50 }, sync: { pageSize: 10 } }), { excludeTestServices: true })(
  "ERP settings and product sync",
  (it) => {
    it.effect("without settings: 400 ERP_NOT_CONFIGURED, and no run is logged", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const admin = yield* server.login(testUsers.admin)
        for (const [method, path] of [["POST", "/test-connection"], ["POST", "/sync/products"]] as const) {
          const response = yield* server.request(method, `${base}${path}`, { token: admin })
          assert.strictEqual(response.status, 400, path)
          assert.strictEqual(errorCode(response), "ERP_NOT_CONFIGURED", path)
        }
        const cron = yield* server.request("GET", "/api/cron/erp-sync", { token: cronToken })
        assert.strictEqual(errorCode(cron), "ERP_NOT_CONFIGURED")
        const logs = yield* server.request("GET", `${base}/sync/logs`, { token: admin })
        assert.deepStrictEqual(logs.body, { items: [] })
      }))

    it.effect("test-connection: 200 with the token expiry; wrong key 502 ERP_AUTH_FAILED; a new key drops the token", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const fake = yield* FakeErp
        const admin = yield* server.login(testUsers.admin)
        yield* server.request("PUT", `${base}/settings`, { token: admin, body: fakeSettingsBody(fake) })
        const erp = (yield* server.api(admin)).erp
        const check = yield* erp.testConnection()
        assert.deepInclude(check, {
          ok: true,
          partnerId: "QuoteServiceTest",
          username: fake.credentials.username,
          productCountSample: 10
        })
        assert.instanceOf(check.tokenExpiresAt, Date)
        const settings = yield* erp.getSettings()
        assert.deepStrictEqual(settings.tokenExpiresAt, check.tokenExpiresAt)

        const wrong = yield* server.request("PUT", `${base}/settings`, { token: admin, body: { accessKey: "wrong-key-123456" } })
        assert.strictEqual(wrong.status, 200)
        const dropped = yield* erp.getSettings()
        assert.isNull(dropped.tokenExpiresAt)
        const refused = yield* server.request("POST", `${base}/test-connection`, { token: admin })
        assert.strictEqual(refused.status, 502)
        assert.strictEqual(errorCode(refused), "ERP_AUTH_FAILED")
        assert.notInclude(refused.text, "wrong-key-123456")
        yield* server.request("PUT", `${base}/settings`, { token: admin, body: fakeSettingsBody(fake) })
      }))

    it.effect("a Partner-Id the ERP refuses: 502 ERP_HTTP_ERROR with Siigo's codes in details", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const admin = yield* server.login(testUsers.admin)
        const sql = (yield* SqlClient.SqlClient).withoutTransforms()
        // The API validates the Partner-Id; a direct change in the database does not.
        yield* sql`update erp_settings set partner_id = 'bad-partner'`
        const response = yield* server.request("POST", `${base}/test-connection`, { token: admin })
        assert.strictEqual(response.status, 502)
        assert.strictEqual(errorCode(response), "ERP_HTTP_ERROR")
        const details = errorOf(response, ErpHttpError).details
        assert.deepStrictEqual(details.codes, ["invalid_partner_id"])
        assert.strictEqual(details.status, 400)
        yield* sql`update erp_settings set partner_id = 'QuoteServiceTest'`
      }))

    it.effect("POST /sync/products (no body: full) waits for the run; status, logs and settings show it", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const admin = yield* server.login(testUsers.admin)
        // Without a body, as the wire allows (the typed client always sends one).
        const response = yield* server.request("POST", `${base}/sync/products`, { token: admin })
        assert.strictEqual(response.status, 200)
        const summary = bodyOf(response, SyncRunSummary)
        assert.deepInclude(summary, { mode: "full", status: "success", processed: 50, created: 50, updated: 0, errors: 0 })
        assert.isNumber(summary.durationMs)
        assert.isString(summary.message)

        const erp = (yield* server.api(admin)).erp
        const view = yield* erp.syncStatus()
        assert.isFalse(view.running)
        assert.deepInclude(view.last!, {
          id: summary.logId,
          kind: "products",
          mode: "full",
          status: "success",
          items_processed: 50,
          items_created: 50,
          items_updated: 0,
          items_deactivated: 0,
          error_message: null
        })
        assert.instanceOf(view.last?.started_at, Date)
        assert.instanceOf(view.last?.finished_at, Date)
        assert.deepStrictEqual(view.lastFullSyncAt, view.last?.finished_at)
        assert.deepStrictEqual(view.lastSuccessfulSyncAt, view.last?.finished_at)

        const [log] = (yield* erp.syncLogs({ query: { limit: 1 } })).items
        assert.strictEqual(log?.id, summary.logId)
        assert.strictEqual(log?.triggered_by_name, "Administrador")
        assert.strictEqual(log?.trigger_source, "manual")

        const settings = yield* erp.getSettings()
        assert.deepInclude(settings.lastSync, { status: "success", count: 50, error: null })

        // The catalog now holds the ERP's products with their general-list price.
        const sql = (yield* SqlClient.SqlClient).withoutTransforms()
        const [product] = yield* sql<{ readonly erp_id: string | null; readonly price: number }>`
          select p.erp_id, i.price from products p
            join price_list_items i on i.product_id = p.id
            join price_lists l on l.id = i.price_list_id and l.is_default
           where p.sku = 'SKU-00001'`
        assert.isString(product?.erp_id)
        assert.isAbove(product?.price ?? 0, 0)
      }))

    it.effect("a second sync while one runs: 409 SYNC_ALREADY_RUNNING; the cron skips with reason running", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const fake = yield* FakeErp
        const admin = yield* server.login(testUsers.admin)
        fake.controls.setDelay(150, { pathPrefix: "/v1/products" })
        const [first, second, cron] = yield* Effect.all([
          server.request("POST", `${base}/sync/products`, { token: admin, body: { mode: "full" } }),
          Effect.delay(server.request("POST", `${base}/sync/products`, { token: admin, body: { mode: "incremental" } }), "300 millis"),
          Effect.delay(server.request("GET", "/api/cron/erp-sync", { token: cronToken }), "300 millis")
        ], { concurrency: "unbounded" })
        fake.controls.setDelay(0)
        assert.strictEqual(first.status, 200)
        assert.strictEqual(second.status, 409)
        assert.strictEqual(errorCode(second), "SYNC_ALREADY_RUNNING")
        assert.strictEqual(cron.status, 200)
        assert.deepStrictEqual(cron.body, { skipped: true, reason: "running" })
      }))

    it.effect("the cron runs an incremental sync by default, a full one with ?mode=full", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const fake = yield* FakeErp
        const admin = yield* server.login(testUsers.admin)
        fake.controls.updateProduct(fake.state.products[0]!.id, { available_quantity: 3 })
        const incremental = yield* server.request("GET", "/api/cron/erp-sync", { token: cronToken })
        assert.strictEqual(incremental.status, 200)
        assert.deepInclude(incremental.body, { mode: "incremental", status: "success" })
        assert.isAtLeast(bodyOf(incremental, SyncRunSummary).updated, 1)
        const full = yield* server.request("GET", "/api/cron/erp-sync?mode=full", { token: cronToken })
        assert.deepInclude(full.body, { mode: "full", status: "success", processed: 50 })
        const { items } = yield* (yield* server.api(admin)).erp.syncLogs({ query: {} })
        assert.strictEqual(items[0]?.trigger_source, "cron")
        assert.isNull(items[0]?.triggered_by_name)
      }))

    it.effect("an ERP failure mid-run ends the run with status error and the reason; the log keeps it", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const fake = yield* FakeErp
        const admin = yield* server.login(testUsers.admin)
        fake.controls.failNextRequests(1, { status: 400, code: "invalid_type", pathPrefix: "/v1/products" })
        const erp = (yield* server.api(admin)).erp
        const summary = yield* erp.syncProducts({ payload: { mode: "full" } })
        assert.strictEqual(summary.status, "error")
        assert.include(summary.message, "invalid_type")
        const { lastSync } = yield* erp.getSettings()
        assert.strictEqual(lastSync.status, "error")
        assert.include(lastSync.error ?? "", "invalid_type")
        assert.isFalse((yield* erp.syncStatus()).running)
      }))

    it.effect("a bad body: mode must be full or incremental", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const admin = yield* server.login(testUsers.admin)
        const response = yield* server.request("POST", `${base}/sync/products`, { token: admin, body: { mode: "all" } })
        assert.strictEqual(response.status, 400)
        assert.strictEqual(errorCode(response), "VALIDATION_ERROR")
      }))
  }
)
