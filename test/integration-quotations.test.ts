/**
 * The chatbot integration API, black-box (spec "Integration API"): quotation creation
 * with idempotency per key lineage, reading back, and the creation errors, over real
 * HTTP with real API keys (`support/integration-api.ts`).
 *
 * The server runs on the real clock moved to an ordinary business hour (`startAt`: a
 * `TestClock` would put it in 1970, before every promotion, and the plain real clock
 * would make the open/closed expectations fail in the minutes the seeded routes flip:
 * 23:59–00:00 daily and Saturday 00:00–00:01 in Bogotá).
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { ProductNotFound } from "@quote/core/catalog/errors"
import { ValidationError } from "@quote/core/shared/errors"
import { RouteClosed } from "@quote/core/routes/errors"
import { BranchId, ClientId, QuotationId } from "@quote/core/shared/ids"
import { Quotation } from "@quote/core/quotations/views"
import { apiWith, createKey, cutoff, failure, type Key, prices, scenarioClient } from "./support/integration-api.ts"
import {
  type ApiClient,
  bodyOf,
  errorOf,
  expectError,
  ordinaryBusinessHour,
  TestServer,
  testUsers,
  wireObject
} from "./support/test-server.ts"

type NewQuotation = Parameters<ApiClient["integrations"]["createQuotation"]>[0]["payload"]

/** Either answer of a create (201 created, 200 replayed), as the wire has it. */
const CreateAnswer = Schema.Struct({ ...Quotation.fields, replayed: Schema.Boolean })

/** A typed create; the Idempotency-Key is new unless given. */
const create = (key: Key, payload: NewQuotation, idempotencyKey: string = crypto.randomUUID()) =>
  Effect.flatMap(apiWith(key), (api) =>
    api.integrations.createQuotation({ headers: { "idempotency-key": idempotencyKey }, payload }))

/** A raw create, for the tests of the wire (statuses of replays, malformed bodies, exact envelopes). */
const createQuotation = (key: Key, body: unknown, idempotencyKey: string = crypto.randomUUID()) =>
  Effect.flatMap(TestServer, (server) =>
    server.request("POST", "/api/integrations/quotations", {
      token: key.apiKey,
      body,
      headers: { "idempotency-key": idempotencyKey }
    }))

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("integration API: quotations", (it) => {
  it.effect("creates a pending chat quotation priced like the prices endpoint", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const skus = ["ABA-001", "BEB-001", "ABA-002", "ASE-004"]
      const sheet = yield* prices(key, first.clientId, { skus })
      const quotation = yield* create(key, {
        clientId: first.clientId,
        branchId: first.branchId,
        items: skus.map((sku, i) => ({ sku, quantity: i + 1 })),
        notes: "Entregar en la mañana"
      })
      // `replayed: false` decodes only from a 201.
      assert.isFalse(quotation.replayed)
      assert.strictEqual(quotation.status, "pending")
      assert.strictEqual(quotation.source, "chat")
      assert.match(quotation.code, /^COT-\d{6}$/)
      assert.strictEqual(quotation.notes, "Entregar en la mañana")
      assert.strictEqual(quotation.clientId, first.clientId)
      assert.strictEqual(quotation.branch?.name, "Sede Norte")
      assert.strictEqual(quotation.advisor?.name !== undefined, true)
      assert.match(quotation.routeDate ?? "", /^\d{4}-\d{2}-\d{2}$/)
      assert.isFalse(Number.isNaN(quotation.createdAt.getTime()))
      const finalPrices = new Map(sheet.items.map((item) => [item.sku, item]))
      let total = 0
      quotation.items.forEach((item, i) => {
        const priced = finalPrices.get(item.sku)!
        assert.strictEqual(item.sku, skus[i])
        assert.strictEqual(item.productId, priced.productId)
        assert.strictEqual(item.quantity, i + 1)
        assert.strictEqual(item.unitPrice, priced.finalPrice)
        assert.strictEqual(item.priceType, priced.priceType)
        assert.strictEqual(item.subtotal, priced.finalPrice * (i + 1))
        total += item.subtotal
      })
      assert.strictEqual(quotation.total, total)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const events = yield* sql<{ type: string; source: string }>`
        select type, source from webhook_events where entity_id = ${quotation.id}::uuid order by seq`
      assert.deepStrictEqual(events, [{ type: "quotation.created", source: "chat" }])
    }))

  it.effect("the same key replays (200, replayed: true); a different body with it is 409", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const body = { clientId: first.clientId, branchId: first.branchId, items: [{ sku: "ASE-001", quantity: 2 }] }
      const idempotencyKey = crypto.randomUUID()
      const created = yield* createQuotation(key, body, idempotencyKey)
      assert.strictEqual(created.status, 201)
      const replay = yield* createQuotation(key, body, idempotencyKey)
      assert.strictEqual(replay.status, 200, replay.text)
      assert.isTrue(bodyOf(replay, CreateAnswer).replayed)
      assert.deepStrictEqual({ ...(yield* wireObject(replay)), replayed: false }, created.body)
      const reused = yield* createQuotation(key, { ...body, notes: "otra" }, idempotencyKey)
      expectError(reused, 409, "IDEMPOTENCY_KEY_REUSED")
    }))

  it.effect("50 parallel creates with one Idempotency-Key make exactly one quotation", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const body = { clientId: first.clientId, branchId: first.branchId, items: [{ sku: "BEB-003", quantity: 5 }] }
      const idempotencyKey = crypto.randomUUID()
      const responses = yield* Effect.forEach(
        Array.from({ length: 50 }, () => body),
        (request) => createQuotation(key, request, idempotencyKey),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual([...new Set(responses.map((response) => response.status))].sort(), [200, 201])
      assert.strictEqual(responses.filter((response) => response.status === 201).length, 1)
      const ids = new Set(responses.map((response) => bodyOf(response, CreateAnswer).id))
      assert.strictEqual(ids.size, 1)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [rows] = yield* sql<{ n: number }>`
        select count(*) as n from quotations where api_key_id = ${key.id}::uuid`
      assert.strictEqual(rows!.n, 1)
    }))

  it.effect("GET by id: only the creating key's lineage; the key that replaced it by rotation can read and replay", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const body = { clientId: first.clientId, branchId: first.branchId, items: [{ sku: "ABA-003", quantity: 1 }] }
      const idempotencyKey = crypto.randomUUID()
      const created = yield* create(key, body, idempotencyKey)
      const own = yield* (yield* apiWith(key)).integrations.getQuotation({ params: { id: created.id } })
      assert.deepStrictEqual(own, created)

      const stranger = yield* createKey()
      const strangerApi = yield* apiWith(stranger)
      yield* failure(strangerApi.integrations.getQuotation({ params: { id: created.id } }), "NotFound")
      const unknownId = Schema.decodeSync(QuotationId)(crypto.randomUUID())
      yield* failure((yield* apiWith(key)).integrations.getQuotation({ params: { id: unknownId } }), "NotFound")
      const strangerCreate = yield* create(stranger, body, idempotencyKey)
      // `replayed: false` decodes only from a 201.
      assert.isFalse(strangerCreate.replayed, "another lineage does not share idempotency keys")

      const admin = yield* server.api(yield* server.login(testUsers.admin))
      const successor = yield* admin.apiKeys.rotate({ params: { id: key.id }, payload: { graceHours: 1 } })
      const successorApi = yield* apiWith(successor)
      yield* successorApi.integrations.getQuotation({ params: { id: created.id } })
      const replay = yield* create(successor, body, idempotencyKey)
      // `replayed: true` decodes only from a 200.
      assert.isTrue(replay.replayed)
      assert.strictEqual(replay.id, created.id)
    }))

  it.effect("VALIDATION_ERROR: Idempotency-Key missing or too long, disallowed fields, bad items and notes", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const valid = { clientId: first.clientId, branchId: first.branchId, items: [{ sku: "ABA-001", quantity: 1 }] }
      const withoutKey = yield* server.request("POST", "/api/integrations/quotations", { token: key.apiKey, body: valid })
      expectError(withoutKey, 400, "VALIDATION_ERROR")
      expectError(yield* createQuotation(key, valid, "k".repeat(101)), 400, "VALIDATION_ERROR")
      const invalidBodies: ReadonlyArray<unknown> = [
        { ...valid, total: 1 },
        { ...valid, status: "approved" },
        { ...valid, source: "web" },
        { ...valid, advisorId: crypto.randomUUID() },
        { ...valid, items: [{ sku: "ABA-001", quantity: 1, unitPrice: 1 }] },
        { ...valid, items: [] },
        { ...valid, items: Array.from({ length: 201 }, () => ({ sku: "ABA-001", quantity: 1 })) },
        { ...valid, items: [{ sku: "ABA-001", quantity: 0 }] },
        { ...valid, items: [{ sku: "ABA-001", quantity: -2 }] },
        { ...valid, items: [{ quantity: 1 }] },
        { ...valid, items: [{ productId: "not-a-uuid", quantity: 1 }] },
        { ...valid, notes: "x".repeat(2001) },
        { clientId: first.clientId, items: valid.items },
        { branchId: first.branchId, items: valid.items }
      ]
      for (const body of invalidBodies) {
        expectError(yield* createQuotation(key, body), 400, "VALIDATION_ERROR")
      }
      const extra = yield* createQuotation(key, { ...valid, price: 5, source: "web" })
      const issues = errorOf(extra, ValidationError).details?.issues ?? []
      assert.sameMembers(issues.map((issue) => issue.path.join(".")), ["payload.price", "payload.source"])
      // A notes of exactly 2000 characters and 200 items are fine.
      const limits = yield* create(key, {
        ...valid,
        items: Array.from({ length: 200 }, () => ({ sku: "ABA-002", quantity: 0.5 })),
        notes: "n".repeat(2000)
      })
      // `replayed: false` decodes only from a 201.
      assert.isFalse(limits.replayed)
      assert.strictEqual(limits.items.length, 200)
    }))

  it.effect("404s: CLIENT_NOT_FOUND, BRANCH_NOT_FOUND (other company, unknown), PRODUCT_NOT_FOUND with details", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const other = yield* scenarioClient(key, "+573000000002")
      const items = [{ sku: "ABA-001", quantity: 1 }]
      const unknownClient = Schema.decodeSync(ClientId)(crypto.randomUUID())
      yield* failure(create(key, { clientId: unknownClient, branchId: first.branchId, items }), "ClientNotFound")
      yield* failure(create(key, { clientId: first.clientId, branchId: other.branchId, items }), "BranchNotFound")
      const unknownBranch = Schema.decodeSync(BranchId)(crypto.randomUUID())
      yield* failure(create(key, { clientId: first.clientId, branchId: unknownBranch, items }), "BranchNotFound")
      const missingId = crypto.randomUUID()
      const products = yield* createQuotation(key, {
        clientId: first.clientId,
        branchId: first.branchId,
        items: [{ sku: "NOPE-9", quantity: 1 }, { productId: missingId, quantity: 2 }, { sku: "ABA-001", quantity: 1 }]
      })
      expectError(products, 404, "PRODUCT_NOT_FOUND")
      // The exact `details` of the envelope (a field the class does not declare fails `errorOf`).
      const details = errorOf(products, ProductNotFound).details
      assert.deepStrictEqual(details, { skus: ["NOPE-9"], productIds: [missingId] })
    }))

  it.effect("ROUTE_CLOSED: a closed window (Spanish message, next dates) and a branch without route; nothing is stored", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const closed = yield* scenarioClient(key, "+573000000002")
      const items = [{ sku: "ABA-001", quantity: 1 }]
      const error = yield* failure(create(key, { clientId: closed.clientId, branchId: closed.branchId, items }), "RouteClosed")
      assert.include(error.message, "La ruta está cerrada en este momento")
      assert.match(error.details?.nextOpenDate ?? "", /T00:00:00-05:00$/)
      assert.match(error.details?.routeDate ?? "", /T00:00:00-05:00$/)
      const status = yield* cutoff(key, { clientId: closed.clientId })
      assert.strictEqual(error.details?.nextOpenDate, status.nextOpenDate, "the same rule as the cutoff endpoint")

      const noRoute = yield* scenarioClient(key, "+573000000004")
      const missing = yield* createQuotation(key, { clientId: noRoute.clientId, branchId: noRoute.branchId, items })
      expectError(missing, 422, "ROUTE_CLOSED")
      // The exact `details` of the envelope (a field the class does not declare fails `errorOf`).
      const missingError = errorOf(missing, RouteClosed)
      assert.deepStrictEqual(missingError.details, { missingRoute: true })
      assert.include(missingError.message, "no tiene una ruta")

      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [stored] = yield* sql<{ n: number }>`
        select count(*) as n from quotations where client_id in (${closed.clientId}::uuid, ${noRoute.clientId}::uuid)`
      assert.strictEqual(stored!.n, 0)
    }))
})
