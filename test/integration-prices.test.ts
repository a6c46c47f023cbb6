/**
 * The chatbot integration API, black-box (spec "Integration API"): a client's prices
 * (its list, promotions, filters and errors), over real HTTP with real API keys
 * (`support/integration-api.ts`).
 *
 * The server runs on the real clock moved to an ordinary business hour (`startAt`: a
 * `TestClock` would put it in 1970, before every promotion, and the plain real clock
 * would make the open/closed expectations fail in the minutes the seeded routes flip:
 * 23:59–00:00 daily and Saturday 00:00–00:01 in Bogotá).
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { CategoryId, ClientId, ProductId } from "@quote/core/shared/ids"
import { apiWith, createKey, failure, get, lookup, prices, scenarioClient } from "./support/integration-api.ts"
import { expectError, ordinaryBusinessHour, TestServer } from "./support/test-server.ts"

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("integration API: client prices", (it) => {
  it.effect("the first client: own list, a client-specific and a general promotion; unknown SKUs in notFound", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const body = yield* prices(key, first.clientId, { skus: ["ABA-001", "BEB-001", "ABA-002", "BEB-002", "NOPE-1"] })
      assert.strictEqual(body.clientId, first.clientId)
      assert.strictEqual(body.priceList?.name, "Lista Distribuidora Andina")
      assert.strictEqual(body.currency, "COP")
      assert.isNull(body.catalogSyncedAt)
      assert.isFalse(Number.isNaN(body.computedAt.getTime()))
      const bySku = Object.fromEntries(body.items.map((item) => [item.sku, item]))
      assert.deepInclude(bySku["ABA-001"], { priceListPrice: 22500, promotionPrice: 19900, finalPrice: 19900, priceType: "promotion" })
      assert.deepInclude(bySku["BEB-001"], { priceListPrice: 26500, promotionPrice: 24900, finalPrice: 24900, priceType: "promotion" })
      assert.deepInclude(bySku["ABA-002"], { priceListPrice: 36000, promotionPrice: null, finalPrice: 36000, priceType: "price_list" })
      assert.deepInclude(bySku["BEB-002"], { priceListPrice: 52000, finalPrice: 52000, priceType: "price_list" })
      assert.deepInclude(bySku["ABA-001"], { unit: "bulto", category: "Abarrotes", stock: 120, stockTracked: true })
      assert.deepStrictEqual(body.notFound, { productIds: [], skus: ["NOPE-1"] })
    }))

  it.effect("another client sees the general list: the general promotion applies, the specific one does not", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const two = yield* lookup(key, "+573000000003")
      const clientId = two.matches[0]!.clientId
      const body = yield* prices(key, clientId, { skus: ["ABA-001", "BEB-001", "BEB-004"] })
      assert.strictEqual(body.priceList?.name, "Lista general")
      const bySku = Object.fromEntries(body.items.map((item) => [item.sku, item]))
      assert.deepInclude(bySku["ABA-001"], { priceListPrice: 23900, promotionPrice: null, finalPrice: 23900, priceType: "price_list" })
      assert.deepInclude(bySku["BEB-001"], { priceListPrice: 28000, finalPrice: 24900, priceType: "promotion" })
      assert.deepInclude(bySku["BEB-004"], { stockTracked: false })
    }))

  it.effect("filters: search, productIds, categoryId, limit (default 20, capped at 50)", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const rice = yield* prices(key, first.clientId, { search: "arroz" })
      assert.deepStrictEqual(rice.items.map((item) => item.sku), ["ABA-001"])
      const bySkuSearch = yield* prices(key, first.clientId, { search: "beb-" })
      assert.strictEqual(bySkuSearch.items.length, 4)
      const missingId = Schema.decodeSync(ProductId)(crypto.randomUUID())
      const byId = yield* prices(key, first.clientId, { productIds: [rice.items[0]!.productId, missingId] })
      assert.deepStrictEqual(byId.items.map((item) => item.sku), ["ABA-001"])
      assert.deepStrictEqual(byId.notFound, { productIds: [missingId], skus: [] })
      const limited = yield* prices(key, first.clientId, { search: "a", limit: 2 })
      assert.strictEqual(limited.items.length, 2)
      const capped = yield* prices(key, first.clientId, { search: "-0", limit: 500 })
      assert.strictEqual(capped.items.length, 12)
      // A SKU left out only by the limit is not "not found".
      const cut = yield* prices(key, first.clientId, { skus: ["ABA-001", "ABA-002", "ABA-003"], limit: 1 })
      assert.strictEqual(cut.items.length, 1)
      assert.deepStrictEqual(cut.notFound.skus, [])
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [category] = yield* sql<{ id: string }>`select id from categories where name = 'Aseo'`
      const aseo = yield* prices(key, first.clientId, { categoryId: Schema.decodeSync(CategoryId)(category!.id) })
      assert.deepStrictEqual(aseo.items.map((item) => item.sku).sort(), ["ASE-001", "ASE-002", "ASE-003", "ASE-004"])
    }))

  it.effect("prices errors: MISSING_PARAMS, CLIENT_NOT_FOUND, VALIDATION_ERROR, INSUFFICIENT_SCOPE", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const api = yield* apiWith(key)
      yield* failure(api.integrations.clientPrices({ params: { clientId: first.clientId }, query: {} }), "MissingParams")
      expectError(yield* get(key, `/api/integrations/clients/${first.clientId}/prices?skus=`), 400, "MISSING_PARAMS")
      const unknownClient = Schema.decodeSync(ClientId)(crypto.randomUUID())
      yield* failure(
        api.integrations.clientPrices({ params: { clientId: unknownClient }, query: { skus: ["ABA-001"] } }),
        "ClientNotFound"
      )
      expectError(yield* get(key, `/api/integrations/clients/${first.clientId}/prices?productIds=nope`), 400, "VALIDATION_ERROR")
      expectError(yield* get(key, `/api/integrations/clients/${first.clientId}/prices?skus=ABA-001&limit=0`), 400, "VALIDATION_ERROR")
      const lookupOnly = yield* createKey(["clients:read"])
      expectError(yield* get(lookupOnly, `/api/integrations/clients/${first.clientId}/prices?skus=ABA-001`), 403, "INSUFFICIENT_SCOPE")
    }))
})
