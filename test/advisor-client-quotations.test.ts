/**
 * The advisor module (spec "Advisor module", `/api/advisor/clients/:clientId/quotations`):
 * a client's quotations, newest first with item counts, at most the latest 100, and 404
 * unless the client is assigned to the advisor.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { insertClient, insertQuotation } from "./support/quotation-fixtures.ts"
import { advisorWorld, clientPage } from "./support/advisor-fixtures.ts"
import { ClientId } from "@quote/core/shared/ids"
import { errorCode, TestServer, testUsers } from "./support/test-server.ts"

const clientId = Schema.decodeSync(ClientId)

layer(TestServer.layer())("advisor module: client quotations", (it) => {
  it.effect("a client's quotations: newest first with item counts; 404 unless assigned to the advisor", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const { company, mine, theirs, token } = yield* advisorWorld
      const client = yield* insertClient({
        companyId: company.id,
        branchId: mine.id,
        phones: [{ phone: "+573005550000", label: "Pedidos" }]
      })
      const older = yield* insertQuotation({
        clientId: client.id,
        createdAt: "2025-05-01T08:00:00-05:00",
        items: [{ sku: "ABA-001", quantity: 2, unitPrice: 23900 }, { sku: "BEB-001", quantity: 1, unitPrice: 28000 }]
      })
      const newer = yield* insertQuotation({
        clientId: client.id,
        createdAt: "2025-06-01T08:00:00-05:00",
        status: "rejected",
        items: [{ sku: "ASE-001", quantity: 3, unitPrice: 34900 }]
      })
      const response = yield* server.request("GET", `/api/advisor/clients/${client.id}/quotations`, { token })
      assert.strictEqual(response.status, 200, response.text)
      assert.deepStrictEqual(response.body, {
        client: {
          id: client.id,
          name: client.name,
          email: client.email,
          phone: "+573005550000",
          active: true,
          companyName: company.name,
          companyNit: company.nit,
          branchName: mine.name,
          branchCity: "Tunja",
          routeName: "Biweekly",
          routeDay: "Miércoles"
        },
        quotations: [
          {
            id: newer.id,
            code: newer.code,
            status: "rejected",
            total: 104700,
            itemCount: 1,
            createdAt: "2025-06-01T13:00:00.000Z",
            updatedAt: "2025-06-01T13:00:00.000Z"
          },
          {
            id: older.id,
            code: older.code,
            status: "pending",
            total: 75800,
            itemCount: 2,
            createdAt: "2025-05-01T13:00:00.000Z",
            updatedAt: "2025-05-01T13:00:00.000Z"
          }
        ]
      })
      assert.match(older.code, /^COT-\d{6,}$/)

      const notMine = yield* insertClient({ companyId: company.id, branchId: theirs.id })
      for (const id of [notMine.id, randomUUID()]) {
        const missing = yield* server.request("GET", `/api/advisor/clients/${id}/quotations`, { token })
        assert.strictEqual(missing.status, 404)
        assert.strictEqual(errorCode(missing), "NOT_FOUND")
      }
      const admin = yield* server.login(testUsers.admin)
      const asAdmin = yield* (yield* server.api(admin)).advisor.clientQuotations({ params: { clientId: clientId(notMine.id) } })
      assert.deepStrictEqual(asAdmin.quotations, [])
      const unknownForAdmin = yield* server.request("GET", `/api/advisor/clients/${randomUUID()}/quotations`, { token: admin })
      assert.strictEqual(unknownForAdmin.status, 404)
      assert.strictEqual(errorCode(unknownForAdmin), "NOT_FOUND")
      const malformed = yield* server.request("GET", "/api/advisor/clients/not-a-uuid/quotations", { token: admin })
      assert.strictEqual(malformed.status, 400)
      assert.strictEqual(errorCode(malformed), "VALIDATION_ERROR")
    }))

  it.effect("a client's quotations stop at the latest 100", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const { company, mine, token } = yield* advisorWorld
      const client = yield* insertClient({ companyId: company.id, branchId: mine.id })
      const start = Date.parse("2025-01-01T00:00:00-05:00")
      const codes: Array<string> = []
      for (let n = 0; n < 101; n++) {
        const quotation = yield* insertQuotation({
          clientId: client.id,
          createdAt: new Date(start + n * 3_600_000),
          items: [{ sku: "ABA-003", quantity: 1, unitPrice: 12800 }]
        })
        codes.push(quotation.code)
      }
      const { quotations } = yield* (yield* server.api(token)).advisor.clientQuotations({ params: { clientId: clientId(client.id) } })
      assert.strictEqual(quotations.length, 100)
      assert.deepStrictEqual(quotations.map((quotation) => quotation.code), codes.slice(1).reverse())
      const list = yield* clientPage(token, { search: client.name })
      assert.strictEqual(list.items[0]?.quotationCount, 101, "the list counts every quotation")
    }))
})
