/**
 * The advisor module (spec "Advisor module", `/api/advisor`): what an advisor and an
 * admin see of clients, their quotations and companies, with pagination, search, the
 * admin-only `advisorId` filter and every error code.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { randomUUID } from "node:crypto"
import {
  insertAdvisor,
  insertBranch,
  insertClient,
  insertCompany,
  insertQuotation,
  insertUser,
  routeIdByName,
  uniqueTag
} from "./support/quotation-fixtures.ts"
import { ValidationError } from "@quote/core/errors/common"
import { ClientId, UserId } from "@quote/core/ids"
import { AdvisorClient, AdvisorCompany } from "@quote/core/views/advisor"
import { type ApiClient, errorCode, errorOf, SqlClient, TestServer, testUsers } from "./support/test-server.ts"

type ClientQuery = Parameters<ApiClient["advisor"]["clients"]>[0]["query"]
type CompanyQuery = Parameters<ApiClient["advisor"]["companies"]>[0]["query"]

const userId = Schema.decodeSync(UserId)
const clientId = Schema.decodeSync(ClientId)

const loginAs = (user: { readonly email: string; readonly password: string }) =>
  Effect.flatMap(TestServer, (server) => server.login(user))

const apiOf = (token: string) => Effect.flatMap(TestServer, (server) => server.api(token))

const clientPage = (token: string, query: ClientQuery = {}) =>
  Effect.flatMap(apiOf(token), (api) => api.advisor.clients({ query }))

type ClientPage = Effect.Success<ReturnType<typeof clientPage>>

const companyItems = (token: string, query: CompanyQuery = {}) =>
  Effect.map(Effect.flatMap(apiOf(token), (api) => api.advisor.companies({ query })), (list) => list.items)

const createdAtOf = (companyId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql`select created_at from companies where id = ${companyId}`.pipe(Effect.orDie)
    return Schema.decodeUnknownSync(Schema.Struct({ created_at: Schema.Date }))(rows[0]).created_at
  })

/** An advisor with its own company and branch, plus another advisor's branch in the same company. */
const advisorWorld = Effect.gen(function*() {
  const advisor = yield* insertAdvisor()
  const other = yield* insertAdvisor()
  const company = yield* insertCompany()
  const mine = yield* insertBranch({ companyId: company.id, advisorId: advisor.id, routeId: yield* routeIdByName("Biweekly"), city: "Tunja" })
  const theirs = yield* insertBranch({ companyId: company.id, advisorId: other.id })
  return { advisor, other, company, mine, theirs, token: yield* loginAs(advisor) }
})

layer(TestServer.layer())("advisor module", (it) => {
  it.effect("an advisor lists only its assigned clients, with every field of the spec", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const { company, mine, theirs, token } = yield* advisorWorld
      const tag = uniqueTag()
      const [priceList] = yield* sql<{ id: string; name: string }>`
        select id, name from price_lists where name = 'Lista Distribuidora Andina'`.pipe(Effect.orDie)
      const login = yield* insertUser({ role: "client", name: `Usuaria ${tag}`, companyId: company.id, branchId: mine.id })
      const alfa = yield* insertClient({
        companyId: company.id,
        branchId: mine.id,
        name: `Alfa ${tag}`,
        userId: login.id,
        priceListId: priceList!.id,
        phones: [
          { phone: "+573001110000", label: "Fijo", isMessaging: false },
          { phone: "+573002220000", label: "WhatsApp", isMessaging: true }
        ]
      })
      const beta = yield* insertClient({ companyId: company.id, branchId: mine.id, name: `Beta ${tag}`, email: null, active: false })
      yield* insertClient({ companyId: company.id, branchId: theirs.id, name: `Gamma ${tag}` })
      yield* insertQuotation({ clientId: alfa.id, createdAt: "2025-03-01T10:00:00-05:00", items: [{ sku: "ABA-001", quantity: 1, unitPrice: 100 }] })
      yield* insertQuotation({ clientId: alfa.id, createdAt: "2025-04-02T11:30:00-05:00", items: [{ sku: "ABA-002", quantity: 2, unitPrice: 100 }] })

      const page = yield* clientPage(token)
      assert.deepStrictEqual(page.items.map((item) => item.name), [alfa.name, beta.name])
      assert.strictEqual(page.total, 2)
      assert.strictEqual(page.page, 1)
      assert.strictEqual(page.limit, 20)
      assert.strictEqual(page.totalPages, 1)

      const clientCreatedAt = (yield* sql<{ created_at: Date }>`select created_at from clients where id = ${alfa.id}`.pipe(Effect.orDie))[0]!
        .created_at.toISOString()
      assert.deepStrictEqual(page.items[0], Schema.decodeUnknownSync(AdvisorClient)({
        id: alfa.id,
        name: alfa.name,
        nit: alfa.nit,
        email: alfa.email,
        phone: "+573002220000",
        active: true,
        createdAt: new Date(clientCreatedAt),
        priceListId: priceList!.id,
        priceListName: "Lista Distribuidora Andina",
        userId: login.id,
        userEmail: login.email,
        userActive: true,
        companyId: company.id,
        companyName: company.name,
        companyNit: company.nit,
        branchId: mine.id,
        branchName: mine.name,
        branchCity: "Tunja",
        routeId: yield* routeIdByName("Biweekly"),
        routeName: "Biweekly",
        routeDay: "Miércoles",
        quotationCount: 2,
        lastQuotationAt: new Date("2025-04-02T16:30:00.000Z")
      }))
      const second = page.items[1]!
      assert.strictEqual(second.id, beta.id)
      assert.strictEqual(second.active, false)
      assert.isNull(second.email)
      assert.isNull(second.phone)
      assert.isNull(second.priceListId)
      assert.isNull(second.userId)
      assert.isNull(second.userActive)
      assert.strictEqual(second.quotationCount, 0)
      assert.isNull(second.lastQuotationAt)
    }))

  it.effect("pagination: page and limit, totals, pages past the end", () =>
    Effect.gen(function*() {
      const { company, mine, token } = yield* advisorWorld
      const tag = uniqueTag()
      for (const n of [1, 2, 3, 4, 5]) {
        yield* insertClient({ companyId: company.id, branchId: mine.id, name: `Cliente ${n} ${tag}` })
      }
      const names = (page: ClientPage) => page.items.map((item) => item.name)
      const first = yield* clientPage(token, { limit: 2 })
      assert.deepStrictEqual(names(first), [`Cliente 1 ${tag}`, `Cliente 2 ${tag}`])
      assert.deepStrictEqual({ ...first, items: [] }, { items: [], total: 5, page: 1, limit: 2, totalPages: 3 })
      const third = yield* clientPage(token, { limit: 2, page: 3 })
      assert.deepStrictEqual(names(third), [`Cliente 5 ${tag}`])
      assert.deepStrictEqual({ ...third, items: [] }, { items: [], total: 5, page: 3, limit: 2, totalPages: 3 })
      const beyond = yield* clientPage(token, { limit: 2, page: 4 })
      assert.deepStrictEqual(beyond, { items: [], total: 5, page: 4, limit: 2, totalPages: 3 })
      const everything = yield* clientPage(token, { limit: 100 })
      assert.strictEqual(everything.items.length, 5)
      assert.strictEqual(everything.totalPages, 1)
      // A search pages the same way; its total is counted exactly, past the end too.
      const searched = (page: number) => clientPage(token, { search: tag, limit: 2, page })
      const searchFirst = yield* searched(1)
      assert.deepStrictEqual(names(searchFirst), [`Cliente 1 ${tag}`, `Cliente 2 ${tag}`])
      assert.deepStrictEqual({ ...searchFirst, items: [] }, { items: [], total: 5, page: 1, limit: 2, totalPages: 3 })
      assert.deepStrictEqual(names(yield* searched(3)), [`Cliente 5 ${tag}`])
      assert.deepStrictEqual(yield* searched(4), { items: [], total: 5, page: 4, limit: 2, totalPages: 3 })
    }))

  it.effect("search matches the client's or its user's name or e-mail, case-insensitively and literally", () =>
    Effect.gen(function*() {
      const { company, mine, token } = yield* advisorWorld
      const tag = uniqueTag()
      const byName = yield* insertClient({ companyId: company.id, branchId: mine.id, name: `Panadería ${tag}` })
      const byEmail = yield* insertClient({ companyId: company.id, branchId: mine.id, email: `compras-${tag}@panes.example.com` })
      const login = yield* insertUser({ role: "client", name: `Gloria Pérez ${tag}`, email: `gloria-${tag}@login.example.com` })
      const byUser = yield* insertClient({ companyId: company.id, branchId: mine.id, userId: login.id })
      const ids = (page: ClientPage) => page.items.map((item) => item.id).sort()

      assert.deepStrictEqual(ids(yield* clientPage(token, { search: "PANADER" })), [byName.id])
      assert.deepStrictEqual(ids(yield* clientPage(token, { search: "@panes.example" })), [byEmail.id])
      assert.deepStrictEqual(ids(yield* clientPage(token, { search: "gloria pérez" })), [byUser.id])
      assert.deepStrictEqual(ids(yield* clientPage(token, { search: "login.example" })), [byUser.id])
      const all = yield* clientPage(token, { search: tag })
      assert.deepStrictEqual(ids(all), [byName.id, byEmail.id, byUser.id].sort())
      assert.strictEqual(all.total, 3)
      // `%` and `_` are plain characters, not wildcards.
      assert.deepStrictEqual((yield* clientPage(token, { search: "%" })).items, [])
      assert.deepStrictEqual((yield* clientPage(token, { search: "_" })).items, [])
      // Blank search is no filter.
      assert.strictEqual((yield* clientPage(token, { search: " " })).total, 3)
    }))

  it.effect("malformed page, limit or advisorId → 400 VALIDATION_ERROR naming the parameter", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      for (
        const [query, field] of [
          ["limit=101", "limit"],
          ["limit=0", "limit"],
          ["limit=2.5", "limit"],
          ["page=0", "page"],
          ["page=-1", "page"],
          ["page=abc", "page"],
          ["advisorId=not-a-uuid", "advisorId"],
          ["search=a%00b", "search"],
          [`search=${"a".repeat(201)}`, "search"]
        ] as const
      ) {
        const response = yield* server.request("GET", `/api/advisor/clients?${query}`, { token: admin })
        assert.strictEqual(response.status, 400, query)
        assert.strictEqual(errorCode(response), "VALIDATION_ERROR")
        const issues = errorOf(response, ValidationError).details?.issues ?? []
        assert.deepStrictEqual([...new Set(issues.map((issue) => issue.path.join(".")))], [`query.${field}`], query)
      }
      for (const query of ["advisorId=42", "search=%00"]) {
        const companies = yield* server.request("GET", `/api/advisor/companies?${query}`, { token: admin })
        assert.strictEqual(companies.status, 400, query)
        assert.strictEqual(errorCode(companies), "VALIDATION_ERROR")
      }
    }))

  it.effect("an admin sees every advisor's clients or one advisor's; an advisor may not ask for another's", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const { advisor, other, company, mine, theirs, token } = yield* advisorWorld
      const tag = uniqueTag()
      const ours = yield* insertClient({ companyId: company.id, branchId: mine.id, name: `Uno ${tag}` })
      const their = yield* insertClient({ companyId: company.id, branchId: theirs.id, name: `Dos ${tag}` })
      const admin = yield* server.login(testUsers.admin)
      const ids = (page: ClientPage) => page.items.map((item) => item.id).sort()

      assert.deepStrictEqual(ids(yield* clientPage(admin, { search: tag })), [ours.id, their.id].sort())
      assert.deepStrictEqual(ids(yield* clientPage(admin, { advisorId: userId(other.id) })), [their.id])
      assert.deepStrictEqual(ids(yield* clientPage(admin, { advisorId: userId(randomUUID()) })), [])
      const seeded = yield* clientPage(admin)
      assert.isAtLeast(seeded.total, 7, "the seeded clients and this test's")

      assert.deepStrictEqual(ids(yield* clientPage(token, { search: tag })), [ours.id])
      assert.deepStrictEqual(ids(yield* clientPage(token, { advisorId: userId(advisor.id) })), [ours.id])
      for (const path of [`/api/advisor/clients?advisorId=${other.id}`, `/api/advisor/companies?advisorId=${other.id}`]) {
        const response = yield* server.request("GET", path, { token })
        assert.strictEqual(response.status, 403, path)
        assert.strictEqual(errorCode(response), "FORBIDDEN")
      }
    }))

  it.effect("anonymous callers get 401 INVALID_TOKEN and clients 403 FORBIDDEN", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const client = yield* server.login(testUsers.client)
      for (const path of ["/api/advisor/clients", `/api/advisor/clients/${randomUUID()}/quotations`, "/api/advisor/companies"]) {
        const anonymous = yield* server.request("GET", path)
        assert.strictEqual(anonymous.status, 401, path)
        assert.strictEqual(errorCode(anonymous), "INVALID_TOKEN")
        const forged = yield* server.request("GET", path, { token: "not-a-token" })
        assert.strictEqual(forged.status, 401, path)
        const forbidden = yield* server.request("GET", path, { token: client })
        assert.strictEqual(forbidden.status, 403, path)
        assert.strictEqual(errorCode(forbidden), "FORBIDDEN")
      }
    }))

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
