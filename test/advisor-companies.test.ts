/**
 * The advisor module (spec "Advisor module", `/api/advisor/companies`): the companies
 * with an active branch of the advisor, their branches, clients and revenue, the admin's
 * view with and without the `advisorId` filter, the search by name or tax id, the
 * optional paging (`page`/`limit`, docs/api-changelog.md) and one company by id.
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
import { CompanyId } from "@quote/core/shared/ids"
import { type ApiClient, expectError, SqlClient, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"

type CompanyQuery = Parameters<ApiClient["advisor"]["companies"]>[0]["query"]

const companyId = Schema.decodeSync(CompanyId)

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
        address: "Calle 1 # 2-3",
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

layer(TestServer.layer())("advisor module: companies, paged and one by id", (it) => {
  it.effect("page and limit: one page in name order with total, page, limit and totalPages; without them, every company and no totals", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const advisor = yield* insertAdvisor()
      const token = yield* loginAs(advisor)
      const admin = yield* server.login(testUsers.admin)
      const tag = uniqueTag()
      const names = ["Delta", "alfa", "Charlie", "Bravo", "Eco"].map((word) => `${word} ${tag}`)
      for (const name of names) {
        const company = yield* insertCompany({ name, nit: `P${name.slice(0, 2)}${tag}` })
        yield* insertBranch({ companyId: company.id, advisorId: advisor.id })
      }
      const sorted = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
      const api = yield* apiOf(token)

      const first = yield* api.advisor.companies({ query: { limit: 2 } })
      assert.deepStrictEqual(first.items.map((company) => company.name), sorted.slice(0, 2))
      assert.deepStrictEqual([first.total, first.page, first.limit, first.totalPages], [5, 1, 2, 3])
      const last = yield* api.advisor.companies({ query: { page: 3, limit: 2 } })
      assert.deepStrictEqual(last.items.map((company) => company.name), sorted.slice(4))
      assert.deepStrictEqual([last.total, last.page, last.limit, last.totalPages], [5, 3, 2, 3])
      const beyond = yield* api.advisor.companies({ query: { page: 4, limit: 2 } })
      assert.deepStrictEqual([beyond.items.length, beyond.total, beyond.totalPages], [0, 5, 3])
      // `page` alone pages by the default size of 20.
      const defaults = yield* api.advisor.companies({ query: { page: 1 } })
      assert.deepStrictEqual([defaults.items.length, defaults.total, defaults.limit, defaults.totalPages], [5, 5, 20, 1])
      // The page's items are the unpaged list's.
      const whole = yield* api.advisor.companies({ query: {} })
      assert.deepStrictEqual(first.items, whole.items.slice(0, 2))
      assert.isUndefined(whole.total)
      assert.isUndefined(whole.totalPages)

      // A search and the admin's advisor filter narrow the count as they narrow the list.
      const searched = yield* api.advisor.companies({ query: { search: `CHARLIE ${tag}`, limit: 10 } })
      assert.deepStrictEqual([searched.items.map((company) => company.name), searched.total], [[`Charlie ${tag}`], 1])
      const forAdmin = yield* (yield* apiOf(admin)).advisor.companies({ query: { advisorId: userId(advisor.id), page: 2, limit: 4 } })
      assert.deepStrictEqual([forAdmin.items.map((company) => company.name), forAdmin.total], [sorted.slice(4), 5])
    }))

  it.effect("page and limit out of range are 400 VALIDATION_ERROR; an advisor naming another advisor is 403 FORBIDDEN", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const advisor = yield* insertAdvisor()
      const other = yield* insertAdvisor()
      const token = yield* loginAs(advisor)
      for (const query of ["page=0", "limit=0", "limit=101", "page=1.5", "page=abc"]) {
        expectError(yield* server.request("GET", `/api/advisor/companies?${query}`, { token }), 400, "VALIDATION_ERROR")
      }
      expectError(yield* server.request("GET", `/api/advisor/companies?page=1&advisorId=${other.id}`, { token }), 403, "FORBIDDEN")
    }))

  it.effect("one company by id: as the list shows it; NOT_FOUND for an advisor without an active branch there, or an unknown id", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const advisor = yield* insertAdvisor()
      const other = yield* insertAdvisor()
      const token = yield* loginAs(advisor)
      const admin = yield* server.login(testUsers.admin)
      const tag = uniqueTag()
      const mine = yield* insertCompany({ name: `Mía ${tag}`, nit: `M-${tag}` })
      yield* insertBranch({ companyId: mine.id, advisorId: advisor.id, name: "Norte" })
      yield* insertBranch({ companyId: mine.id, advisorId: other.id, name: "Sur" })
      const theirs = yield* insertCompany({ name: `Ajena ${tag}`, nit: `A-${tag}` })
      yield* insertBranch({ companyId: theirs.id, advisorId: other.id })
      yield* insertBranch({ companyId: theirs.id, advisorId: advisor.id, active: false })

      const api = yield* apiOf(token)
      const listed = yield* api.advisor.companies({ query: { search: tag } })
      const one = yield* api.advisor.company({ params: { companyId: companyId(mine.id) } })
      assert.deepStrictEqual(one, listed.items[0])
      assert.deepStrictEqual(one.myBranches.map((branch) => branch.name), ["Norte"])

      const byAdmin = yield* (yield* apiOf(admin)).advisor.company({ params: { companyId: companyId(theirs.id) } })
      assert.strictEqual(byAdmin.name, theirs.name)
      assert.strictEqual(byAdmin.myBranches.length, 2)

      expectError(yield* server.request("GET", `/api/advisor/companies/${theirs.id}`, { token }), 404, "NOT_FOUND")
      expectError(yield* server.request("GET", "/api/advisor/companies/00000000-0000-4000-8000-000000000000", { token: admin }), 404, "NOT_FOUND")
      expectError(yield* server.request("GET", "/api/advisor/companies/not-a-uuid", { token: admin }), 400, "VALIDATION_ERROR")
      expectError(yield* server.request("GET", `/api/advisor/companies/${mine.id}`, { token: yield* server.login(testUsers.client) }), 403, "FORBIDDEN")
    }))
})
