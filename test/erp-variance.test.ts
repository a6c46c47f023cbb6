/**
 * The Siigo adapter follows the ERP, not our fake (issue #11): over HTTP, against a fake
 * Siigo that serves pages smaller than asked for, discounts as objects and fields the
 * service does not know, the sellers list is complete, the catalog sync reads every page,
 * and a quotation push (and its duplicate-safety lookup) succeeds.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import {
  connectedTo,
  FakeErp,
  fakeSettingsBody,
  insertQuotation,
  type QuotationLine,
  syncedProducts
} from "../packages/adapters/test/app/erp/erp-test-kit.ts"
import { QuotationId } from "@quote/core/shared/ids"
import { TestServer, testUsers } from "./support/test-server.ts"

const base = "/api/integrations/erp"
/** A customer of the fake Siigo (with contacts), so pushes can find it. */
const erpCustomerNit = "900100007"

/** Siigo's answer as stored: the fields this test reads. */
const StoredErpResponse = Schema.Struct({
  items: Schema.Array(Schema.Struct({ discount: Schema.Record(Schema.String, Schema.Unknown) })),
  x_siigo_revision: Schema.Number
})

const ready = Effect.gen(function*() {
  const server = yield* TestServer
  const fake = yield* FakeErp
  const admin = yield* server.login(testUsers.admin)
  yield* server.request("PUT", `${base}/settings`, { token: admin, body: fakeSettingsBody(fake) })
  const erp = (yield* server.api(admin)).erp
  /** `POST /quotes/:quoteId` through the typed client (its answer is the 201). */
  const push = (quotationId: string) => erp.pushQuote({ params: { quoteId: Schema.decodeSync(QuotationId)(quotationId) } })
  return { server, fake, admin, erp, push }
})

const linesOf = (products: ReadonlyArray<{ readonly id: string; readonly sku: string; readonly name: string }>) =>
  products.map((product, index): QuotationLine => ({
    productId: product.id,
    sku: product.sku,
    name: product.name,
    quantity: index + 1,
    unitPrice: 5_000 * (index + 1)
  }))

layer(
  connectedTo(TestServer.layer(), { fake: { products: 45, variance: { maxPageSize: 25, discountShape: "object" } } }),
  { excludeTestServices: true }
)("ERP answers that vary", (it) => {
  it.effect("GET /sellers lists all 27 ERP users over two pages of 25, the active sellers of page 2 included", () =>
    Effect.gen(function*() {
      const { erp, fake } = yield* ready
      const { items } = yield* erp.sellers()
      assert.deepStrictEqual(items.map((item) => item.id), fake.state.users.map((user) => user.id))
      assert.deepStrictEqual(items.filter((item) => item.id >= 526).map((item) => [item.id, item.active]), [
        [526, true],
        [527, true]
      ])
      const pages = fake.requestLog.filter((entry) => entry.path === "/v1/users").map((entry) => entry.query.page)
      assert.deepStrictEqual(pages, ["1", "2"])
    }))

  it.effect("the catalog sync reads every page; a push succeeds with object discounts and unknown fields", () =>
    Effect.gen(function*() {
      const { admin, fake, push, server } = yield* ready
      const sync = yield* server.request("POST", `${base}/sync/products`, { token: admin })
      assert.strictEqual(sync.status, 200)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [synced] = yield* sql<{ readonly count: number }>`
        select count(*)::int as count from products where erp_id is not null`
      assert.strictEqual(synced?.count, fake.state.products.length)

      const quote = yield* insertQuotation({ nit: erpCustomerNit, lines: linesOf(yield* syncedProducts(2)), advisorSellerId: 526 })
      const body = yield* push(quote.quotationId)
      assert.strictEqual(body.erpResponse.id, body.erpQuoteId)
      assert.strictEqual(fake.state.quotations.find((quotation) => quotation.id === body.erpQuoteId)?.seller, 526)
      // Siigo's answer is stored as received: object discounts and unknown fields included.
      const [stored] = yield* sql<{ readonly erp_response: unknown }>`
        select erp_response from erp_quotation_operations where erp_quote_id = ${body.erpQuoteId} and status = 'success'`
      const response = typeof stored?.erp_response === "string"
        ? Schema.decodeUnknownSync(Schema.fromJsonString(StoredErpResponse))(stored.erp_response)
        : Schema.decodeUnknownSync(StoredErpResponse)(stored?.erp_response)
      assert.deepInclude(response.items[0]!.discount, { percentage: 0, value: 0 })
      assert.strictEqual(response.x_siigo_revision, 7)
    }))

  it.effect("a push whose answer was lost is recovered through the lookup, with object discounts", () =>
    Effect.gen(function*() {
      const { admin, fake, push, server } = yield* ready
      if ((yield* syncedProducts(1)).length === 0) {
        assert.strictEqual((yield* server.request("POST", `${base}/sync/products`, { token: admin })).status, 200)
      }
      const quote = yield* insertQuotation({ nit: erpCustomerNit, lines: linesOf(yield* syncedProducts(3)), advisorSellerId: 501 })
      fake.controls.failNextQuotationCreates(1)
      const pushed = yield* push(quote.quotationId)
      const copies = fake.state.quotations.filter((quotation) => quotation.observations.startsWith(`Cotización ${quote.code}`))
      assert.strictEqual(copies.length, 1)
      assert.strictEqual(pushed.erpQuoteId, copies[0]?.id)
    }))
})
