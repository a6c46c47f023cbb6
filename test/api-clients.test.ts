/**
 * `@quote/api` against the real server: the contract's OpenAPI document is the one the
 * server serves; an Effect program derives a typed client from `QuotationApi` with
 * `HttpApiClient.make`; a plain program uses `createIntegrationClient`, including a
 * creation whose answer is lost in transit and is retried without a second order.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { openApiDocument, QuotationApi } from "@quote/api"
import { ApiError, createIntegrationClient, type FetchLike } from "@quote/api/client"
import { scenarioPhones } from "@quote/adapters/dev/seed/scenario-data"
import { createKey } from "./support/integration-api.ts"
import { ordinaryBusinessHour, TestServer } from "./support/test-server.ts"
import { checkedFetch } from "./support/contract-validation.ts"

const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error)

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("@quote/api clients", (it) => {
  it.effect("openApiDocument() is the document the server serves", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const served = yield* server.request("GET", "/api/openapi.json")
      assert.strictEqual(served.status, 200)
      assert.deepStrictEqual(served.body, JSON.parse(JSON.stringify(openApiDocument())))
    }))

  it.effect("HttpApiClient.make(QuotationApi): typed calls and typed errors", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const key = yield* createKey()
      const client = yield* HttpApiClient.make(QuotationApi, {
        baseUrl: server.url,
        transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(key.apiKey))
      })
      const found = yield* client.integrations.lookupClients({ query: { phone: scenarioPhones.twoBranches } })
      assert.strictEqual(found.matchCount, 1)
      const match = found.matches[0]!
      const cutoff = yield* client.integrations.cutoff({ query: { clientId: match.clientId } })
      assert.strictEqual(cutoff.branchId, match.defaultBranchId)
      assert.isTrue(cutoff.isOpen)
      const prices = yield* client.integrations.clientPrices({ params: { clientId: match.clientId }, query: { skus: ["ABA-001"] } })
      assert.instanceOf(prices.computedAt, Date)
      assert.strictEqual(prices.items[0]?.sku, "ABA-001")
      // A declared error comes back as its class, by tag.
      const invalid = yield* client.integrations.lookupClients({ query: { phone: "12" } }).pipe(Effect.flip)
      assert.strictEqual(invalid._tag, "InvalidPhone")
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.effect("createIntegrationClient: lookup, cutoff, prices, create, read back, ApiError", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const key = yield* createKey()
      const api = createIntegrationClient({ baseUrl: server.url, apiKey: key.apiKey })
      const outcome = yield* Effect.promise(async () => {
        const found = await api.lookupClients({ phone: scenarioPhones.twoBranches })
        const { clientId, defaultBranchId: branchId } = found.matches[0]!
        const cutoff = await api.cutoff({ clientId })
        const prices = await api.prices(clientId, { skus: ["ABA-001", "NO-SUCH"], limit: 5 })
        const created = await api.createQuotation({ clientId, branchId, items: [{ sku: "ABA-001", quantity: 2 }] })
        const readBack = await api.getQuotation(created.id)
        const invalidPhone = await failureOf(api.lookupClients({ phone: "12" }))
        const missingParams = await failureOf(api.cutoff({}))
        return { found, cutoff, prices, created, readBack, invalidPhone, missingParams }
      })
      assert.strictEqual(outcome.found.matchCount, 1)
      assert.isTrue(outcome.cutoff.isOpen)
      assert.deepStrictEqual(outcome.prices.notFound.skus, ["NO-SUCH"])
      assert.strictEqual(outcome.created.replayed, false)
      assert.strictEqual(outcome.created.total, outcome.prices.items[0]!.finalPrice * 2)
      assert.deepStrictEqual(outcome.readBack, { ...outcome.created, replayed: false })
      assert.instanceOf(outcome.invalidPhone, ApiError)
      assert.strictEqual((outcome.invalidPhone as ApiError).status, 400)
      assert.strictEqual((outcome.invalidPhone as ApiError).code, "INVALID_PHONE")
      assert.strictEqual((outcome.missingParams as ApiError).code, "MISSING_PARAMS")
    }))

  it.effect("a creation whose answer is lost is retried with its key: exactly one quotation", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const key = yield* createKey()
      let creates = 0
      // The first creation reaches the server, which commits it; its answer is then lost.
      const droppingFetch: FetchLike = async (url, init) => {
        const response = await checkedFetch(url, init)
        if (init.method === "POST" && ++creates === 1) {
          await response.text()
          throw new TypeError("fetch failed: connection reset")
        }
        return response
      }
      const api = createIntegrationClient({ baseUrl: server.url, apiKey: key.apiKey, fetch: droppingFetch, createRetry: { initialDelayMs: 10 } })
      const marker = `lost answer ${crypto.randomUUID()}`
      const created = yield* Effect.promise(async () => {
        const found = await api.lookupClients({ phone: scenarioPhones.twoBranches })
        const { clientId, defaultBranchId: branchId } = found.matches[0]!
        return api.createQuotation({ clientId, branchId, items: [{ sku: "ABA-002", quantity: 1 }], notes: marker })
      })
      assert.strictEqual(creates, 2)
      assert.isTrue(created.replayed)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const rows = yield* sql<{ id: string }>`select id from quotations where notes = ${marker}`
      assert.deepStrictEqual(rows.map((row) => row.id), [created.id])
    }))
})
