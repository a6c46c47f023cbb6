import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import {
  lineSubtotal,
  priceProduct,
  priceQuotation,
  type ProductPricingInput,
  type Promotion,
  quoteLines
} from "../../src/pricing/pricing.ts"

const NOW = Date.parse("2026-11-24T15:00:00Z")
const HOUR = 3_600_000

const promo = (overrides: Partial<Promotion>): Promotion => ({
  id: "promo",
  kind: "general",
  productId: "p1",
  price: 900,
  startsAt: NOW - HOUR,
  endsAt: NOW + HOUR,
  active: true,
  appliesToClient: false,
  ...overrides
})

const product = (overrides: Partial<ProductPricingInput>): ProductPricingInput => ({
  productId: "p1",
  clientListPrice: null,
  generalListPrice: 1000,
  promotions: [],
  ...overrides
})

const ctx = { at: NOW }

describe("priceProduct examples", () => {
  it("general list price without promotions", () => {
    assert.deepStrictEqual(priceProduct(product({}), ctx), {
      productId: "p1",
      priceListPrice: 1000,
      priceListSource: "general",
      promotionPrice: null,
      promotionId: null,
      finalPrice: 1000,
      priceType: "price_list"
    })
  })

  it("client list wins over the general list, per product", () => {
    const p = priceProduct(product({ clientListPrice: 950 }), ctx)!
    assert.strictEqual(p.priceListPrice, 950)
    assert.strictEqual(p.priceListSource, "client")
  })

  it("the lowest of list, general promotion and the client's specific promotion wins", () => {
    const p = priceProduct(
      product({
        clientListPrice: 950,
        promotions: [
          promo({ id: "g", price: 900 }),
          promo({ id: "s", kind: "specific", price: 850, appliesToClient: true }),
          promo({ id: "other", kind: "specific", price: 100, appliesToClient: false })
        ]
      }),
      ctx
    )!
    assert.strictEqual(p.finalPrice, 850)
    assert.strictEqual(p.priceType, "promotion")
    assert.strictEqual(p.promotionPrice, 850)
    assert.strictEqual(p.promotionId, "s")
    assert.strictEqual(p.priceListPrice, 950)
  })

  it("promotion period: startsAt inclusive, endsAt exclusive, null bounds open", () => {
    const at = (promotion: Promotion) => priceProduct(product({ promotions: [promotion] }), ctx)!.priceType
    assert.strictEqual(at(promo({ startsAt: NOW })), "promotion")
    assert.strictEqual(at(promo({ startsAt: NOW + 1 })), "price_list")
    assert.strictEqual(at(promo({ endsAt: NOW })), "price_list")
    assert.strictEqual(at(promo({ endsAt: NOW + 1 })), "promotion")
    assert.strictEqual(at(promo({ startsAt: null, endsAt: null })), "promotion")
    assert.strictEqual(at(promo({ active: false })), "price_list")
    assert.strictEqual(at(promo({ startsAt: new Date(NOW - 1), endsAt: new Date(NOW + 1) })), "promotion")
  })

  it("a tie with the list price keeps price_list; promotionPrice still reports it", () => {
    const p = priceProduct(product({ promotions: [promo({ price: 1000 })] }), ctx)!
    assert.strictEqual(p.priceType, "price_list")
    assert.strictEqual(p.finalPrice, 1000)
    assert.strictEqual(p.promotionPrice, 1000)
    assert.isNull(p.promotionId)
  })

  it("a product priced in no list cannot be quoted", () => {
    assert.isUndefined(priceProduct(product({ generalListPrice: null, promotions: [promo({})] }), ctx))
  })
})

describe("pricing properties", () => {
  const promotionArb = fc.record({
    id: fc.uuid(),
    kind: fc.constantFrom("general" as const, "specific" as const),
    productId: fc.constantFrom("p1", "p2"),
    price: fc.integer({ min: 0, max: 200_000 }),
    startsAt: fc.option(fc.integer({ min: NOW - 10 * HOUR, max: NOW + 10 * HOUR }), { nil: null }),
    endsAt: fc.option(fc.integer({ min: NOW - 10 * HOUR, max: NOW + 10 * HOUR }), { nil: null }),
    active: fc.boolean(),
    appliesToClient: fc.boolean()
  })
  const inputArb = fc.record({
    productId: fc.constant("p1"),
    clientListPrice: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
    generalListPrice: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
    promotions: fc.array(promotionArb, { maxLength: 6 })
  })
  const applies = (p: Promotion) =>
    p.productId === "p1" && p.active && (p.startsAt === null || (p.startsAt as number) <= NOW) &&
    (p.endsAt === null || NOW < (p.endsAt as number)) && (p.kind === "general" || p.appliesToClient)

  it("final ≤ list price; list price = client list else general list", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const p = priceProduct(input, ctx)
        const expectedList = input.clientListPrice ?? input.generalListPrice
        if (expectedList === null) return assert.isUndefined(p)
        assert.isDefined(p)
        assert.strictEqual(p!.priceListPrice, expectedList)
        assert.isAtMost(p!.finalPrice, p!.priceListPrice)
        assert.isTrue(Number.isInteger(p!.finalPrice))
      })
    )
  })

  it("final = min(list, applicable promotions); inactive, out-of-period, other-product and other-client promotions never apply", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const p = priceProduct(input, ctx)
        if (p === undefined) return
        const applicable = input.promotions.filter(applies).map((x) => x.price)
        assert.strictEqual(p.finalPrice, Math.min(p.priceListPrice, ...applicable))
        assert.strictEqual(p.promotionPrice, applicable.length === 0 ? null : Math.min(...applicable))
        assert.strictEqual(p.priceType, applicable.length > 0 && Math.min(...applicable) < p.priceListPrice ? "promotion" : "price_list")
      })
    )
  })

  it("a specific promotion applies only to its clients; a general one to everyone", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.boolean(), fc.constantFrom("general" as const, "specific" as const), (price, appliesToClient, kind) => {
        const p = priceProduct(
          product({ generalListPrice: 2000, promotions: [promo({ kind, price, appliesToClient })] }),
          ctx
        )!
        assert.strictEqual(p.priceType === "promotion", kind === "general" || appliesToClient)
      })
    )
  })

  it("quotation total = Σ subtotals, subtotal = unitPrice × quantity", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(inputArb, fc.integer({ min: 1, max: 500 })), { maxLength: 20 }),
        (lines) => {
          const result = quoteLines(lines.map(([pricing, quantity]) => ({ pricing, quantity })), ctx)
          assert.strictEqual(result.total, result.items.reduce((sum, item) => sum + item.subtotal, 0))
          for (const item of result.items) {
            assert.strictEqual(item.subtotal, item.unitPrice * item.quantity)
            assert.isTrue(Number.isInteger(item.subtotal))
          }
          assert.strictEqual(result.items.length + result.unpriced.length, lines.length)
        }
      )
    )
  })

  it("fractional quantities round the subtotal to the peso", () => {
    assert.strictEqual(lineSubtotal(1999, 1.5), 2999)
    const priced = priceQuotation([{ productId: "p1", quantity: 2, price: priceProduct(product({}), ctx)! }])
    assert.deepStrictEqual(priced, { items: [{ productId: "p1", quantity: 2, unitPrice: 1000, priceType: "price_list", subtotal: 2000 }], total: 2000 })
  })
})
