/**
 * Sending quotations to the ERP over HTTP, against a fake Siigo: every error code of
 * `POST /quotes/:quoteId`, the success path (status `synced`, the webhook event), never
 * creating a quotation twice (500 that created it, DB_COMMIT_FAILED then resend,
 * concurrent pushes, retry), history and refresh-url. Quotations are inserted with SQL.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import {
  connectedTo,
  FakeErp,
  fakeSettingsBody,
  insertQuotation,
  type QuotationLine,
  syncedProducts
} from "../packages/adapters/test/app/erp/erp-test-kit.ts"
import {
  AlreadySynced,
  DbCommitFailed,
  ErpHttpError,
  QuoteHasDeletedProducts,
  QuoteHasUnsyncedProducts
} from "@quote/core/erp/errors"
import { QuotationId } from "@quote/core/shared/ids"
import { errorCode, errorOf, TestServer, testUsers } from "./support/test-server.ts"

const base = "/api/integrations/erp"
/** A customer of the fake Siigo (with contacts), so pushes can find it. */
const erpCustomerNit = "900100007"
const missingId = "00000000-0000-4000-8000-000000000000"

const asQuotationId = Schema.decodeSync(QuotationId)

/** Settings stored and the catalog synced once per server. */
const ready = Effect.gen(function*() {
  const server = yield* TestServer
  const fake = yield* FakeErp
  const admin = yield* server.login(testUsers.admin)
  const products = yield* syncedProducts(3)
  if (products.length === 0) {
    yield* server.request("PUT", `${base}/settings`, { token: admin, body: fakeSettingsBody(fake) })
    const sync = yield* server.request("POST", `${base}/sync/products`, { token: admin })
    assert.strictEqual(sync.status, 200)
  }
  const lines: ReadonlyArray<QuotationLine> = (yield* syncedProducts(2)).map((product, index) => ({
    productId: product.id,
    sku: product.sku,
    name: product.name,
    quantity: index + 1,
    unitPrice: 10_000 * (index + 1)
  }))
  const erp = (yield* server.api(admin)).erp
  /** `POST /quotes/:quoteId` through the typed client (its answer is the 201). */
  const push = (quotationId: string) => erp.pushQuote({ params: { quoteId: asQuotationId(quotationId) } })
  const history = (quotationId: string) =>
    Effect.map(erp.quoteHistory({ params: { quoteId: asQuotationId(quotationId) } }), (list) => list.items)
  return { server, fake, admin, lines, erp, push, history }
})

const copiesInErp = (fake: FakeErp["Service"], code: string) =>
  fake.state.quotations.filter((quotation) => quotation.observations.startsWith(`Cotización ${code}`)).length

layer(connectedTo(TestServer.layer()), { excludeTestServices: true })("ERP quotation pushes", (it) => {
  it.effect("success: 201, the quotation becomes synced with the ERP id and link, and the status event is recorded", () =>
    Effect.gen(function*() {
      const { admin, fake, history, lines, push, server } = yield* ready
      const quote = yield* insertQuotation({ nit: erpCustomerNit, lines, advisorSellerId: 501, notes: "Entregar en la mañana" })
      const body = yield* push(quote.quotationId)
      assert.strictEqual(body.status, "success")
      assert.strictEqual(body.quotationCode, quote.code)
      assert.strictEqual(body.erpResponse.id, body.erpQuoteId)
      assert.match(body.erpResponse.name ?? "", /^C-1-\d+$/)
      const inErp = fake.state.quotations.find((quotation) => quotation.id === body.erpQuoteId)
      assert.strictEqual(inErp?.observations, `Cotización ${quote.code}. Entregar en la mañana`)
      assert.strictEqual(inErp?.seller, 501)
      assert.deepStrictEqual(inErp?.items.map((item) => [item.code, item.quantity, item.price]), lines.map((line) => [line.sku, line.quantity, line.unitPrice]))
      // Taxes come from the ERP product (Siigo does not add them by itself).
      assert.isAbove(inErp?.items[0]?.taxes.length ?? 0, 0)
      assert.strictEqual(body.erpResponse.total, inErp?.total)

      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [row] = yield* sql<{
        readonly status: string
        readonly erp_quotation_id: string
        readonly erp_quotation_number: string
        readonly erp_url: string
      }>`select status, erp_quotation_id, erp_quotation_number, erp_url from quotations where id = ${quote.quotationId}`
      assert.deepStrictEqual(row, {
        status: "synced",
        erp_quotation_id: body.erpQuoteId,
        erp_quotation_number: body.erpResponse.name,
        erp_url: `${fake.url}/public/quotations/${body.erpQuoteId}`
      })
      const events = yield* sql<{ readonly status: string; readonly previous_status: string }>`
        select status, previous_status from webhook_events
         where entity_id = ${quote.quotationId} and type = 'quotation.status_changed'`
      assert.deepStrictEqual(events.map((event) => [event.previous_status, event.status]), [["pending", "synced"]])

      // Again: 409 ALREADY_SYNCED with the ids; retry forces a new attempt, which finds the same
      // ERP quotation, so nothing is created and the second success is refused.
      const again = yield* server.request("POST", `${base}/quotes/${quote.quotationId}`, { token: admin })
      assert.strictEqual(again.status, 409)
      assert.strictEqual(errorCode(again), "ALREADY_SYNCED")
      assert.deepStrictEqual(errorOf(again, AlreadySynced).details, {
        erpQuoteId: body.erpQuoteId,
        integrationId: body.integrationId
      })
      const retry = yield* server.request("POST", `${base}/quotes/${quote.quotationId}/retry`, { token: admin })
      assert.strictEqual(retry.status, 409)
      assert.strictEqual(errorCode(retry), "ALREADY_SYNCED")
      assert.strictEqual(copiesInErp(fake, quote.code), 1)

      const items = yield* history(quote.quotationId)
      assert.deepStrictEqual(items.map((item) => [item.attempt_count, item.status]), [[2, "error"], [1, "success"]])
      assert.strictEqual(items[1]?.erp_quote_id, body.erpQuoteId)
      assert.strictEqual(items[1]?.triggered_by_name, "Administrador")
    }))

  it.effect("a create that answers 500 but created the quotation: recovered, exactly one in the ERP", () =>
    Effect.gen(function*() {
      const { fake, lines, push } = yield* ready
      const quote = yield* insertQuotation({ nit: erpCustomerNit, lines, advisorSellerId: 501 })
      fake.controls.failNextQuotationCreates(1)
      const response = yield* push(quote.quotationId)
      assert.strictEqual(copiesInErp(fake, quote.code), 1)
      const inErp = fake.state.quotations.find((quotation) => quotation.observations.startsWith(`Cotización ${quote.code}`))
      assert.strictEqual(response.erpQuoteId, inErp?.id)
    }))

  it.effect("ERP accepted but the local save failed: 500 DB_COMMIT_FAILED; sending again records it without a second copy", () =>
    Effect.gen(function*() {
      const { admin, fake, history, lines, push, server } = yield* ready
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const quote = yield* insertQuotation({ nit: erpCustomerNit, lines, advisorSellerId: 501, notes: "FAIL-LOCAL-SAVE" })
      yield* sql`
        create or replace function erp_test_fail_local_save() returns trigger language plpgsql as $$
        begin
          if new.status = 'synced' and new.notes = 'FAIL-LOCAL-SAVE' then
            raise exception 'simulated database failure';
          end if;
          return new;
        end;
        $$`
      yield* sql`create trigger erp_test_fail_local_save before update on quotations
                 for each row execute function erp_test_fail_local_save()`
      const failed = yield* server.request("POST", `${base}/quotes/${quote.quotationId}`, { token: admin })
      yield* sql`drop trigger erp_test_fail_local_save on quotations`
      assert.strictEqual(failed.status, 500)
      assert.strictEqual(errorCode(failed), "DB_COMMIT_FAILED")
      const erpQuoteId = errorOf(failed, DbCommitFailed).details!.erpQuoteId
      assert.strictEqual(copiesInErp(fake, quote.code), 1)
      const [pending] = yield* sql<{ readonly status: string }>`select status from quotations where id = ${quote.quotationId}`
      assert.strictEqual(pending?.status, "pending")

      const resent = yield* push(quote.quotationId)
      assert.strictEqual(resent.erpQuoteId, erpQuoteId)
      assert.strictEqual(copiesInErp(fake, quote.code), 1)
      assert.deepStrictEqual(
        (yield* history(quote.quotationId)).map((item) => [item.status, item.erp_quote_id]),
        [["success", erpQuoteId], ["error", erpQuoteId]]
      )
    }))

  it.effect("two pushes of one quotation at once: one 201, one 409; one copy in the ERP", () =>
    Effect.gen(function*() {
      const { admin, fake, lines, server } = yield* ready
      const quote = yield* insertQuotation({ nit: erpCustomerNit, lines, advisorSellerId: 501 })
      fake.controls.setDelay(300, { pathPrefix: "/v1/quotations", method: "POST" })
      const responses = yield* Effect.all([
        server.request("POST", `${base}/quotes/${quote.quotationId}`, { token: admin }),
        server.request("POST", `${base}/quotes/${quote.quotationId}/retry`, { token: admin })
      ], { concurrency: "unbounded" })
      fake.controls.setDelay(0)
      assert.sameMembers(responses.map((response) => response.status), [201, 409])
      const refused = responses.find((response) => response.status === 409)!
      assert.strictEqual(errorCode(refused), "SYNC_ALREADY_RUNNING")
      assert.strictEqual(copiesInErp(fake, quote.code), 1)
    }))

  it.effect("the spec's 404 and 422 codes, each recorded in the history when the quotation exists", () =>
    Effect.gen(function*() {
      const { admin, history, lines, server } = yield* ready
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const expect = (path: string, status: number, code: string) =>
        Effect.gen(function*() {
          const response = yield* server.request("POST", `${base}${path}`, { token: admin })
          assert.strictEqual(response.status, status, `${path} → ${response.text}`)
          assert.strictEqual(errorCode(response), code)
          return response
        })

      yield* expect(`/quotes/${missingId}`, 404, "QUOTE_NOT_FOUND")

      const empty = yield* insertQuotation({ nit: erpCustomerNit, lines: [], advisorSellerId: 501 })
      yield* expect(`/quotes/${empty.quotationId}`, 422, "QUOTE_HAS_NO_ITEMS")

      const deleted = yield* insertQuotation({
        nit: erpCustomerNit,
        lines: [...lines, { productId: null, sku: "BORRADO-1", quantity: 1, unitPrice: 100 }],
        advisorSellerId: 501
      })
      const deletedResponse = yield* expect(`/quotes/${deleted.quotationId}`, 422, "QUOTE_HAS_DELETED_PRODUCTS")
      assert.deepStrictEqual(errorOf(deletedResponse, QuoteHasDeletedProducts).details, { skus: ["BORRADO-1"] })

      const [local] = yield* sql<{ readonly id: string; readonly sku: string }>`
        select id, sku from products where erp_id is null and active order by sku limit 1`
      const unsynced = yield* insertQuotation({
        nit: erpCustomerNit,
        lines: [...lines, { productId: local!.id, sku: local!.sku, quantity: 2, unitPrice: 500 }],
        advisorSellerId: 501
      })
      const unsyncedResponse = yield* expect(`/quotes/${unsynced.quotationId}`, 422, "QUOTE_HAS_UNSYNCED_PRODUCTS")
      assert.deepStrictEqual(errorOf(unsyncedResponse, QuoteHasUnsyncedProducts).details, {
        unsyncedSkus: [local!.sku]
      })

      const noNit = yield* insertQuotation({ nit: `NIT-${Date.now()}`, lines, advisorSellerId: 501 })
      yield* expect(`/quotes/${noNit.quotationId}`, 422, "MISSING_CLIENT_NIT")

      const noSeller = yield* insertQuotation({ nit: erpCustomerNit, lines, advisorSellerId: null })
      yield* expect(`/quotes/${noSeller.quotationId}`, 422, "MISSING_SELLER_ID")

      const unknownCustomer = yield* insertQuotation({ nit: "811222333-1", lines, advisorSellerId: 501 })
      yield* expect(`/quotes/${unknownCustomer.quotationId}`, 422, "ERP_CUSTOMER_NOT_FOUND")

      const [attempt] = yield* history(noSeller.quotationId)
      assert.strictEqual(attempt?.status, "error")
      assert.include(attempt?.error_message ?? "", "MissingSellerId")
      const none = yield* server.request("GET", `${base}/quotes/${missingId}/history`, { token: admin })
      assert.strictEqual(errorCode(none), "QUOTE_NOT_FOUND")
    }))

  it.effect("the client's own NIT wins; a NIT-… placeholder falls back to the company's", () =>
    Effect.gen(function*() {
      const { lines, push } = yield* ready
      const own = yield* insertQuotation({ nit: "811999888", clientNit: "900.100.007-2", lines, advisorSellerId: 501 })
      // The typed call fails unless the answer is the 201 of a push.
      yield* push(own.quotationId)
    }))

  it.effect("502 ERP_HTTP_ERROR with Siigo's codes; retry then succeeds", () =>
    Effect.gen(function*() {
      const { admin, erp, fake, lines, server } = yield* ready
      const quote = yield* insertQuotation({ nit: erpCustomerNit, lines, advisorSellerId: 501 })
      fake.controls.failNextRequests(1, { status: 400, code: "invalid_reference", pathPrefix: "/v1/quotations", method: "POST" })
      const failed = yield* server.request("POST", `${base}/quotes/${quote.quotationId}`, { token: admin })
      assert.strictEqual(failed.status, 502)
      assert.strictEqual(errorCode(failed), "ERP_HTTP_ERROR")
      assert.deepStrictEqual(errorOf(failed, ErpHttpError).details.codes, ["invalid_reference"])
      yield* erp.retryQuote({ params: { quoteId: asQuotationId(quote.quotationId) } })
      assert.strictEqual(copiesInErp(fake, quote.code), 1)
    }))

  it.effect("the legacy alias POST /quotations/:id/push sends like /quotes/:quoteId", () =>
    Effect.gen(function*() {
      const { admin, erp, fake, lines, server } = yield* ready
      const quote = yield* insertQuotation({ nit: erpCustomerNit, lines, advisorSellerId: 501 })
      yield* erp.pushQuotationLegacy({ params: { id: asQuotationId(quote.quotationId) } })
      assert.strictEqual(copiesInErp(fake, quote.code), 1)
      const again = yield* server.request("POST", `${base}/quotations/${quote.quotationId}/push`, { token: admin })
      assert.strictEqual(errorCode(again), "ALREADY_SYNCED")
    }))

  it.effect("refresh-url re-reads the ERP link; 404 NO_ERP_ID without a successful integration", () =>
    Effect.gen(function*() {
      const { admin, erp, fake, lines, push, server } = yield* ready
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const quote = yield* insertQuotation({ nit: erpCustomerNit, lines, advisorSellerId: 501 })
      const notSent = yield* server.request("POST", `${base}/quotes/${quote.quotationId}/refresh-url`, { token: admin })
      assert.strictEqual(notSent.status, 404)
      assert.strictEqual(errorCode(notSent), "NO_ERP_ID")
      const unknown = yield* server.request("POST", `${base}/quotes/${missingId}/refresh-url`, { token: admin })
      assert.strictEqual(errorCode(unknown), "QUOTE_NOT_FOUND")

      const { erpQuoteId } = yield* push(quote.quotationId)
      yield* sql`update quotations set erp_url = null where id = ${quote.quotationId}`
      const body = yield* erp.refreshUrl({ params: { quoteId: asQuotationId(quote.quotationId) } })
      assert.strictEqual(body.erpUrl, `${fake.url}/public/quotations/${erpQuoteId}`)
      assert.strictEqual(body.erpUuid, erpQuoteId)
      assert.strictEqual(Schema.decodeUnknownSync(Schema.Struct({ id: Schema.String }))(body.raw).id, erpQuoteId)
      const [row] = yield* sql<{ readonly erp_url: string }>`select erp_url from quotations where id = ${quote.quotationId}`
      assert.strictEqual(row?.erp_url, body.erpUrl)
    }))
})

layer(connectedTo(TestServer.layer({ config: { erpDefaultSellerId: Option.some(502) } })), { excludeTestServices: true })(
  "ERP quotation pushes with ERP_DEFAULT_SELLER_ID",
  (it) => {
    it.effect("an advisor without an ERP seller id falls back to the configured default seller", () =>
      Effect.gen(function*() {
        const { fake, lines, push } = yield* ready
        const quote = yield* insertQuotation({ nit: erpCustomerNit, lines, advisorSellerId: null })
        const response = yield* push(quote.quotationId)
        const inErp = fake.state.quotations.find((quotation) => quotation.id === response.erpQuoteId)
        assert.strictEqual(inErp?.seller, 502)
        // The advisor's own id wins when it has one.
        const own = yield* insertQuotation({ nit: erpCustomerNit, lines, advisorSellerId: 501 })
        const ownResponse = yield* push(own.quotationId)
        const ownInErp = fake.state.quotations.find((quotation) => quotation.id === ownResponse.erpQuoteId)
        assert.strictEqual(ownInErp?.seller, 501)
      }))
  }
)
