/**
 * The public catalog and the categories (CONTRACT.md "Catalog, price lists,
 * promotions"; spec "Shared endpoint"), black-box over the seeded scenarios: 12 products
 * in 3 categories, priced by the general list.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { HttpApi, OpenApi } from "effect/http-api"
import { ApiKeysApi } from "@quote/api/api-keys"
import { CatalogApi } from "@quote/api/catalog"
import { PriceListsApi } from "@quote/api/price-lists"
import { PromotionsApi } from "@quote/api/promotions"
import { CategoryId } from "@quote/core/shared/ids"
import type { CatalogFilters } from "@quote/core/catalog/views"
import { type ApiClient, errorCode, SqlClient, TestServer, testUsers, wireItems } from "./support/test-server.ts"

type Scopes = Parameters<ApiClient["apiKeys"]["create"]>[0]["payload"]["scopes"]

const unique = () => crypto.randomUUID().slice(0, 8)

const catalog = (query: CatalogFilters = {}) =>
  Effect.gen(function*() {
    const api = yield* (yield* TestServer).api()
    return (yield* api.catalog.products({ query })).items
  })

const categoriesWith = (token: string) =>
  Effect.gen(function*() {
    const api = yield* (yield* TestServer).api(token)
    return (yield* api.catalog.categories()).items
  })

const createKey = (scopes: Scopes) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    const api = yield* server.api(yield* server.login(testUsers.admin))
    return yield* api.apiKeys.create({ payload: { name: `Catalog ${unique()}`, scopes } })
  })

layer(TestServer.layer(), { excludeTestServices: true })("catalog", (it) => {
  it.effect("GET /api/products/catalog is public: active products with the general-list price", () =>
    Effect.gen(function*() {
      const [{ items }, answer] = yield* (yield* (yield* TestServer).api()).catalog.products({
        query: {},
        responseMode: "decoded-and-response"
      })
      const seeded = items.filter((item) => /^(ABA|BEB|ASE)-00[1-4]$/.test(item.sku))
      assert.strictEqual(seeded.length, 12)
      const rice = items.find((item) => item.sku === "ABA-001")!
      // The product's fields as the wire carries them.
      const riceOnTheWire = (yield* wireItems(answer)).find((item) => item.sku === "ABA-001")
      assert.deepStrictEqual(Object.keys(riceOnTheWire ?? {}).sort(), ["category", "id", "name", "price", "sku", "stock", "stockTracked", "unit"])
      assert.strictEqual(rice.name, "Arroz blanco 5 kg")
      assert.strictEqual(rice.unit, "bulto")
      assert.strictEqual(rice.price, 23900, "the general list, not a client's list or a promotion")
      assert.strictEqual(rice.stock, 120)
      assert.isTrue(rice.stockTracked)
      assert.strictEqual(rice.category?.name, "Abarrotes")
      assert.match(rice.category?.id ?? "", /^[0-9a-f-]{36}$/)
      const coffee = items.find((item) => item.sku === "BEB-004")!
      assert.isFalse(coffee.stockTracked)
      assert.strictEqual(items.find((item) => item.sku === "BEB-001")!.price, 28000, "promotions do not change the catalog price")
    }))

  it.effect("inactive products are hidden; a product without a general price has price null; no category is null", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const tag = unique()
      yield* sql`insert into products (sku, name, active) values (${`OFF-${tag}`}, ${`Inactivo ${tag}`}, false)`
      yield* sql`insert into products (sku, name) values (${`NEW-${tag}`}, ${`Sin precio ${tag}`})`
      const items = yield* catalog({ search: tag })
      assert.deepStrictEqual(items.map((item) => item.sku), [`NEW-${tag}`])
      assert.isNull(items[0]!.price)
      assert.isNull(items[0]!.category)
      assert.strictEqual(items[0]!.unit, "unidad")
    }))

  it.effect("filters: search in name or SKU (case-insensitive, literal) and categoryId", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual((yield* catalog({ search: "ARROZ" })).map((item) => item.sku), ["ABA-001"])
      assert.deepStrictEqual((yield* catalog({ search: "beb-00" })).map((item) => item.sku).sort(), ["BEB-001", "BEB-002", "BEB-003", "BEB-004"])
      assert.deepStrictEqual(yield* catalog({ search: "%" }), [], "% is searched literally, not as a wildcard")
      const drinks = (yield* catalog()).find((item) => item.sku === "BEB-001")!.category!
      const inCategory = yield* catalog({ categoryId: drinks.id })
      assert.isTrue(inCategory.length >= 4)
      assert.isTrue(inCategory.every((item) => item.category?.id === drinks.id))
      assert.deepStrictEqual((yield* catalog({ categoryId: drinks.id, search: "agua" })).map((item) => item.sku), ["BEB-001"])
      assert.deepStrictEqual(yield* catalog({ categoryId: Schema.decodeSync(CategoryId)(crypto.randomUUID()) }), [])
      assert.strictEqual((yield* catalog({ search: "  " })).length >= 12, true, "a blank search is no filter")

      const server = yield* TestServer
      const invalid = yield* server.request("GET", "/api/products/catalog?categoryId=abc")
      assert.strictEqual(invalid.status, 400)
      assert.strictEqual(errorCode(invalid), "VALIDATION_ERROR")
    }))

  it.effect("GET /api/categories with a login: active categories with their active product counts", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      for (const user of [testUsers.admin, testUsers.advisor, testUsers.client]) {
        const [{ items }, answer] = yield* (yield* server.api(yield* server.login(user))).catalog.categories({
          responseMode: "decoded-and-response"
        })
        const seeded = items.filter((item) => ["Abarrotes", "Bebidas", "Aseo"].includes(item.name))
        assert.deepStrictEqual(seeded.map((item) => item.name), ["Abarrotes", "Aseo", "Bebidas"])
        assert.isTrue(seeded.every((item) => item.productCount >= 4))
        // A category's fields as the wire carries them.
        const firstOnTheWire = (yield* wireItems(answer)).find((item) => item.id === seeded[0]!.id)
        assert.deepStrictEqual(Object.keys(firstOnTheWire ?? {}).sort(), ["id", "name", "productCount"])
      }
    }))

  it.effect("category counts follow product activity; inactive categories are hidden", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const tag = unique()
      const [category] = yield* sql<{ id: string }>`insert into categories (name) values (${`Cat ${tag}`}) returning id`
      yield* sql`insert into products (sku, name, category_id) values
        (${`C1-${tag}`}, 'Uno', ${category!.id}), (${`C2-${tag}`}, 'Dos', ${category!.id})`
      yield* sql`insert into products (sku, name, category_id, active) values (${`C3-${tag}`}, 'Tres', ${category!.id}, false)`
      const [hidden] = yield* sql<{ id: string }>`insert into categories (name, active) values (${`Hidden ${tag}`}, false) returning id`
      const token = yield* server.login(testUsers.admin)
      const items = yield* categoriesWith(token)
      assert.strictEqual(items.find((item) => item.id === category!.id)?.productCount, 2)
      assert.isUndefined(items.find((item) => item.id === hidden!.id))
    }))

  it.effect("GET /api/categories with an API key: catalog:read passes, anything else is 401 INVALID_TOKEN", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const withScope = yield* createKey(["catalog:read"])
      const withoutScope = yield* createKey(["cutoff:read", "prices:read"])
      assert.isAtLeast((yield* categoriesWith(withScope.apiKey)).length, 3)
      for (const token of [undefined, withoutScope.apiKey, `svc_${"C".repeat(32)}`, "garbage"]) {
        const response = yield* server.request("GET", "/api/categories", token === undefined ? {} : { token })
        assert.strictEqual(response.status, 401, String(token))
        assert.strictEqual(errorCode(response), "INVALID_TOKEN")
      }
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`update api_keys set expires_at = now() - interval '1 minute' where id = ${withScope.id}`
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 1_100)))
      const expired = yield* server.request("GET", "/api/categories", { token: withScope.apiKey })
      assert.strictEqual(errorCode(expired), "INVALID_TOKEN", "an expired key falls to login validation too")
    }))

  it.effect("the groups' OpenAPI documents list every endpoint with its error codes", () =>
    Effect.sync(() => {
      // Built per group set: the whole document currently fails on a conflict between the
      // session "bearer" schemes declared in api/security.ts (see docs/catalog.md).
      const admin = OpenApi.fromApi(HttpApi.make("admin").add(ApiKeysApi).add(PriceListsApi).add(PromotionsApi))
      const shared = OpenApi.fromApi(HttpApi.make("catalog").add(CatalogApi))
      const paths = { ...admin.paths, ...shared.paths } as Record<string, Record<string, { responses: Record<string, unknown> }>>
      const expected: ReadonlyArray<readonly [string, string, ReadonlyArray<string>]> = [
        ["/api/products/catalog", "get", ["200", "400"]],
        ["/api/categories", "get", ["200", "401"]],
        ["/api/price-lists", "post", ["201", "400", "401", "403", "404", "409"]],
        ["/api/price-lists/{id}", "put", ["200", "400", "401", "403", "404", "409"]],
        ["/api/price-lists/{id}", "delete", ["204", "400", "401", "403", "404", "409"]],
        ["/api/promotions", "post", ["201", "400", "401", "403", "404"]],
        ["/api/promotions/{id}", "put", ["200", "400", "401", "403", "404"]],
        ["/api/promotions/{id}", "delete", ["204", "400", "401", "403", "404"]],
        ["/api/api-keys", "get", ["200", "401", "403"]],
        ["/api/api-keys/{id}", "patch", ["200", "400", "401", "403", "404"]],
        ["/api/api-keys/{id}/rotate", "post", ["201", "400", "401", "403", "404", "409"]],
        ["/api/api-keys/{id}", "delete", ["204", "400", "401", "403", "404"]]
      ]
      for (const [path, method, statuses] of expected) {
        const operation = paths[path]?.[method]
        assert.isDefined(operation, `${method} ${path}`)
        assert.includeMembers(Object.keys(operation!.responses), [...statuses], `${method} ${path}`)
      }
    }))
})
