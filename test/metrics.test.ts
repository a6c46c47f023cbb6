/**
 * `GET /metrics` (issue #15): the Prometheus exposition, checked by Prometheus' own
 * `promtool check metrics`, and its values moving as the service works — requests by
 * route template (an unknown path is `unmatched`, a raw id never appears), API key
 * verifications, a quotation created, its webhook delivered, an ERP sync against the
 * fake Siigo. `METRICS_TOKEN` guards it when set.
 *
 * The registry is the process's, shared by every server of this file, so the checks
 * compare two scrapes rather than absolute values.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Option, Redacted } from "effect"
import { spawnSync } from "node:child_process"
import { startTestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import { connectedTo, FakeErp, fakeSettingsBody } from "../packages/adapters/test/app/erp/erp-test-kit.ts"
import { errorCode, ordinaryBusinessHour, TestServer, testUsers } from "./support/test-server.ts"

/** Every sample of an exposition: `name{labels}` → value. */
const samplesOf = (text: string): ReadonlyMap<string, number> => {
  const samples = new Map<string, number>()
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue
    const space = line.lastIndexOf(" ")
    samples.set(line.slice(0, space), Number(line.slice(space + 1)))
  }
  return samples
}

/** The sum of the samples of `name` whose labels include `labels`. */
const valueOf = (samples: ReadonlyMap<string, number>, name: string, labels: Record<string, string> = {}): number => {
  let total = 0
  for (const [series, value] of samples) {
    const brace = series.indexOf("{")
    if ((brace < 0 ? series : series.slice(0, brace)) !== name) continue
    if (Object.entries(labels).every(([key, expected]) => series.includes(`${key}="${expected}"`))) total += value
  }
  return total
}

/** Runs Prometheus' linter on an exposition; promtool is installed by `.ci/run`. */
const promtoolCheck = (exposition: string) => {
  const result = spawnSync("promtool", ["check", "metrics"], { input: exposition, encoding: "utf8" })
  if (result.error !== undefined) {
    throw new Error(
      "promtool is not installed: install Prometheus' tools (Debian: apt-get install -y prometheus) to run this test; .ci/run does"
    )
  }
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

const scrape = Effect.gen(function*() {
  const server = yield* TestServer
  const response = yield* server.request("GET", "/metrics")
  assert.strictEqual(response.status, 200, response.text)
  assert.match(response.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/)
  return response.text
})

layer(connectedTo(TestServer.layer({ startAt: ordinaryBusinessHour }), { fake: { products: 5 }, sync: { pageSize: 10 } }), {
  excludeTestServices: true
})("GET /metrics", (it) => {
  it.effect("is valid Prometheus exposition and moves with requests, a webhook delivery and an ERP sync", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const fake = yield* FakeErp
      const receiver = yield* startTestReceiver()
      const admin = yield* server.login(testUsers.admin)
      const before = samplesOf(yield* scrape)

      // Requests: a template with an id, an unknown path, a bad key.
      const missingId = "0b6f1f8e-3c55-4b8e-9d8e-0c1b2a3d4e5f"
      const missing = yield* server.request("GET", `/api/quotations/${missingId}`, { token: admin })
      assert.strictEqual(missing.status, 404, missing.text)
      const unknown = yield* server.request("GET", "/api/no-such-thing/123")
      assert.strictEqual(unknown.status, 404)
      const badKey = yield* server.request("GET", "/api/integrations/cutoff?phone=%2B573000000001", { token: "svc_not_a_key" })
      assert.strictEqual(badKey.status, 401, badKey.text)

      // A quotation through the integration API, and its webhook delivered.
      const adminApi = yield* server.api(admin)
      yield* adminApi.webhooks.create({
        payload: { name: "metrics", url: `${receiver.url}/hooks`, events: ["quotation.created"], sources: ["chat"] }
      })
      const { apiKey } = yield* adminApi.apiKeys.create({ payload: { name: "metrics", scopes: ["clients:read", "quotations:write"] } })
      const chatbot = yield* server.api(apiKey)
      const match = (yield* chatbot.integrations.lookupClients({ query: { phone: "+573000000001" } })).matches[0]!
      const sku = (yield* (yield* server.api()).catalog.products({ query: {} })).items[0]!.sku
      const created = yield* chatbot.integrations.createQuotation({
        headers: { "idempotency-key": crypto.randomUUID() },
        payload: { clientId: match.clientId, branchId: match.defaultBranchId, items: [{ sku, quantity: 2 }] }
      })
      assert.isFalse(created.replayed, "a 201, not a replay")
      const quotationId = created.id
      const [delivery] = yield* receiver.waitFor(1, (request) => request.rawBody.includes(quotationId), 5_000)
      assert.isDefined(delivery, "the webhook was not delivered")

      // An ERP sync against the fake Siigo.
      yield* server.request("PUT", "/api/integrations/erp/settings", { token: admin, body: fakeSettingsBody(fake) })
      const sync = yield* adminApi.erp.syncProducts({ payload: {} })
      assert.strictEqual(sync.status, "success")

      // The attempt is recorded after the receiver answered: give the recorder a moment.
      let exposition = yield* scrape
      for (let i = 0; i < 50 && valueOf(samplesOf(exposition), "webhook_delivery_attempts_total", { outcome: "delivered" }) <= valueOf(before, "webhook_delivery_attempts_total", { outcome: "delivered" }); i++) {
        yield* Effect.sleep("50 millis")
        exposition = yield* scrape
      }
      const checked = promtoolCheck(exposition)
      assert.strictEqual(checked.status, 0, `promtool check metrics: ${checked.output}`)

      const after = samplesOf(exposition)
      const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels)

      assert.strictEqual(delta("http_requests_total", { method: "GET", route: "/api/quotations/:id", status: "404" }), 1)
      assert.strictEqual(delta("http_request_duration_seconds_count", { route: "/api/quotations/:id", status: "404" }), 1)
      assert.strictEqual(delta("http_requests_total", { method: "GET", route: "unmatched", status: "404" }), 1)
      assert.strictEqual(delta("http_requests_total", { method: "POST", route: "/api/integrations/quotations", status: "201" }), 1)
      assert.isFalse(exposition.includes(missingId), "a raw id became a label")
      assert.isFalse(exposition.includes("no-such-thing"), "a raw path became a label")

      assert.strictEqual(delta("api_key_verifications_total", { outcome: "invalid" }), 1)
      assert.isAtLeast(delta("api_key_verifications_total", { outcome: "valid" }), 2)
      assert.strictEqual(delta("quotations_created_total", { source: "chat" }), 1)

      assert.isAtLeast(delta("webhook_delivery_attempts_total", { outcome: "delivered" }), 1)
      assert.isAtLeast(delta("webhook_delivery_duration_seconds_count"), 1)
      assert.isTrue(after.has("webhook_deliveries_pending"))
      assert.isAtLeast(valueOf(after, "webhook_oldest_pending_age_seconds"), 0)
      assert.isTrue(after.has("email_outbox_pending"))

      assert.strictEqual(delta("erp_sync_runs_total", { mode: "full", status: "success" }), 1)
      assert.strictEqual(delta("erp_sync_duration_seconds_count"), 1)
      assert.isAtLeast(delta("erp_requests_total", { operation: "GET /v1/products", status: "200" }), 1)
      assert.isAtLeast(delta("erp_requests_total", { operation: "POST /auth", status: "200" }), 1)

      assert.isAbove(valueOf(after, "process_resident_memory_bytes"), 0)
      assert.isAbove(valueOf(after, "nodejs_heap_size_used_bytes"), 0)
      assert.isTrue(after.has("nodejs_eventloop_lag_p99_seconds"))
      assert.isTrue(after.has("db_pool_connections{state=\"in_use\"}"))
    }), 60_000)
})

layer(TestServer.layer({ config: { metricsToken: Option.some(Redacted.make("scrape-token-1")) } }), { excludeTestServices: true })(
  "GET /metrics with METRICS_TOKEN",
  (it) => {
    it.effect("answers 401 without the bearer token and 200 with it", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const without = yield* server.request("GET", "/metrics")
        assert.strictEqual(without.status, 401)
        assert.strictEqual(errorCode(without), "UNAUTHORIZED")
        const wrong = yield* server.request("GET", "/metrics", { token: "scrape-token-2" })
        assert.strictEqual(wrong.status, 401)
        const right = yield* server.request("GET", "/metrics", { token: "scrape-token-1" })
        assert.strictEqual(right.status, 200)
        assert.include(right.text, "# TYPE http_requests_total counter")
      }))
  }
)
