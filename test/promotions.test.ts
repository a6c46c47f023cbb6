/**
 * Promotions (CONTRACT.md "Catalog, price lists, promotions"), black-box: access,
 * the general/specific rules, the period, references, partial updates, deletion.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { ProductNotFound } from "@quote/core/catalog/errors"
import { ClientNotFound } from "@quote/core/clients/errors"
import { ClientId, ProductId } from "@quote/core/shared/ids"
import type { NewPromotion, PromotionPatch } from "@quote/core/catalog/promotion-views"
import { errorOf, expectError, SqlClient, TestServer, testUsers, wireItems, wireObject } from "./support/test-server.ts"

const asClientId = Schema.decodeSync(ClientId)

const unique = () => crypto.randomUUID().slice(0, 8)

const admin = Effect.flatMap(TestServer, (server) => server.login(testUsers.admin))

const send = (method: string, path: string, body?: unknown) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    return yield* server.request(method, path, { token: yield* admin, ...(body === undefined ? {} : { body }) })
  })

/** Ids of a seeded product and of two seeded clients. */
const fixtures = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const [product] = yield* sql<{ id: string }>`select id from products where sku = 'ASE-002'`
  const clients = yield* sql<{ id: string }>`select id from clients where nit in ('900100001', '900100002') order by nit`
  return {
    productId: Schema.decodeSync(ProductId)(product!.id),
    clientA: asClientId(clients[0]!.id),
    clientB: asClientId(clients[1]!.id)
  }
})

const adminApi = Effect.flatMap(TestServer, (server) => Effect.flatMap(admin, (token) => server.api(token)))

const create = (payload: NewPromotion) => Effect.flatMap(adminApi, (api) => api.promotions.create({ payload }))

layer(TestServer.layer(), { excludeTestServices: true })("promotions", (it) => {
  it.effect("GET lists the seeded promotions; admin and advisor only", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      for (const user of [testUsers.admin, testUsers.advisor]) {
        const api = yield* server.api(yield* server.login(user))
        const [{ items }, answer] = yield* api.promotions.list({ responseMode: "decoded-and-response" })
        const general = items.find((item) => item.name === "Promoción general Agua x 24")!
        // The promotion's fields as the wire carries them.
        const generalOnTheWire = (yield* wireItems(answer)).find((item) => item.name === "Promoción general Agua x 24")
        assert.deepStrictEqual(Object.keys(generalOnTheWire ?? {}).sort(), [
          "active", "clientIds", "endsAt", "id", "kind", "name", "price", "productId", "startsAt"
        ])
        assert.strictEqual(general.kind, "general")
        assert.strictEqual(general.price, 24900)
        assert.deepStrictEqual(general.clientIds, [])
        assert.deepStrictEqual(general.startsAt, new Date("2024-01-01T05:00:00.000Z"))
        const specific = items.find((item) => item.name === "Promoción Distribuidora Andina Arroz 5 kg")!
        assert.strictEqual(specific.kind, "specific")
        assert.strictEqual(specific.clientIds.length, 1)
        assert.deepStrictEqual(yield* api.promotions.get({ params: { id: specific.id } }), specific)
      }
      expectError(yield* server.request("GET", "/api/promotions", { token: yield* server.login(testUsers.client) }), 403, "FORBIDDEN")
      expectError(yield* server.request("GET", "/api/promotions"), 401, "INVALID_TOKEN")
      expectError(yield* send("GET", `/api/promotions/${crypto.randomUUID()}`), 404, "NOT_FOUND")
    }))

  it.effect("writes are admin only", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const { productId } = yield* fixtures
      const promotion = yield* create({ name: `Guarded ${unique()}`, kind: "general", productId, price: 100 })
      const advisor = yield* server.login(testUsers.advisor)
      for (const [method, path] of [["POST", "/api/promotions"], ["PUT", `/api/promotions/${promotion.id}`], ["DELETE", `/api/promotions/${promotion.id}`]] as const) {
        const body = method === "DELETE" ? {} : { body: { name: "x" } }
        expectError(yield* server.request(method, path, { token: advisor, ...body }), 403, "FORBIDDEN")
        expectError(yield* server.request(method, path, body), 401, "INVALID_TOKEN")
      }
    }))

  it.effect("POST general: defaults startsAt now, no end, active; offsets are accepted", () =>
    Effect.gen(function*() {
      const { productId } = yield* fixtures
      const before = Date.now()
      const open = yield* create({ name: `Abierta ${unique()}`, kind: "general", productId, price: 9900 })
      assert.strictEqual(open.kind, "general")
      assert.strictEqual(open.productId, productId)
      assert.strictEqual(open.price, 9900)
      assert.isNull(open.endsAt)
      assert.isTrue(open.active)
      assert.deepStrictEqual(open.clientIds, [])
      assert.isAtLeast(open.startsAt.getTime(), before - 1_000)
      assert.isAtMost(open.startsAt.getTime(), Date.now() + 1_000)

      // Instants with an offset, as the wire carries them (the typed client would send UTC).
      const response = yield* send("POST", "/api/promotions", {
        name: `Con fechas ${unique()}`,
        kind: "general",
        productId,
        price: 0,
        startsAt: "2026-12-01T00:00:00-05:00",
        endsAt: "2026-12-24T23:59:59-05:00",
        active: false
      })
      assert.strictEqual(response.status, 201, response.text)
      const dated = yield* wireObject(response)
      assert.strictEqual(dated.startsAt, "2026-12-01T05:00:00.000Z")
      assert.strictEqual(dated.endsAt, "2026-12-25T04:59:59.000Z")
      assert.isFalse(dated.active)
    }))

  it.effect("POST specific: clientIds required, stored once each", () =>
    Effect.gen(function*() {
      const { productId, clientA, clientB } = yield* fixtures
      const promotion = yield* create({
        name: `Específica ${unique()}`,
        kind: "specific",
        productId,
        price: 5000,
        clientIds: [clientB, clientA, clientB]
      })
      assert.sameMembers([...promotion.clientIds], [clientA, clientB])
      assert.strictEqual(promotion.clientIds.length, 2)
    }))

  it.effect("validation: 400 for the kind/clientIds rules, the period and bad fields; nothing written", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const { productId, clientA } = yield* fixtures
      const name = `Invalid ${unique()}`
      const base = { name, kind: "general", productId, price: 100 }
      const invalid: ReadonlyArray<Record<string, unknown>> = [
        { ...base, kind: "specific" },
        { ...base, kind: "specific", clientIds: [] },
        { ...base, clientIds: [clientA] },
        { ...base, startsAt: "2026-01-10T00:00:00Z", endsAt: "2026-01-10T00:00:00Z" },
        { ...base, startsAt: "2026-01-10T00:00:00Z", endsAt: "2026-01-09T00:00:00Z" },
        { ...base, startsAt: "2026-01-10" },
        { ...base, startsAt: "mañana" },
        { ...base, kind: "flash" },
        { ...base, price: -1 },
        { ...base, price: 1.5 },
        { ...base, productId: "abc" },
        { ...base, name: " " },
        { kind: "general", productId, price: 100 },
        { ...base, clientIds: ["not-a-uuid"] }
      ]
      for (const body of invalid) {
        expectError(yield* send("POST", "/api/promotions", body), 400, "VALIDATION_ERROR")
      }
      const rows = yield* sql`select 1 from promotions where name = ${name}`
      assert.strictEqual(rows.length, 0)
    }))

  it.effect("unknown product → 404 PRODUCT_NOT_FOUND, unknown clients → 404 CLIENT_NOT_FOUND, with the ids", () =>
    Effect.gen(function*() {
      const { productId, clientA } = yield* fixtures
      const missingProduct = crypto.randomUUID()
      const noProduct = yield* send("POST", "/api/promotions", { name: "x", kind: "general", productId: missingProduct, price: 1 })
      expectError(noProduct, 404, "PRODUCT_NOT_FOUND")
      assert.deepStrictEqual(errorOf(noProduct, ProductNotFound).details?.productIds, [missingProduct])
      const missingClient = crypto.randomUUID()
      const noClient = yield* send("POST", "/api/promotions", {
        name: "x",
        kind: "specific",
        productId,
        price: 1,
        clientIds: [clientA, missingClient]
      })
      expectError(noClient, 404, "CLIENT_NOT_FOUND")
      assert.deepStrictEqual(errorOf(noClient, ClientNotFound).details?.clientIds, [missingClient])
    }))

  it.effect("PUT: partial changes, the merged promotion is validated, kind switches", () =>
    Effect.gen(function*() {
      const { productId, clientA, clientB } = yield* fixtures
      const promotion = yield* create({
        name: `Editable ${unique()}`,
        kind: "general",
        productId,
        price: 800,
        startsAt: new Date("2026-01-01T00:00:00Z"),
        endsAt: new Date("2026-02-01T00:00:00Z")
      })
      const api = yield* adminApi
      const update = (payload: PromotionPatch) => api.promotions.update({ params: { id: promotion.id }, payload })
      const repriced = yield* update({ price: 700, endsAt: null })
      assert.deepStrictEqual(repriced, { ...promotion, price: 700, endsAt: null })

      expectError(yield* send("PUT", `/api/promotions/${promotion.id}`, { kind: "specific" }), 400, "VALIDATION_ERROR")
      expectError(yield* send("PUT", `/api/promotions/${promotion.id}`, { clientIds: [clientA] }), 400, "VALIDATION_ERROR")
      expectError(
        yield* send("PUT", `/api/promotions/${promotion.id}`, { endsAt: "2025-12-31T00:00:00Z" }),
        400,
        "VALIDATION_ERROR"
      )
      const specific = yield* update({ kind: "specific", clientIds: [clientA] })
      assert.deepStrictEqual(specific.clientIds, [clientA])
      const replaced = yield* update({ clientIds: [clientB] })
      assert.deepStrictEqual(replaced.clientIds, [clientB])
      const kept = yield* update({ name: "Renombrada" })
      assert.deepStrictEqual(kept.clientIds, [clientB], "clients stay when not sent")
      const general = yield* update({ kind: "general" })
      assert.deepStrictEqual(general.clientIds, [], "switching to general drops the clients")

      expectError(yield* send("PUT", `/api/promotions/${promotion.id}`, {}), 400, "EMPTY_PATCH")
      expectError(yield* send("PUT", `/api/promotions/${crypto.randomUUID()}`, { price: 1 }), 404, "NOT_FOUND")
      expectError(
        yield* send("PUT", `/api/promotions/${promotion.id}`, { productId: crypto.randomUUID() }),
        404,
        "PRODUCT_NOT_FOUND"
      )
      expectError(
        yield* send("PUT", `/api/promotions/${promotion.id}`, { kind: "specific", clientIds: [crypto.randomUUID()] }),
        404,
        "CLIENT_NOT_FOUND"
      )
      const unchanged = yield* api.promotions.get({ params: { id: promotion.id } })
      assert.strictEqual(unchanged.kind, "general", "refused updates changed nothing")
    }))

  it.effect("DELETE removes a promotion and its client links", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const { productId, clientA } = yield* fixtures
      const promotion = yield* create({ name: `Borrar ${unique()}`, kind: "specific", productId, price: 1, clientIds: [clientA] })
      assert.strictEqual((yield* send("DELETE", `/api/promotions/${promotion.id}`)).status, 204)
      expectError(yield* send("GET", `/api/promotions/${promotion.id}`), 404, "NOT_FOUND")
      expectError(yield* send("DELETE", `/api/promotions/${promotion.id}`), 404, "NOT_FOUND")
      const links = yield* sql`select 1 from promotion_clients where promotion_id = ${promotion.id}`
      assert.strictEqual(links.length, 0)
    }))
})
