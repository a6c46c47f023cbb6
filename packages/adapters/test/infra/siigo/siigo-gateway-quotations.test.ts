/** Quotations: create, read, find, and sending once despite a 500 or a time-out that created it. */
import { assert, describe, it } from "@effect/vitest"
import { createQuotationOnce } from "@quote/core/erp/create-quotation-once"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import type { ErpQuotationRequest } from "@quote/core/erp/erp-quotation"
import { DateTime, Effect, Option } from "effect"
import { FakeSiigo, type FakeSiigoHandle } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import { fastOptions, gatewayFor } from "./siigo-test-kit.ts"

const requestFor = (fake: FakeSiigoHandle, observations = "Pedido web Q-000123"): ErpQuotationRequest => ({
  documentId: 13261,
  date: "2025-06-10",
  customer: { identification: fake.state.customers[1]?.identification ?? "" },
  seller: 502,
  observations,
  items: [
    { code: "SKU-00001", quantity: 3, price: 12_000, taxes: [13156] },
    { code: "SKU-00002", quantity: 1.5, price: 999.99, discount: 100, description: "Con descuento" }
  ]
})

const anHourAgo = () => DateTime.makeUnsafe(Date.now() - 3_600_000)

describe("Siigo adapter: quotations", () => {
  it.effect("creates a quotation and reads it back with its public_url", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 20 })
      const { erp } = yield* gatewayFor(fake)
      const created = yield* erp.createQuotation(requestFor(fake))
      assert.strictEqual(created.name, "C-1-1")
      assert.strictEqual(created.documentId, 13261)
      assert.strictEqual(created.seller, 502)
      assert.strictEqual(created.items.length, 2)
      // 3 × 12,000 = 36,000 + IVA 19% 6,840; 1.5 × 999.99 − 100 = 1,399.99 (rounded at each step).
      assert.strictEqual(created.total, 42_840 + 1_399.99)
      assert.isNotNull(created.publicUrl)
      assert.isNotNull(created.createdAt)

      const read = yield* erp.getQuotation(created.id)
      assert.strictEqual(Option.getOrUndefined(read)?.publicUrl, created.publicUrl)
      assert.isTrue(Option.isNone(yield* erp.getQuotation("00000000-0000-4000-8000-000000000000")))
    }))

  it.effect("a 500 that created the quotation: createQuotation fails, findQuotations finds it", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 20 })
      const { erp } = yield* gatewayFor(fake)
      fake.controls.failNextQuotationCreates(1)
      const error = yield* Effect.flip(erp.createQuotation(requestFor(fake)))
      assert.strictEqual(error._tag, "ErpHttpError")
      if (error._tag !== "ErpHttpError") return
      assert.strictEqual(error.details.status, 500)
      assert.isTrue(error.mayHaveBeenProcessed)
      // Never resent by the adapter.
      assert.strictEqual(fake.requestLog.filter((entry) => entry.method === "POST" && entry.path === "/v1/quotations").length, 1)
      assert.strictEqual(fake.state.quotations.length, 1)

      const found = yield* erp.findQuotations({
        customerIdentification: requestFor(fake).customer.identification,
        createdStart: anHourAgo()
      })
      assert.deepStrictEqual(found.map((quotation) => quotation.id), [fake.state.quotations[0]?.id])
      const byName = yield* erp.findQuotations({
        customerIdentification: requestFor(fake).customer.identification,
        createdStart: anHourAgo(),
        name: "C-1-999"
      })
      assert.strictEqual(byName.length, 0)
    }))

  it.effect("createQuotationOnce: after a 500 that created it, exactly one quotation exists", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 20 })
      const { erp } = yield* gatewayFor(fake)
      fake.controls.failNextQuotationCreates(1)
      const request = requestFor(fake)
      const lookup = { createdStart: anHourAgo(), recheckAfter: 0 }
      const first = yield* createQuotationOnce(request, lookup).pipe(Effect.provideService(ErpGateway, erp))
      assert.strictEqual(first.outcome, "recovered")
      assert.strictEqual(fake.state.quotations.length, 1)
      assert.strictEqual(first.quotation.id, fake.state.quotations[0]?.id)

      // The caller retries later (say, its own request timed out): found, not re-sent.
      const second = yield* createQuotationOnce(request, lookup).pipe(Effect.provideService(ErpGateway, erp))
      assert.strictEqual(second.outcome, "existing")
      assert.strictEqual(second.quotation.id, first.quotation.id)
      assert.strictEqual(fake.state.quotations.length, 1)

      // Another quotation for the same customer is not mistaken for this one.
      const other = yield* createQuotationOnce(requestFor(fake, "Pedido web Q-000124"), lookup).pipe(
        Effect.provideService(ErpGateway, erp)
      )
      assert.strictEqual(other.outcome, "created")
      assert.strictEqual(fake.state.quotations.length, 2)
    }))

  it.live("createQuotationOnce: a time-out that still created it is recovered, not duplicated", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 20 })
      const { erp } = yield* gatewayFor(fake, { gateway: { ...fastOptions, requestTimeout: "150 millis" } })
      yield* erp.listSellers
      // Only the create is slow: Siigo finishes it after the client gave up.
      fake.controls.setDelay(300, { pathPrefix: "/v1/quotations", method: "POST" })
      const sent = yield* createQuotationOnce(requestFor(fake), {
        createdStart: anHourAgo(),
        recheckAfter: "400 millis"
      }).pipe(Effect.provideService(ErpGateway, erp))
      assert.strictEqual(sent.outcome, "recovered")
      assert.strictEqual(fake.state.quotations.length, 1)
    }))

  it.effect("createQuotationOnce: a rejected quotation fails with Siigo's error and creates nothing", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 20 })
      const { erp } = yield* gatewayFor(fake)
      const noContacts = fake.state.customers.find((customer) => customer.contacts.length === 0)
      const error = yield* createQuotationOnce(
        { ...requestFor(fake), customer: { identification: noContacts?.identification ?? "" } },
        { createdStart: anHourAgo(), recheckAfter: 0 }
      ).pipe(Effect.provideService(ErpGateway, erp), Effect.flip)
      assert.strictEqual(error._tag, "ErpHttpError")
      if (error._tag === "ErpHttpError") assert.deepStrictEqual(error.details.codes, ["customer_settings"])
      assert.strictEqual(fake.state.quotations.length, 0)
    }))

  it.effect("ErpGateway.notConnected answers ErpNotConnected (503 ERP_NOT_CONNECTED) everywhere", () =>
    Effect.gen(function*() {
      const erp = yield* ErpGateway
      const error = yield* Effect.flip(erp.testConnection)
      assert.strictEqual(error._tag, "ErpNotConnected")
      const viaHelper = yield* Effect.flip(createQuotationOnce(
        {
          documentId: 1,
          date: "2025-01-01",
          customer: { identification: "900100007" },
          seller: 1,
          items: [{ code: "A", quantity: 1, price: 1 }]
        },
        { createdStart: DateTime.makeUnsafe(0) }
      ))
      assert.strictEqual(viaHelper._tag, "ErpNotConnected")
    }).pipe(Effect.provide(ErpGateway.notConnected)))
})
