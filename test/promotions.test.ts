/**
 * Promotions (CONTRACT.md "Catalog, price lists, promotions"), black-box: access,
 * the general/specific rules, the period, references, partial updates, deletion.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { errorCode, SqlClient, TestServer, type TestResponse, testUsers } from "./support/test-server.ts"

interface Promotion {
  readonly id: string
  readonly name: string
  readonly kind: "general" | "specific"
  readonly productId: string
  readonly price: number
  readonly startsAt: string
  readonly endsAt: string | null
  readonly active: boolean
  readonly clientIds: ReadonlyArray<string>
}

const unique = () => crypto.randomUUID().slice(0, 8)

const admin = Effect.flatMap(TestServer, (server) => server.login(testUsers.admin))

const send = (method: string, path: string, body?: unknown) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    return yield* server.request(method, path, { token: yield* admin, ...(body === undefined ? {} : { body }) })
  })

const expectError = (response: TestResponse, status: number, code: string) => {
  assert.strictEqual(response.status, status, response.text)
  assert.strictEqual(errorCode(response), code)
}

/** Ids of a seeded product and of two seeded clients. */
const fixtures = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const [product] = yield* sql<{ id: string }>`select id from products where sku = 'ASE-002'`
  const clients = yield* sql<{ id: string }>`select id from clients where nit in ('900100001', '900100002') order by nit`
  return { productId: product!.id, clientA: clients[0]!.id, clientB: clients[1]!.id }
})

const create = (body: Record<string, unknown>) =>
  Effect.gen(function*() {
    const response = yield* send("POST", "/api/promotions", body)
    assert.strictEqual(response.status, 201, response.text)
    return response.body as Promotion
  })

const details = (response: TestResponse) => (response.body as { error: { details: Record<string, unknown> } }).error.details

layer(TestServer.layer(), { excludeTestServices: true })("promotions", (it) => {
  it.effect("GET lists the seeded promotions; admin and advisor only", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      for (const user of [testUsers.admin, testUsers.advisor]) {
        const response = yield* server.request("GET", "/api/promotions", { token: yield* server.login(user) })
        assert.strictEqual(response.status, 200)
        const items = (response.body as { items: ReadonlyArray<Promotion> }).items
        const general = items.find((item) => item.name === "Promoción general Agua x 24")!
        assert.deepStrictEqual(Object.keys(general).sort(), [
          "active", "clientIds", "endsAt", "id", "kind", "name", "price", "productId", "startsAt"
        ])
        assert.strictEqual(general.kind, "general")
        assert.strictEqual(general.price, 24900)
        assert.deepStrictEqual(general.clientIds, [])
        assert.strictEqual(general.startsAt, "2024-01-01T05:00:00.000Z")
        const specific = items.find((item) => item.name === "Promoción Distribuidora Andina Arroz 5 kg")!
        assert.strictEqual(specific.kind, "specific")
        assert.strictEqual(specific.clientIds.length, 1)
        const one = yield* server.request("GET", `/api/promotions/${specific.id}`, { token: yield* server.login(user) })
        assert.deepStrictEqual(one.body, specific)
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
      assert.isAtLeast(Date.parse(open.startsAt), before - 1_000)
      assert.isAtMost(Date.parse(open.startsAt), Date.now() + 1_000)

      const dated = yield* create({
        name: `Con fechas ${unique()}`,
        kind: "general",
        productId,
        price: 0,
        startsAt: "2026-12-01T00:00:00-05:00",
        endsAt: "2026-12-24T23:59:59-05:00",
        active: false
      })
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
      const sql = yield* SqlClient.SqlClient
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
      assert.deepStrictEqual(details(noProduct).productIds, [missingProduct])
      const missingClient = crypto.randomUUID()
      const noClient = yield* send("POST", "/api/promotions", {
        name: "x",
        kind: "specific",
        productId,
        price: 1,
        clientIds: [clientA, missingClient]
      })
      expectError(noClient, 404, "CLIENT_NOT_FOUND")
      assert.deepStrictEqual(details(noClient).clientIds, [missingClient])
    }))

  it.effect("PUT: partial changes, the merged promotion is validated, kind switches", () =>
    Effect.gen(function*() {
      const { productId, clientA, clientB } = yield* fixtures
      const promotion = yield* create({
        name: `Editable ${unique()}`,
        kind: "general",
        productId,
        price: 800,
        startsAt: "2026-01-01T00:00:00Z",
        endsAt: "2026-02-01T00:00:00Z"
      })
      const repriced = yield* send("PUT", `/api/promotions/${promotion.id}`, { price: 700, endsAt: null })
      assert.strictEqual(repriced.status, 200, repriced.text)
      assert.deepStrictEqual(repriced.body, { ...promotion, price: 700, endsAt: null })

      expectError(yield* send("PUT", `/api/promotions/${promotion.id}`, { kind: "specific" }), 400, "VALIDATION_ERROR")
      expectError(yield* send("PUT", `/api/promotions/${promotion.id}`, { clientIds: [clientA] }), 400, "VALIDATION_ERROR")
      expectError(
        yield* send("PUT", `/api/promotions/${promotion.id}`, { endsAt: "2025-12-31T00:00:00Z" }),
        400,
        "VALIDATION_ERROR"
      )
      const specific = yield* send("PUT", `/api/promotions/${promotion.id}`, { kind: "specific", clientIds: [clientA] })
      assert.strictEqual(specific.status, 200, specific.text)
      assert.deepStrictEqual((specific.body as Promotion).clientIds, [clientA])
      const replaced = yield* send("PUT", `/api/promotions/${promotion.id}`, { clientIds: [clientB] })
      assert.deepStrictEqual((replaced.body as Promotion).clientIds, [clientB])
      const kept = yield* send("PUT", `/api/promotions/${promotion.id}`, { name: "Renombrada" })
      assert.deepStrictEqual((kept.body as Promotion).clientIds, [clientB], "clients stay when not sent")
      const general = yield* send("PUT", `/api/promotions/${promotion.id}`, { kind: "general" })
      assert.deepStrictEqual((general.body as Promotion).clientIds, [], "switching to general drops the clients")

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
      const unchanged = yield* send("GET", `/api/promotions/${promotion.id}`)
      assert.strictEqual((unchanged.body as Promotion).kind, "general", "refused updates changed nothing")
    }))

  it.effect("DELETE removes a promotion and its client links", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { productId, clientA } = yield* fixtures
      const promotion = yield* create({ name: `Borrar ${unique()}`, kind: "specific", productId, price: 1, clientIds: [clientA] })
      assert.strictEqual((yield* send("DELETE", `/api/promotions/${promotion.id}`)).status, 204)
      expectError(yield* send("GET", `/api/promotions/${promotion.id}`), 404, "NOT_FOUND")
      expectError(yield* send("DELETE", `/api/promotions/${promotion.id}`), 404, "NOT_FOUND")
      const links = yield* sql`select 1 from promotion_clients where promotion_id = ${promotion.id}`
      assert.strictEqual(links.length, 0)
    }))
})
