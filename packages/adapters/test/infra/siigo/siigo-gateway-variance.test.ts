/**
 * Decode only what the service reads, tolerate the rest: Siigo's answers with `discount`
 * as a number or an object, numbers as text and fields the service does not know must
 * not turn a call that succeeded in Siigo into a failure.
 */
import { assert, describe, it } from "@effect/vitest"
import { createQuotationOnce } from "@quote/core/erp/create-quotation-once"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import type { ErpQuotationRequest } from "@quote/core/erp/erp-quotation"
import { DateTime, Effect, Option, Result, Schema } from "effect"
import { FakeSiigo, type FakeSiigoHandle } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import type { FakeDiscountShape } from "../../../src/dev/fake-siigo/fake-siigo-variance.ts"
import { toErpCustomer, toErpProduct, toErpQuotation } from "../../../src/infra/siigo/siigo-mapping.ts"
import { WireCustomer, WireProduct, WireQuotation } from "../../../src/infra/siigo/siigo-wire.ts"
import { gatewayFor, rawCall, rawToken } from "./siigo-test-kit.ts"

const requestFor = (fake: FakeSiigoHandle, observations: string): ErpQuotationRequest => ({
  documentId: 13261,
  date: "2025-06-10",
  customer: { identification: fake.state.customers[1]?.identification ?? "" },
  seller: 502,
  observations,
  items: [
    { code: "SKU-00001", quantity: 3, price: 12_000, taxes: [13156] },
    { code: "SKU-00002", quantity: 2, price: 1_000, discount: 100 }
  ]
})

const anHourAgo = () => DateTime.makeUnsafe(Date.now() - 3_600_000)

const discountShapes: ReadonlyArray<FakeDiscountShape> = ["object", "value-object", "number", "mixed"]

describe("Siigo adapter: Siigo's answers vary", () => {
  it.effect("the fake serves discounts as objects and fields the service does not know, everywhere", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 5, variance: { discountShape: "object" } })
      const { erp } = yield* gatewayFor(fake)
      yield* erp.createQuotation(requestFor(fake, "Muestra"))
      const token = yield* rawToken(fake)
      const listed = yield* rawCall(fake, "GET", "/v1/quotations", { token })
      const Served = Schema.Struct({
        x_siigo_revision: Schema.Number,
        _links: Schema.Struct({ x_siigo_extension: Schema.Unknown }),
        results: Schema.Array(Schema.Struct({
          x_siigo_extension: Schema.Unknown,
          customer: Schema.Struct({ x_siigo_revision: Schema.Number }),
          items: Schema.Array(Schema.Struct({
            discount: Schema.Struct({ percentage: Schema.Number, value: Schema.Number }),
            x_siigo_revision: Schema.Number
          }))
        }))
      })
      const served = Schema.decodeUnknownSync(Served)(listed.body)
      assert.deepStrictEqual(served.results[0]?.items[1]?.discount, { percentage: 5, value: 100 })
    }))

  for (const shape of discountShapes) {
    it.effect(`create, read and look up quotations whose discounts come as ${shape}`, () =>
      Effect.gen(function*() {
        const fake = yield* FakeSiigo.scoped({ products: 5, variance: { discountShape: shape } })
        const { erp } = yield* gatewayFor(fake)
        const created = yield* erp.createQuotation(requestFor(fake, `Forma ${shape}`))
        assert.deepStrictEqual(created.items.map((item) => item.discount), [0, 100])
        const read = yield* erp.getQuotation(created.id)
        assert.deepStrictEqual(Option.getOrUndefined(read)?.items.map((item) => item.discount), [0, 100])
        const found = yield* erp.findQuotations({
          customerIdentification: requestFor(fake, "").customer.identification,
          createdStart: anHourAgo()
        })
        assert.deepStrictEqual(found.map((quotation) => quotation.id), [created.id])
        // Siigo's JSON is kept as received, unknown fields included.
        assert.property(created.raw as object, "x_siigo_extension")
      }))
  }

  it.effect("a create whose answer was lost is recovered by the lookup, with object discounts", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 5, variance: { discountShape: "object" } })
      const { erp } = yield* gatewayFor(fake)
      const request = requestFor(fake, "Pedido web Q-LOST")
      fake.controls.failNextQuotationCreates(1)
      const lookup = { createdStart: anHourAgo(), recheckAfter: 0 }
      const first = yield* createQuotationOnce(request, lookup).pipe(Effect.provideService(ErpGateway, erp))
      assert.strictEqual(first.outcome, "recovered")
      const second = yield* createQuotationOnce(request, lookup).pipe(Effect.provideService(ErpGateway, erp))
      assert.strictEqual(second.outcome, "existing")
      assert.strictEqual(second.quotation.id, first.quotation.id)
      assert.strictEqual(fake.state.quotations.length, 1)
    }))

  it.effect("quotation JSON: numbers as text, seller as {id}, a percentage-only discount, odd extras", () =>
    Effect.gen(function*() {
      const raw = {
        id: "q-1",
        document: { id: "13261", extra: [1] },
        number: "22",
        name: "C-1-22",
        date: "2025-06-10",
        customer: { id: null, identification: 900100014, branch_office: "0", unknown: { a: 1 } },
        seller: { id: 502, name: "Andrés" },
        total: "2380.00",
        observations: "Pedido",
        items: [
          { code: "SKU-1", quantity: "2", price: 1000, discount: { percentage: 10 }, taxes: [{ id: 13156, value: 380 }] },
          { code: 77, quantity: 1, price: "500.5", discount: "abc", total: { amount: 1 } }
        ],
        public_url: { href: "https://publicview.siigo.com/x" },
        metadata: { created: 12345 },
        stamp: { status: "Draft" }
      }
      const quotation = toErpQuotation(yield* Schema.decodeUnknownEffect(WireQuotation)(raw), raw)
      assert.strictEqual(quotation.documentId, 13261)
      assert.strictEqual(quotation.number, 22)
      assert.strictEqual(quotation.seller, 502)
      assert.strictEqual(quotation.total, 2380)
      assert.deepStrictEqual(quotation.customer, { id: null, identification: "900100014", branchOffice: 0 })
      assert.deepStrictEqual(
        quotation.items.map((item) => [item.code, item.quantity, item.price, item.discount, item.total]),
        [["SKU-1", 2, 1000, 200, 0], ["77", 1, 500.5, 0, 0]]
      )
      // Fields the service does not rely on, in an odd shape: null, not a failure.
      assert.isNull(quotation.publicUrl)
      assert.isNull(quotation.createdAt)

      // The lines are what recognises a quotation: unreadable lines still fail.
      const unreadable = Schema.decodeUnknownResult(WireQuotation)({ ...raw, items: [{ code: "SKU-1", quantity: "two", price: 1 }] })
      assert.isTrue(Result.isFailure(unreadable))
      assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(WireQuotation)({ ...raw, id: undefined })))
    }))

  it.effect("product and customer JSON: read fields accept text numbers; misread prices fail the record", () =>
    Effect.gen(function*() {
      const product = toErpProduct(yield* Schema.decodeUnknownEffect(WireProduct)({
        id: "p-1",
        code: "X1",
        name: "Arroz",
        available_quantity: "14.5",
        prices: [{ currency_code: "COP", price_list: [{ position: "1", value: "12000.00", name: 3 }] }],
        taxes: [{ id: "13156", percentage: "19", name: { es: "IVA" } }],
        unit: "94",
        account_group: { id: 1253, name: "Productos" },
        warehouses: "none",
        metadata: "2020-06-15",
        additional_fields: { barcode: 770123, brand: ["x"] },
        new_field: { deep: [{ deeper: null }] }
      }))
      assert.strictEqual(product.availableQuantity, 14.5)
      assert.deepStrictEqual(product.prices, [{ currencyCode: "COP", priceList: [{ position: 1, name: null, value: 12_000 }] }])
      assert.deepStrictEqual(product.taxes, [{ id: 13156, name: "", type: null, percentage: 19 }])
      assert.deepStrictEqual(product.unit, { code: "94", name: null })
      assert.deepStrictEqual(product.warehouses, [])
      assert.strictEqual(product.barcode, "770123")
      assert.isNull(product.brand)
      assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(WireProduct)({
        id: "p-2",
        code: "X2",
        prices: [{ currency_code: "COP", price_list: [{ position: 1, value: "doce mil" }] }]
      })))

      const customer = toErpCustomer(yield* Schema.decodeUnknownEffect(WireCustomer)({
        id: "c-1",
        identification: 900100007,
        id_type: 31,
        name: "Comercializadora S.A.S.",
        branch_office: "2",
        fiscal_responsibilities: ["R-99-PN", { code: "O-13", name: { odd: true } }],
        related_users: { seller_id: "501", collector_id: null },
        address: { address: "Calle 1", city: { country_code: "Co", state_code: 11, city_code: "11001", city_name: 7 } },
        metadata: { created: ["odd"] },
        unknown: true
      }))
      assert.deepStrictEqual(customer.idType, { code: "31", name: null })
      assert.deepStrictEqual(customer.name, ["Comercializadora S.A.S."])
      assert.strictEqual(customer.branchOffice, 2)
      assert.deepStrictEqual(customer.fiscalResponsibilities, [{ code: "R-99-PN", name: null }, { code: "O-13", name: null }])
      assert.strictEqual(customer.relatedUsers.sellerId, 501)
      assert.strictEqual(customer.address?.city?.stateCode, "11")
      assert.isNull(customer.address?.city?.cityName)
    }))

  it.effect("sellers and document types with unknown fields and odd display fields decode", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 5 })
      const { erp } = yield* gatewayFor(fake)
      const user = fake.state.users[0]
      if (user !== undefined) Object.assign(user, { first_name: { given: "Laura" }, active: "yes", email: null })
      const sellers = yield* erp.listSellers
      assert.strictEqual(sellers[0]?.id, 501)
      assert.isNull(sellers[0]?.firstName)
      assert.isTrue(sellers[0]?.active)
      const documentType = fake.state.documentTypes[0]
      if (documentType !== undefined) Object.assign(documentType, { consecutive: "n/a", decimals: "true" })
      const types = yield* erp.quotationDocumentTypes
      assert.deepStrictEqual(types.map((type) => [type.id, type.active, type.consecutive]), [[13261, true, null]])
    }))
})
