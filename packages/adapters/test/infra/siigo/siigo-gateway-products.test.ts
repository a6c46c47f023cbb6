/** Product listing: pagination via _links, resumable cursors, filters and lenient decoding. */
import { assert, describe, it } from "@effect/vitest"
import { firstProductPage } from "@quote/core/erp/erp-page"
import { erpProductPrice } from "@quote/core/erp/erp-product"
import { DateTime, Effect, Option, Schema, Stream } from "effect"
import { FakeSiigo } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import { toErpProduct } from "../../../src/infra/siigo/siigo-mapping.ts"
import { WireProduct } from "../../../src/infra/siigo/siigo-wire.ts"
import { gatewayFor } from "./siigo-test-kit.ts"

describe("Siigo adapter: products", () => {
  it.effect("pages through 237 products: all of them, in Siigo's order, no duplicates", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 237 })
      const { erp } = yield* gatewayFor(fake)
      const pages = yield* erp.productPages(firstProductPage({ pageSize: 25 })).pipe(Stream.runCollect)
      assert.strictEqual(pages.length, 10)
      assert.deepStrictEqual(pages.map((page) => page.cursor.page), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      assert.isNull(pages[9]?.next ?? null)
      const ids = pages.flatMap((page) => page.items.map((item) => item.id))
      // Siigo sorts newest first: the reverse of the seeding order.
      assert.deepStrictEqual(ids, [...fake.state.products].reverse().map((product) => product.id))
      assert.strictEqual(new Set(ids).size, 237)
      assert.strictEqual(pages[0]?.total, 237)
      // Each request asked for the page named by the previous page's _links.next.
      const asked = fake.requestLog.filter((entry) => entry.path === "/v1/products").map((entry) => entry.query.page)
      assert.deepStrictEqual(asked, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"])
    }))

  it.effect("a listing stopped after some pages resumes from the stored cursor", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 95 })
      const { erp } = yield* gatewayFor(fake)
      const firstRun = yield* erp.productPages(firstProductPage({ pageSize: 20 })).pipe(Stream.take(2), Stream.runCollect)
      const stoppedAt = firstRun[1]?.next
      assert.deepStrictEqual(stoppedAt, { page: 3, pageSize: 20, updatedSince: null })
      if (stoppedAt === undefined || stoppedAt === null) return
      const secondRun = yield* erp.productPages(stoppedAt).pipe(Stream.runCollect)
      const ids = [...firstRun, ...secondRun].flatMap((page) => page.items.map((item) => item.id))
      assert.strictEqual(ids.length, 95)
      assert.strictEqual(new Set(ids).size, 95)
    }))

  it.effect("incremental listing with updatedSince sends updated_start and gets only changed products", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 60 })
      const { erp } = yield* gatewayFor(fake)
      const since = DateTime.makeUnsafe(Date.now() - 2_000)
      const changed = fake.state.products.slice(5, 8).map((product) =>
        fake.controls.updateProduct(product.id, { available_quantity: 1 })
      )
      const [added] = fake.controls.addProducts(1)
      const pages = yield* erp.productPages(firstProductPage({ updatedSince: since })).pipe(Stream.runCollect)
      const ids = new Set(pages.flatMap((page) => page.items.map((item) => item.id)))
      assert.deepStrictEqual(ids, new Set([...changed.map((product) => product.id), added?.id ?? ""]))
      const query = fake.requestLog.find((entry) => entry.path === "/v1/products")?.query
      assert.match(query?.updated_start ?? "", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    }))

  it.effect("products without prices or taxes, services and inactive products decode", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 40 })
      const { erp } = yield* gatewayFor(fake)
      const page = yield* erp.listProducts(firstProductPage())
      assert.strictEqual(page.items.length, 40)
      assert.strictEqual(page.invalid.length, 0)
      const byCode = new Map(page.items.map((item) => [item.code, item]))
      const noPrices = byCode.get("SKU-00011")
      assert.deepStrictEqual(noPrices?.prices, [])
      assert.isTrue(noPrices !== undefined && Option.isNone(erpProductPrice(noPrices, 1)))
      assert.deepStrictEqual(byCode.get("SKU-00013")?.taxes, [])
      assert.strictEqual(byCode.get("SKU-00017")?.active, false)
      const service = byCode.get("SKU-00010")
      assert.strictEqual(service?.type, "Service")
      assert.strictEqual(service?.stockControl, false)
      const regular = byCode.get("SKU-00001")
      assert.isTrue(regular !== undefined && Option.isSome(erpProductPrice(regular, 1)))
      assert.strictEqual(regular?.taxes[0]?.percentage, 19)
      assert.isNotNull(regular?.createdAt ?? null)
    }))

  it.effect("Siigo JSON with nulls and absent fields decodes to empty lists and nulls", () =>
    Effect.gen(function*() {
      const wire = yield* Schema.decodeUnknownEffect(WireProduct)({
        id: "p-1",
        code: "X1",
        name: null,
        prices: null,
        unit: null,
        additional_fields: { barcode: null },
        metadata: { created: "2020-06-15T03:33:17.208Z", last_updated: null }
      })
      const product = toErpProduct(wire)
      assert.deepStrictEqual(product.prices, [])
      assert.deepStrictEqual(product.taxes, [])
      assert.deepStrictEqual(product.warehouses, [])
      assert.strictEqual(product.name, "X1")
      assert.isNull(product.unit)
      assert.isNull(product.barcode)
      assert.isNull(product.updatedAt)
      assert.strictEqual(product.availableQuantity, 0)
      assert.strictEqual(DateTime.formatIso(product.createdAt ?? DateTime.makeUnsafe(0)), "2020-06-15T03:33:17.208Z")
    }))

  it.effect("getProduct, findProductByCode and productsByIds (more than 20 ids)", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 60 })
      const { erp } = yield* gatewayFor(fake)
      const target = fake.state.products[4]
      const found = yield* erp.getProduct(target?.id ?? "")
      assert.strictEqual(Option.getOrUndefined(found)?.code, target?.code)
      assert.isTrue(Option.isNone(yield* erp.getProduct("00000000-0000-4000-8000-000000000000")))

      const byCode = yield* erp.findProductByCode("SKU-00042")
      assert.strictEqual(Option.getOrUndefined(byCode)?.id, fake.state.products[41]?.id)
      assert.isTrue(Option.isNone(yield* erp.findProductByCode("NOPE")))

      const wanted = fake.state.products.slice(0, 45).map((product) => product.id)
      const many = yield* erp.productsByIds(wanted)
      assert.deepStrictEqual(new Set(many.map((product) => product.id)), new Set(wanted))
      const idsCalls = fake.requestLog.filter((entry) => entry.query.ids !== undefined)
      assert.strictEqual(idsCalls.length, 3)
      assert.isTrue(idsCalls.every((entry) => (entry.query.ids ?? "").split(",").length <= 20))
    }))
})
