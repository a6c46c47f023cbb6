/**
 * Quotation creation as a service: server-side prices agree with the prices loader,
 * idempotency per key lineage (replay, concurrent creates, reused key), and the
 * creation errors.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { ClientPrices } from "../../../src/app/integrations/client-prices.ts"
import { QuotationCreation, type QuotationOrigin } from "../../../src/app/quotations/quotation-creation.ts"
import { seedScenarios } from "../../../src/dev/seed/scenarios.ts"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"
import { ClientId, ProductId } from "@quote/core/shared/ids"
import {
  atInstant,
  branchOf,
  clientByNit,
  eventTypes,
  insertApiKey,
  productBySku,
  uniqueKey,
  unknownId,
  wednesdayNoon
} from "./fixtures.ts"

const Services = Layer.mergeAll(QuotationCreation.layer, ClientPrices.layer).pipe(
  Layer.provideMerge(TestDatabase.layer)
)

const seeded = seedScenarios({ adminPassword: "admin-password" })

/** The seeded scenarios, the service, the first test client, a new API key and a new idempotency key. */
const chatSetup = Effect.gen(function*() {
  yield* seeded
  return {
    creation: yield* QuotationCreation,
    client: yield* clientByNit("900100001"),
    key: yield* insertApiKey(),
    idempotencyKey: uniqueKey()
  }
})

const chat = (key: { id: string; lineageId: string }, idempotencyKey: string): QuotationOrigin => ({
  _tag: "Chat",
  apiKeyId: key.id,
  lineageId: key.lineageId,
  idempotencyKey
})

const failureTag = <A, E extends { readonly _tag: string }>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) && exit.cause.reasons[0]?._tag === "Fail" ? exit.cause.reasons[0].error._tag : "no failure"

layer(Services)("quotation creation", (it) => {
  it.effect("unit prices are the prices endpoint's for the first test client (promotions included)", () =>
    Effect.gen(function*() {
      yield* seeded
      const client = yield* clientByNit("900100001")
      const skus = ["ABA-001", "BEB-001", "ABA-002", "BEB-002"]
      const sheet = yield* (yield* ClientPrices).list(client.id, { skus })
      const key = yield* insertApiKey()
      const created = yield* (yield* QuotationCreation).create(chat(key, uniqueKey()), {
        clientId: client.id,
        branchId: client.branchId,
        items: skus.map((sku) => ({ sku, quantity: 2 }))
      })
      const bySku = new Map(sheet.items.map((item) => [item.sku, item]))
      for (const item of created.quotation.items) {
        const priced = bySku.get(item.sku)!
        assert.strictEqual(item.unitPrice, priced.finalPrice, item.sku)
        assert.strictEqual(item.priceType, priced.priceType, item.sku)
        assert.strictEqual(item.subtotal, priced.finalPrice * 2)
      }
      // ABA-001: client-specific promotion; BEB-001: general promotion; ABA-002: client list; BEB-002: general list.
      assert.deepStrictEqual(
        created.quotation.items.map((item) => [item.sku, item.unitPrice, item.priceType]),
        [["ABA-001", 19900, "promotion"], ["BEB-001", 24900, "promotion"], ["ABA-002", 36000, "price_list"], [
          "BEB-002",
          52000,
          "price_list"
        ]]
      )
      assert.strictEqual(created.quotation.total, 2 * (19900 + 24900 + 36000 + 52000))
      assert.strictEqual(created.quotation.status, "pending")
      assert.strictEqual(created.quotation.source, "chat")
      assert.match(created.quotation.code, /^COT-\d{6,}$/)
      assert.strictEqual(created.quotation.routeDate, "2026-11-25")
      assert.isFalse(created.replayed)
      assert.deepStrictEqual(yield* eventTypes(created.quotation.id), ["quotation.created"])
    }).pipe(atInstant(wednesdayNoon)))

  it.effect("a repeat with the same key (same lineage) replays; a different body is refused", () =>
    Effect.gen(function*() {
      const { client, creation, idempotencyKey, key } = yield* chatSetup
      const successor = yield* insertApiKey(key.lineageId)
      const request = { clientId: client.id, branchId: client.branchId, items: [{ sku: "ASE-002", quantity: 1 }] }
      const first = yield* creation.create(chat(key, idempotencyKey), request)
      const again = yield* creation.create(chat(successor, idempotencyKey), request)
      assert.isTrue(again.replayed)
      assert.strictEqual(again.quotation.id, first.quotation.id)
      const other = yield* creation.create(chat(yield* insertApiKey(), idempotencyKey), request)
      assert.isFalse(other.replayed, "another lineage has its own key space")
      assert.notStrictEqual(other.quotation.id, first.quotation.id)
      const reused = yield* creation.create(chat(key, idempotencyKey), { ...request, notes: "otra cosa" }).pipe(Effect.exit)
      assert.strictEqual(failureTag(reused), "IdempotencyKeyReused")
    }).pipe(atInstant(wednesdayNoon)))

  it.effect("concurrent creates with one key make exactly one quotation", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { client, creation, idempotencyKey, key } = yield* chatSetup
      const results = yield* Effect.forEach(
        Array.from({ length: 20 }, () => 0),
        () =>
          creation.create(chat(key, idempotencyKey), {
            clientId: client.id,
            branchId: client.branchId,
            items: [{ sku: "ABA-003", quantity: 3 }]
          }),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(new Set(results.map((result) => result.quotation.id)).size, 1)
      assert.strictEqual(results.filter((result) => !result.replayed).length, 1)
      const [count] = yield* sql<{ n: number }>`
        select count(*) as n from quotations where api_key_id = ${key.id}::uuid`
      assert.strictEqual(count!.n, 1)
    }).pipe(atInstant(wednesdayNoon)))

  it.effect("creation errors: client, branch, products, closed and missing routes", () =>
    Effect.gen(function*() {
      yield* seeded
      const creation = yield* QuotationCreation
      const first = yield* clientByNit("900100001")
      const otherBranch = yield* branchOf("900100003", "Almacén Principal")
      const key = yield* insertApiKey()
      const create = (request: Parameters<typeof creation.create>[1]) =>
        creation.create(chat(key, uniqueKey()), request).pipe(Effect.exit)
      const items = [{ sku: "ABA-001", quantity: 1 }]

      assert.strictEqual(failureTag(yield* create({ clientId: unknownId(ClientId), branchId: first.branchId, items })), "ClientNotFound")
      assert.strictEqual(failureTag(yield* create({ clientId: first.id, branchId: otherBranch, items })), "BranchNotFound")

      const missingId = unknownId(ProductId)
      const products = yield* create({
        clientId: first.id,
        branchId: first.branchId,
        items: [{ sku: "NOPE-1", quantity: 1 }, { productId: missingId, quantity: 1 }, { sku: "ABA-001", quantity: 1 }, {
          sku: "ABA-002",
          productId: yield* productBySku("ABA-001"),
          quantity: 1
        }]
      })
      assert.isTrue(Exit.isFailure(products))
      if (Exit.isFailure(products) && products.cause.reasons[0]?._tag === "Fail") {
        const error = products.cause.reasons[0].error
        assert.strictEqual(error._tag, "ProductNotFound")
        assert.deepStrictEqual(error.details, { skus: ["NOPE-1", "ABA-002"], productIds: [missingId, yield* productBySku("ABA-001")] })
      }

      const closed = yield* clientByNit("900100002")
      assert.strictEqual(failureTag(yield* create({ clientId: closed.id, branchId: closed.branchId, items })), "RouteClosed")
      const noRoute = yield* clientByNit("900100005")
      const missing = yield* create({ clientId: noRoute.id, branchId: noRoute.branchId, items })
      assert.strictEqual(failureTag(missing), "RouteClosed")
      if (Exit.isFailure(missing) && missing.cause.reasons[0]?._tag === "Fail") {
        assert.deepStrictEqual(missing.cause.reasons[0].error.details, { missingRoute: true })
      }
    }).pipe(atInstant(wednesdayNoon)))

  it.effect("a failed create leaves nothing behind, and its key stays free", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { client, creation, idempotencyKey, key } = yield* chatSetup
      const failed = yield* creation.create(chat(key, idempotencyKey), {
        clientId: client.id,
        branchId: client.branchId,
        items: [{ sku: "NOPE-2", quantity: 1 }]
      }).pipe(Effect.exit)
      assert.strictEqual(failureTag(failed), "ProductNotFound")
      const [records] = yield* sql<{ n: number }>`
        select count(*) as n from idempotency_records where lineage_id = ${key.lineageId}::uuid`
      assert.strictEqual(records!.n, 0)
      const retried = yield* creation.create(chat(key, idempotencyKey), {
        clientId: client.id,
        branchId: client.branchId,
        items: [{ sku: "ABA-004", quantity: 1 }]
      })
      assert.isFalse(retried.replayed)
    }).pipe(atInstant(wednesdayNoon)))
})
