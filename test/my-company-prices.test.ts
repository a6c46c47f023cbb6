/**
 * `GET /api/my-company/prices`, black-box (CONTRACT.md "The web console and API limits"):
 * the logged-in client's own prices, the integration API's price sheet computed by the
 * same code — the seeded first client's list, its client-specific promotion and the
 * general one — with the integration filters, none of them required.
 *
 * Real clock at an ordinary business hour (`startAt`): a `TestClock` would put the server
 * in 1970, before every promotion.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { hashPassword } from "@quote/adapters/infra/passwords/bcrypt-password-hasher"
import { CategoryId, ProductId } from "@quote/core/shared/ids"
import { createKey, prices } from "./support/integration-api.ts"
import {
  type ApiClient,
  expectError,
  ordinaryBusinessHour,
  SqlClient,
  TestServer,
  testUsers,
  uniqueEmail,
  uniqueTag
} from "./support/test-server.ts"

const asProductId = Schema.decodeSync(ProductId)

type MyPricesQuery = Parameters<ApiClient["myCompany"]["prices"]>[0]["query"]

const pricesOf = (token: string, query: MyPricesQuery = {}) =>
  Effect.flatMap(TestServer, (server) => Effect.flatMap(server.api(token), (api) => api.myCompany.prices({ query })))

const clientToken = Effect.flatMap(TestServer, (server) => server.login(testUsers.client))

/** A product with a general price that no one can buy: inactive. */
const inactiveProduct = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const sku = `OFF-${uniqueTag()}`
  const [row] = yield* sql<{ id: string }>`
    insert into products (sku, name, unit, active) values (${sku}, 'Producto retirado', 'unidad', false) returning id`
  yield* sql`insert into price_list_items (price_list_id, product_id, price)
             select id, ${row!.id}::uuid, 1000 from price_lists where is_default`
  return { id: asProductId(row!.id), sku }
})

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("my company: prices", (it) => {
  it.effect("the first client's own list with its specific and the general promotion, as the integration API prices it", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [andina] = yield* sql<{ id: string }>`select id from clients where nit = '900100001'`
      const body = yield* pricesOf(yield* clientToken, { skus: ["ABA-001", "BEB-001", "ABA-002", "BEB-002", "NOPE-1"] })
      assert.strictEqual(body.clientId, andina!.id)
      assert.strictEqual(body.priceList?.name, "Lista Distribuidora Andina")
      assert.strictEqual(body.currency, "COP")
      const bySku = Object.fromEntries(body.items.map((item) => [item.sku, item]))
      assert.deepInclude(bySku["ABA-001"], { priceListPrice: 22500, promotionPrice: 19900, finalPrice: 19900, priceType: "promotion" })
      assert.deepInclude(bySku["BEB-001"], { priceListPrice: 26500, promotionPrice: 24900, finalPrice: 24900, priceType: "promotion" })
      assert.deepInclude(bySku["ABA-002"], { priceListPrice: 36000, promotionPrice: null, finalPrice: 36000, priceType: "price_list" })
      assert.deepInclude(bySku["BEB-002"], { priceListPrice: 52000, finalPrice: 52000, priceType: "price_list" })
      assert.deepStrictEqual(body.notFound, { productIds: [], skus: ["NOPE-1"] })

      // The same sheet as the integration API's for this client (but the instant).
      const key = yield* createKey(["prices:read"])
      const integration = yield* prices(key, body.clientId, { skus: ["ABA-001", "BEB-001", "ABA-002", "BEB-002", "NOPE-1"] })
      const { computedAt: _a, ...mine } = body
      const { computedAt: _b, ...theirs } = integration
      assert.deepStrictEqual(mine, theirs)
    }))

  it.effect("no filter: the sellable products by name up to the limit (default 50); inactive ones never", () =>
    Effect.gen(function*() {
      const token = yield* clientToken
      const retired = yield* inactiveProduct
      const all = yield* pricesOf(token)
      assert.strictEqual(all.items.length, 12)
      assert.notInclude(all.items.map((item) => item.sku), retired.sku)
      // "Aceite…", "Agua…", "Arroz…", "Azúcar…": by name, whatever the SKU.
      assert.deepStrictEqual(all.items.slice(0, 4).map((item) => item.sku), ["ABA-002", "BEB-001", "ABA-001", "ABA-003"])
      assert.deepStrictEqual(all.notFound, { productIds: [], skus: [] })
      const three = yield* pricesOf(token, { limit: 3 })
      assert.deepStrictEqual(three.items.map((item) => item.sku), all.items.slice(0, 3).map((item) => item.sku))
    }))

  it.effect("filters: search in name or SKU, category, productIds with inactive and unknown ids in notFound", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const token = yield* clientToken
      const rice = yield* pricesOf(token, { search: "arroz" })
      assert.deepStrictEqual(rice.items.map((item) => item.sku), ["ABA-001"])
      assert.strictEqual((yield* pricesOf(token, { search: "beb-" })).items.length, 4)
      const [aseo] = yield* sql<{ id: string }>`select id from categories where name = 'Aseo'`
      const category = yield* pricesOf(token, { categoryId: Schema.decodeSync(CategoryId)(aseo!.id) })
      assert.deepStrictEqual(category.items.map((item) => item.sku).sort(), ["ASE-001", "ASE-002", "ASE-003", "ASE-004"])

      // "Repetir pedido": the products of an old order, some no longer sellable.
      const retired = yield* inactiveProduct
      const unknown = asProductId(crypto.randomUUID())
      const again = yield* pricesOf(token, { productIds: [rice.items[0]!.productId, retired.id, unknown] })
      assert.deepStrictEqual(again.items.map((item) => item.sku), ["ABA-001"])
      assert.deepStrictEqual(again.notFound, { productIds: [retired.id, unknown], skus: [] })
      const bySku = yield* pricesOf(token, { skus: ["ABA-001", retired.sku] })
      assert.deepStrictEqual(bySku.notFound.skus, [retired.sku])
    }))

  it.effect("errors: VALIDATION_ERROR, 403 for other roles, CLIENT_NOT_FOUND without a client record", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const token = yield* clientToken
      const get = (query: string, as = token) => server.request("GET", `/api/my-company/prices${query}`, { token: as })
      expectError(yield* get("?limit=0"), 400, "VALIDATION_ERROR")
      expectError(yield* get("?limit=201"), 400, "VALIDATION_ERROR")
      expectError(yield* get("?productIds=nope"), 400, "VALIDATION_ERROR")
      expectError(yield* get(`?search=${"x".repeat(101)}`), 400, "VALIDATION_ERROR")
      assert.strictEqual((yield* get("?limit=200")).status, 200)
      expectError(yield* get("", yield* server.login(testUsers.admin)), 403, "FORBIDDEN")
      expectError(yield* get("", yield* server.login(testUsers.advisor)), 403, "FORBIDDEN")

      // A client login of a company whose user has no client record.
      const [branch] = yield* sql<{ id: string; companyId: string }>`
        select b.id, b.company_id as "companyId" from branches b join companies c on c.id = b.company_id
         where c.nit = '900100003'`
      const email = uniqueEmail("sin-cliente")
      yield* sql`insert into users (name, email, password_hash, role, company_id, branch_id)
                 values ('Sin Cliente', ${email}, ${yield* hashPassword("secret-123")}, 'client',
                         ${branch!.companyId}::uuid, ${branch!.id}::uuid)`
      const stranger = yield* server.login({ email, password: "secret-123" })
      const failure = yield* Effect.flip(pricesOf(stranger))
      assert.strictEqual(failure._tag, "ClientNotFound")
    }))
})
