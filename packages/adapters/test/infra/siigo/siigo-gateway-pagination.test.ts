/**
 * Every Siigo list the adapter reads follows `_links.next` to the end. The fake serves
 * pages smaller than asked for (`maxPageSize`), so each test puts records the caller
 * needs past the first page: reading only page 1 fails it.
 */
import { assert, describe, it } from "@effect/vitest"
import { createQuotationOnce } from "@quote/core/erp/create-quotation-once"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { firstProductPage } from "@quote/core/erp/erp-page"
import type { ErpQuotationRequest } from "@quote/core/erp/erp-quotation"
import { DateTime, Effect, Stream } from "effect"
import type { FakeDocumentType } from "../../../src/dev/fake-siigo/fake-siigo-records.ts"
import { FakeSiigo, type FakeSiigoHandle } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import { nextPosition } from "../../../src/infra/siigo/siigo-pagination.ts"
import { gatewayFor } from "./siigo-test-kit.ts"

const pagesRequested = (fake: FakeSiigoHandle, path: string): ReadonlyArray<string | undefined> =>
  fake.requestLog.filter((entry) => entry.method === "GET" && entry.path === path).map((entry) => entry.query.page)

const quotationFor = (fake: FakeSiigoHandle, marker: string): ErpQuotationRequest => ({
  documentId: 13261,
  date: "2025-06-10",
  customer: { identification: fake.state.customers[1]?.identification ?? "" },
  seller: 502,
  observations: marker,
  items: [{ code: "SKU-00001", quantity: 2, price: 1_000, discount: 50 }]
})

const anHourAgo = () => DateTime.makeUnsafe(Date.now() - 3_600_000)

describe("Siigo adapter: every list is read to its last page", () => {
  it.effect("sellers: 27 users in pages of 25, the active sellers of page 2 included", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 5, variance: { maxPageSize: 25 } })
      const { erp } = yield* gatewayFor(fake)
      const sellers = yield* erp.listSellers
      assert.strictEqual(sellers.length, 27)
      assert.deepStrictEqual(sellers.map((seller) => seller.id), fake.state.users.map((user) => user.id))
      const secondPage = sellers.filter((seller) => seller.id === 526 || seller.id === 527)
      assert.deepStrictEqual(secondPage.map((seller) => [seller.id, seller.active]), [[526, true], [527, true]])
      assert.deepStrictEqual(pagesRequested(fake, "/v1/users"), ["1", "2"])
    }))

  it.effect("quotation document types: a paginated lookup is followed too (and a plain array is the whole list)", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 5, variance: { maxPageSize: 10, lookups: "list" } })
      const { erp } = yield* gatewayFor(fake)
      const template = fake.state.documentTypes[0] as FakeDocumentType
      // 14 quotation types: the original is first, the last one sits on page 2.
      for (let index = 1; index <= 13; index++) {
        fake.state.documentTypes.push({ ...template, id: 14_000 + index, code: String(index + 1), active: index === 13 })
      }
      const types = yield* erp.quotationDocumentTypes
      assert.strictEqual(types.length, 14)
      assert.deepStrictEqual(types.at(-1)?.id, 14_013)
      assert.isTrue(types.at(-1)?.active)
      assert.deepStrictEqual(pagesRequested(fake, "/v1/document-types"), ["1", "2"])

      fake.controls.setVariance({ lookups: "array" })
      assert.strictEqual((yield* erp.quotationDocumentTypes).length, 14)
    }))

  it.effect("products: productsByIds reads every page of each 20-id request; the stream follows smaller pages", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 57, variance: { maxPageSize: 10 } })
      const { erp } = yield* gatewayFor(fake)
      const wanted = fake.state.products.slice(0, 20).map((product) => product.id)
      const found = yield* erp.productsByIds(wanted)
      assert.deepStrictEqual(new Set(found.map((product) => product.id)), new Set(wanted))
      const idsCalls = fake.requestLog.filter((entry) => entry.query.ids !== undefined)
      assert.deepStrictEqual(idsCalls.map((entry) => entry.query.page), ["1", "2"])

      const pages = yield* Stream.runCollect(erp.productPages(firstProductPage()))
      assert.strictEqual(pages.length, 6)
      assert.strictEqual(pages.flatMap((page) => page.items).length, 57)
      // The next cursor carries the page size Siigo used, not the one asked for.
      assert.strictEqual(pages[0]?.next?.pageSize, 10)
    }))

  it.effect("customers: a name search reads every page (Siigo has no name filter)", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 5, variance: { maxPageSize: 10 } })
      const { erp } = yield* gatewayFor(fake)
      const template = fake.state.customers[0]
      assert.isDefined(template)
      if (template === undefined) return
      // Oldest first in Siigo's newest-first order: these come after the 10 seeded ones.
      for (let index = 0; index < 12; index++) {
        fake.state.customers.push({
          ...template,
          id: `lejana-${index}`,
          identification: String(800_000_100 + index),
          name: [`Distribuidora Lejana ${index} S.A.S.`],
          commercial_name: "",
          metadata: { created: `2019-01-01T00:00:${String(10 + index)}Z`, last_updated: null }
        })
      }
      const byName = yield* erp.listCustomers({ page: 1, pageSize: 100, name: "lejana" })
      assert.strictEqual(byName.total, 12)
      assert.strictEqual(byName.items.length, 12)
      assert.deepStrictEqual(pagesRequested(fake, "/v1/customers"), ["1", "2", "3"])

    }))

  it.effect("quotations: the duplicate-safety lookup finds a quotation on page 2 and sends nothing", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 5, variance: { maxPageSize: 10 } })
      const { erp } = yield* gatewayFor(fake)
      const target = quotationFor(fake, "Pedido web Q-PAGE-2")
      yield* erp.createQuotation(target)
      for (let index = 0; index < 10; index++) yield* erp.createQuotation(quotationFor(fake, `Otro ${index}`))
      // Newest first: the target is the 11th, on page 2.
      const found = yield* erp.findQuotations({
        customerIdentification: target.customer.identification,
        createdStart: anHourAgo()
      })
      assert.strictEqual(found.length, 11)

      const again = yield* createQuotationOnce(target, { createdStart: anHourAgo(), recheckAfter: 0 }).pipe(
        Effect.provideService(ErpGateway, erp)
      )
      assert.strictEqual(again.outcome, "existing")
      assert.strictEqual(fake.state.quotations.length, 11)
      assert.strictEqual(again.quotation.observations, "Pedido web Q-PAGE-2")
    }))

  it("the next page comes from _links.next, else from the counts when a list has no _links", () => {
    const at = { page: 2, pageSize: 100 }
    const link = (href: string) => ({ results: [], _links: { next: { href } } })
    assert.deepStrictEqual(nextPosition(link("https://api.siigo.com/v1/users?page=3&page_size=25"), at), { page: 3, pageSize: 25 })
    assert.deepStrictEqual(nextPosition(link("/v1/users?type=C"), at), { page: 3, pageSize: 100 })
    assert.isNull(nextPosition({ results: [], _links: {} }, at))
    assert.isNull(nextPosition({ results: [], _links: { next: { href: null } } }, at))
    const counted = (page: number, total: number) => ({ results: [], pagination: { page, page_size: 25, total_results: total } })
    assert.deepStrictEqual(nextPosition(counted(1, 27), at), { page: 2, pageSize: 25 })
    assert.isNull(nextPosition(counted(2, 27), at))
    assert.isNull(nextPosition({ results: [] }, at))
  })
})
