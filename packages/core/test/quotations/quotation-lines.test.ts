/** The lines of a new quotation: matching requested lines to products, pricing them, a safe total. */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import {
  priceLines,
  type QuotableProduct,
  requestedProducts,
  resolveLines
} from "../../src/quotations/quotation-lines.ts"
import type { ProductId } from "../../src/shared/ids.ts"

const AT = Date.parse("2026-11-24T15:00:00Z")
const context = { at: AT }

const product = (n: number, price: number | null = 1000): QuotableProduct => ({
  // Short readable ids: these rules never check that an id is a UUID, only brand it.
  id: `p${n}` as ProductId,
  sku: `SKU-${n}`,
  name: `Product ${n}`,
  pricing: { productId: `p${n}`, clientListPrice: null, generalListPrice: price, promotions: [] }
})

const catalog = [product(1), product(2, 2500), product(3, null)]

describe("resolveLines", () => {
  it("matches by id or SKU, in request order; naming both must name the same product", () => {
    const lines = Result.getOrThrow(resolveLines([{ sku: "SKU-2", quantity: 1 }, { productId: "p1", sku: "SKU-1", quantity: 3 }], catalog))
    assert.deepStrictEqual(lines.map((line) => [line.product.id, line.quantity]), [["p2", 1], ["p1", 3]])
    const mismatch = resolveLines([{ productId: "p1", sku: "SKU-2", quantity: 1 }], catalog)
    assert.isTrue(Result.isFailure(mismatch))
  })

  it("reports every unknown SKU and id once, together", () => {
    const result = resolveLines(
      [{ sku: "NOPE", quantity: 1 }, { productId: "p9", quantity: 1 }, { sku: "NOPE", quantity: 2 }, { sku: "SKU-1", quantity: 1 }],
      catalog
    )
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) {
      assert.strictEqual(result.failure._tag, "ProductNotFound")
      assert.deepStrictEqual(result.failure.details, { skus: ["NOPE"], productIds: ["p9"] })
    }
  })

  it("resolves exactly when every line names a loaded product", () => {
    fc.assert(fc.property(
      fc.array(fc.record({ sku: fc.constantFrom("SKU-1", "SKU-2", "SKU-3", "SKU-X"), quantity: fc.integer({ min: 1, max: 9 }) })),
      (items) => {
        const result = resolveLines(items, catalog)
        assert.strictEqual(Result.isSuccess(result), items.every((item) => item.sku !== "SKU-X"))
        if (Result.isSuccess(result)) assert.deepStrictEqual(result.success.map((line) => line.product.sku), items.map((item) => item.sku))
      }
    ))
  })
})

describe("requestedProducts", () => {
  it("lists each named SKU and id once", () => {
    assert.deepStrictEqual(
      requestedProducts([{ sku: "A", quantity: 1 }, { sku: "A", productId: "p1", quantity: 1 }, { productId: "p1", quantity: 2 }]),
      { skus: ["A"], productIds: ["p1"] }
    )
  })
})

describe("priceLines", () => {
  it("a product without any list price is PRODUCT_NOT_FOUND", () => {
    const result = priceLines([{ quantity: 1, product: product(1) }, { quantity: 1, product: product(3, null) }], context)
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) assert.deepStrictEqual(result.failure.details, { skus: ["SKU-3"], productIds: ["p3"] })
  })

  it("a total beyond a safe integer is VALIDATION_ERROR", () => {
    const result = priceLines([{ quantity: 2, product: product(1, Number.MAX_SAFE_INTEGER) }], context)
    assert.isTrue(Result.isFailure(result) && result.failure._tag === "ValidationError")
  })

  it("total = Σ subtotals, subtotal = round(unit × quantity), lines keep their order and snapshot", () => {
    fc.assert(fc.property(
      fc.array(fc.record({
        price: fc.integer({ min: 0, max: 10_000_000 }),
        quantity: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 0.001, max: 1000, noNaN: true }))
      }), { maxLength: 20 }),
      (specs) => {
        const lines = specs.map((spec, n) => ({ quantity: spec.quantity, product: product(n, spec.price) }))
        const { items, total } = Result.getOrThrow(priceLines(lines, context))
        assert.strictEqual(total, items.reduce((sum, item) => sum + item.subtotal, 0))
        assert.isTrue(Number.isSafeInteger(total))
        items.forEach((item, n) => {
          assert.strictEqual(item.sku, `SKU-${n}`)
          assert.strictEqual(item.name, `Product ${n}`)
          assert.strictEqual(item.unitPrice, specs[n]!.price)
          assert.strictEqual(item.subtotal, Math.round(specs[n]!.price * specs[n]!.quantity))
        })
      }
    ))
  })
})
