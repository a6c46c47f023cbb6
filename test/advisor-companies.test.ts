/**
 * The advisor module (spec "Advisor module", `/api/advisor/companies`): the companies
 * with an active branch of the advisor, their branches, clients and revenue, the admin's
 * view with and without the `advisorId` filter, and the search by name or tax id.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import {
  insertAdvisor,
  insertBranch,
  insertClient,
  insertCompany,
  insertQuotation
} from "./support/quotation-fixtures.ts"
import { apiOf, loginAs, userId } from "./support/advisor-fixtures.ts"
import { AdvisorCompany } from "@quote/core/advisor/views"
import { type ApiClient, SqlClient, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"

type CompanyQuery = Parameters<ApiClient["advisor"]["companies"]>[0]["query"]

const companyItems = (token: string, query: CompanyQuery = {}) =>
  Effect.map(Effect.flatMap(apiOf(token), (api) => api.advisor.companies({ query })), (list) => list.items)

const createdAtOf = (companyId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql`select created_at from companies where id = ${companyId}`.pipe(Effect.orDie)
    return Schema.decodeUnknownSync(Schema.Struct({ created_at: Schema.Date }))(rows[0]).created_at
  })

layer(TestServer.layer())("advisor module: companies", (it) => {
  it.effect("companies: only those with an active branch of the advisor, its branches, clients and revenue", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const advisor = yield* insertAdvisor()
      const other = yield* insertAdvisor()
      const token = yield* loginAs(advisor)
      const tag = uniqueTag()
      const kappa = yield* insertCompany({ name: `Kappa ${tag}`, nit: `NK-${tag}` })
      const north = yield* insertBranch({ companyId: kappa.id, advisorId: advisor.id, name: "A Norte", city: "Cali" })
      const closed = yield* insertBranch({ companyId: kappa.id, advisorId: advisor.id, name: "B Cerrada", active: false })
      const foreign = yield* insertBranch({ companyId: kappa.id, advisorId: other.id, name: "C Ajena" })
      const onlyInactive = yield* insertCompany({ name: `Lambda ${tag}`, nit: `NL-${tag}` })
      yield* insertBranch({ companyId: onlyInactive.id, advisorId: advisor.id, active: false })
      yield* insertBranch({ companyId: onlyInactive.id, advisorId: other.id })
      const empty = yield* insertCompany({ name: `Mu ${tag}`, nit: `NM-${tag}` })

      const k1 = yield* insertClient({ companyId: kappa.id, branchId: north.id })
      yield* insertClient({ companyId: kappa.id, branchId: closed.id })
      const k3 = yield* insertClient({ companyId: kappa.id, branchId: foreign.id })
      const line = (unitPrice: number) => [{ sku: "ABA-001", quantity: 1, unitPrice }]
      yield* insertQuotation({ clientId: k1.id, createdAt: "2025-02-01T09:00:00-05:00", items: line(10000) })
      yield* insertQuotation({ clientId: k1.id, createdAt: "2025-02-02T09:00:00-05:00", items: line(5000), status: "rejected" })
      yield* insertQuotation({ clientId: k1.id, createdAt: "2025-02-03T09:00:00-05:00", items: line(2000), status: "approved" })
      // Made while the client still belonged to the other advisor: not this advisor's revenue.
      yield* insertQuotation({ clientId: k1.id, createdAt: "2025-01-03T09:00:00-05:00", items: line(1000), advisorId: other.id })
      yield* insertQuotation({ clientId: k3.id, createdAt: "2025-02-04T09:00:00-05:00", items: line(7000), status: "synced" })

      const branchJson = (branch: { id: string; name: string }, city: string, advisorId: string, active: boolean) => ({
        id: branch.id,
        name: branch.name,
        city,
        routeId: null,
        advisorId,
        active
      })
      const expectedForAdvisor = Schema.decodeUnknownSync(AdvisorCompany)({
        id: kappa.id,
        name: kappa.name,
        nit: kappa.nit,
        email: kappa.email,
        phone: kappa.phone,
        address: kappa.address,
        active: true,
        createdAt: yield* createdAtOf(kappa.id),
        myBranches: [branchJson(north, "Cali", advisor.id, true), branchJson(closed, "Bogotá", advisor.id, false)],
        clientCount: 2,
        quotationCount: 3,
        totalRevenue: 12000
      })
      assert.deepStrictEqual(yield* companyItems(token), [expectedForAdvisor])

      const admin = yield* server.login(testUsers.admin)
      assert.deepStrictEqual(yield* companyItems(admin, { advisorId: userId(advisor.id) }), [expectedForAdvisor])
      const everything = yield* companyItems(admin, { search: tag })
      assert.deepStrictEqual(everything.map((company) => company.name), [kappa.name, onlyInactive.name, empty.name])
      const kappaForAdmin = everything[0]!
      assert.deepStrictEqual(kappaForAdmin.myBranches.map((branch) => branch.id), [north.id, closed.id, foreign.id])
      assert.strictEqual(kappaForAdmin.clientCount, 3)
      assert.strictEqual(kappaForAdmin.quotationCount, 5)
      assert.strictEqual(kappaForAdmin.totalRevenue, 20000)
      assert.deepStrictEqual(everything[2]!.myBranches, [])

      const otherView = yield* companyItems(admin, { advisorId: userId(other.id), search: tag })
      assert.deepStrictEqual(otherView.map((company) => company.name), [kappa.name, onlyInactive.name])
      assert.deepStrictEqual(otherView[0]!.myBranches.map((branch) => branch.id), [foreign.id])
      assert.strictEqual(otherView[0]!.totalRevenue, 8000)
      assert.strictEqual(otherView[0]!.quotationCount, 2)
      assert.strictEqual(otherView[0]!.clientCount, 1)
    }))

  it.effect("companies search by name or tax id, case-insensitively", () =>
    Effect.gen(function*() {
      const advisor = yield* insertAdvisor()
      const token = yield* loginAs(advisor)
      const tag = uniqueTag()
      const rio = yield* insertCompany({ name: `Río Claro ${tag}`, nit: `811${tag}` })
      const sol = yield* insertCompany({ name: `Sol ${tag}`, nit: `900${tag}` })
      for (const company of [rio, sol]) yield* insertBranch({ companyId: company.id, advisorId: advisor.id })
      const names = (items: ReadonlyArray<{ readonly name: string }>) => items.map((company) => company.name)
      assert.deepStrictEqual(names(yield* companyItems(token)), [rio.name, sol.name])
      assert.deepStrictEqual(names(yield* companyItems(token, { search: "río claro" })), [rio.name])
      assert.deepStrictEqual(names(yield* companyItems(token, { search: `900${tag.slice(0, 4)}` })), [sol.name])
      assert.deepStrictEqual(yield* companyItems(token, { search: "nothing-like-this" }), [])
    }))
})
