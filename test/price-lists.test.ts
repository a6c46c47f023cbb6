/**
 * Price lists (CONTRACT.md "Catalog, price lists, promotions"), black-box: access,
 * validation, exactly one active default list, items, deletion.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { ProductNotFound } from "@quote/core/catalog/errors"
import { ProductId } from "@quote/core/shared/ids"
import type { NewPriceList } from "@quote/core/catalog/price-list-views"
import { errorOf, expectError, SqlClient, TestServer, testUsers, wireItems } from "./support/test-server.ts"

const unique = () => crypto.randomUUID().slice(0, 8)

const admin = Effect.flatMap(TestServer, (server) => server.login(testUsers.admin))

const productIds = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const rows = yield* sql<{ id: string; sku: string }>`select id, sku from products where sku like 'ABA-%' order by sku`
  return rows.map((row) => Schema.decodeSync(ProductId)(row.id))
})

const adminApi = Effect.flatMap(TestServer, (server) => Effect.flatMap(admin, (token) => server.api(token)))

const send = (method: string, path: string, body?: unknown) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    return yield* server.request(method, path, { token: yield* admin, ...(body === undefined ? {} : { body }) })
  })

const createList = (payload: NewPriceList) => Effect.flatMap(adminApi, (api) => api.priceLists.create({ payload }))

const allLists = Effect.map(Effect.flatMap(adminApi, (api) => api.priceLists.list()), (list) => list.items)

const defaults = Effect.map(allLists, (lists) => lists.filter((list) => list.isDefault))

layer(TestServer.layer(), { excludeTestServices: true })("price lists", (it) => {
  it.effect("GET lists every list with its items; admin and advisor only", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      for (const user of [testUsers.admin, testUsers.advisor]) {
        const [{ items: lists }, answer] = yield* (yield* server.api(yield* server.login(user))).priceLists.list({
          responseMode: "decoded-and-response"
        })
        const general = lists.find((list) => list.name === "Lista general")!
        // The list's fields as the wire carries them.
        const generalOnTheWire = (yield* wireItems(answer)).find((list) => list.name === "Lista general")
        assert.deepStrictEqual(Object.keys(generalOnTheWire ?? {}).sort(), ["active", "id", "isDefault", "items", "name"])
        assert.isTrue(general.isDefault)
        assert.isTrue(general.active)
        assert.strictEqual(general.items.length, 12)
        const client = lists.find((list) => list.name === "Lista Distribuidora Andina")!
        assert.isFalse(client.isDefault)
        assert.strictEqual(client.items.length, 6)
        assert.include(client.items.map((item) => item.price), 22500)
        const one = yield* server.request("GET", `/api/price-lists/${client.id}`, { token: yield* server.login(user) })
        assert.deepStrictEqual(one.body, client)
      }
      const clientToken = yield* server.login(testUsers.client)
      expectError(yield* server.request("GET", "/api/price-lists", { token: clientToken }), 403, "FORBIDDEN")
      expectError(yield* server.request("GET", "/api/price-lists"), 401, "INVALID_TOKEN")
      expectError(yield* send("GET", `/api/price-lists/${crypto.randomUUID()}`), 404, "NOT_FOUND")
      expectError(yield* send("GET", "/api/price-lists/nope"), 400, "VALIDATION_ERROR")
    }))

  it.effect("writes are admin only", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const list = yield* createList({ name: `Guarded ${unique()}` })
      const advisor = yield* server.login(testUsers.advisor)
      for (const [method, path] of [["POST", "/api/price-lists"], ["PUT", `/api/price-lists/${list.id}`], ["DELETE", `/api/price-lists/${list.id}`]] as const) {
        const body = method === "DELETE" ? {} : { body: { name: "x" } }
        expectError(yield* server.request(method, path, { token: advisor, ...body }), 403, "FORBIDDEN")
        expectError(yield* server.request(method, path, body), 401, "INVALID_TOKEN")
      }
    }))

  it.effect("POST creates a list with items; defaults active, not default", () =>
    Effect.gen(function*() {
      const [a, b] = yield* productIds
      const name = `Mayorista ${unique()}`
      const list = yield* createList({ name: `  ${name} `, items: [{ productId: a!, price: 1000 }, { productId: b!, price: 0 }] })
      assert.strictEqual(list.name, name, "stored trimmed")
      assert.isTrue(list.active)
      assert.isFalse(list.isDefault)
      assert.sameDeepMembers([...list.items], [{ productId: a!, price: 1000 }, { productId: b!, price: 0 }])
      const listed = (yield* allLists).find((item) => item.id === list.id)
      assert.deepStrictEqual(listed, list)
      const empty = yield* createList({ name: `Vacía ${unique()}`, active: false })
      assert.deepStrictEqual(empty.items, [])
      assert.isFalse(empty.active)
    }))

  it.effect("validation: 400 for bad fields, 404 PRODUCT_NOT_FOUND with the unknown ids, nothing written", () =>
    Effect.gen(function*() {
      const [a] = yield* productIds
      const name = `Invalid ${unique()}`
      for (const body of [
        {},
        { name: "  " },
        { name, items: [{ productId: a, price: -1 }] },
        { name, items: [{ productId: a, price: 10.5 }] },
        { name, items: [{ productId: a, price: "10" }] },
        { name, items: [{ productId: "abc", price: 1 }] },
        { name, items: [{ productId: a, price: 1 }, { productId: a, price: 2 }] },
        { name, isDefault: "yes" }
      ]) {
        expectError(yield* send("POST", "/api/price-lists", body), 400, "VALIDATION_ERROR")
      }
      const unknown = crypto.randomUUID()
      const response = yield* send("POST", "/api/price-lists", { name, items: [{ productId: a, price: 1 }, { productId: unknown, price: 1 }] })
      expectError(response, 404, "PRODUCT_NOT_FOUND")
      assert.deepStrictEqual(errorOf(response, ProductNotFound).details?.productIds, [unknown])
      assert.isUndefined((yield* allLists).find((list) => list.name === name), "nothing was created")
    }))

  it.effect("PUT changes any subset; items replace the whole set", () =>
    Effect.gen(function*() {
      const [a, b, c] = yield* productIds
      const api = yield* adminApi
      const list = yield* createList({ name: `Editable ${unique()}`, items: [{ productId: a!, price: 100 }, { productId: b!, price: 200 }] })
      const update = (payload: Parameters<typeof api.priceLists.update>[0]["payload"]) =>
        api.priceLists.update({ params: { id: list.id }, payload })
      const renamed = yield* update({ name: "Renombrada" })
      assert.strictEqual(renamed.name, "Renombrada")
      assert.strictEqual(renamed.items.length, 2, "items untouched when not sent")
      const replaced = yield* update({ items: [{ productId: c!, price: 300 }], active: false })
      assert.deepStrictEqual(replaced.items, [{ productId: c!, price: 300 }])
      assert.isFalse(replaced.active)
      const cleared = yield* update({ items: [] })
      assert.deepStrictEqual(cleared.items, [])

      expectError(yield* send("PUT", `/api/price-lists/${list.id}`, {}), 400, "EMPTY_PATCH")
      expectError(yield* send("PUT", `/api/price-lists/${crypto.randomUUID()}`, { name: "x" }), 404, "NOT_FOUND")
      expectError(yield* send("PUT", `/api/price-lists/${list.id}`, { name: "" }), 400, "VALIDATION_ERROR")
      const unknown = crypto.randomUUID()
      const badItems = yield* send("PUT", `/api/price-lists/${list.id}`, { name: "Should not stick", items: [{ productId: unknown, price: 5 }] })
      expectError(badItems, 404, "PRODUCT_NOT_FOUND")
      assert.deepStrictEqual(errorOf(badItems, ProductNotFound).details?.productIds, [unknown])
      assert.strictEqual((yield* api.priceLists.get({ params: { id: list.id } })).name, "Renombrada")
    }))

  it.effect("exactly one default: moving it clears the old one; the default cannot be unset, deactivated or deleted", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [general] = yield* defaults
      const moved = yield* createList({ name: `Nueva general ${unique()}`, isDefault: true })
      assert.isTrue(moved.isDefault)
      let current = yield* defaults
      assert.deepStrictEqual(current.map((list) => list.id), [moved.id])

      expectError(yield* send("PUT", `/api/price-lists/${moved.id}`, { isDefault: false }), 409, "DEFAULT_PRICE_LIST_REQUIRED")
      expectError(yield* send("PUT", `/api/price-lists/${moved.id}`, { active: false }), 409, "DEFAULT_PRICE_LIST_REQUIRED")
      expectError(yield* send("DELETE", `/api/price-lists/${moved.id}`), 409, "DEFAULT_PRICE_LIST_REQUIRED")
      expectError(
        yield* send("POST", "/api/price-lists", { name: `Inactive default ${unique()}`, isDefault: true, active: false }),
        409,
        "DEFAULT_PRICE_LIST_REQUIRED"
      )
      const inactive = yield* createList({ name: `Dormida ${unique()}`, active: false })
      expectError(yield* send("PUT", `/api/price-lists/${inactive.id}`, { isDefault: true }), 409, "DEFAULT_PRICE_LIST_REQUIRED")

      const back = yield* (yield* adminApi).priceLists.update({ params: { id: general!.id }, payload: { isDefault: true } })
      assert.isTrue(back.isDefault)
      current = yield* defaults
      assert.deepStrictEqual(current.map((list) => list.id), [general!.id])
      const [{ count }] = yield* sql<{ count: number }>`select count(*)::int as count from price_lists where is_default`
      assert.strictEqual(count, 1)
      const again = yield* send("PUT", `/api/price-lists/${general!.id}`, { isDefault: true, name: general!.name })
      assert.strictEqual(again.status, 200, "setting the default on the default is a no-op")
    }))

  it.effect("concurrent moves of the default leave exactly one default", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const candidates = yield* Effect.all(Array.from({ length: 4 }, (_, i) => createList({ name: `Candidate ${i} ${unique()}` })))
      const responses = yield* Effect.all(
        candidates.map((list) => send("PUT", `/api/price-lists/${list.id}`, { isDefault: true })),
        { concurrency: "unbounded" }
      )
      assert.isTrue(responses.every((response) => response.status === 200), responses.map((r) => r.text).join("\n"))
      const [{ count }] = yield* sql<{ count: number }>`select count(*)::int as count from price_lists where is_default`
      assert.strictEqual(count, 1)
      const [general] = yield* sql<{ id: string }>`select id from price_lists where name = 'Lista general'`
      assert.strictEqual((yield* send("PUT", `/api/price-lists/${general!.id}`, { isDefault: true })).status, 200)
    }))

  it.effect("DELETE removes a list; its clients fall back to the general list", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [a] = yield* productIds
      const list = yield* createList({ name: `Temporal ${unique()}`, items: [{ productId: a!, price: 1 }] })
      const [client] = yield* sql<{ id: string }>`
        insert into clients (name, nit, price_list_id) values ('Cliente temporal', ${`NIT-${unique()}`}, ${list.id}) returning id`
      const removed = yield* send("DELETE", `/api/price-lists/${list.id}`)
      assert.strictEqual(removed.status, 204)
      expectError(yield* send("GET", `/api/price-lists/${list.id}`), 404, "NOT_FOUND")
      expectError(yield* send("DELETE", `/api/price-lists/${list.id}`), 404, "NOT_FOUND")
      const [row] = yield* sql<{ price_list_id: string | null }>`select price_list_id from clients where id = ${client!.id}`
      assert.isNull(row!.price_list_id)
      const items = yield* sql`select 1 from price_list_items where price_list_id = ${list.id}`
      assert.strictEqual(items.length, 0)
    }))
})
