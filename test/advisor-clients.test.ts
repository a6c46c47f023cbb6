/**
 * The advisor module (spec "Advisor module", `/api/advisor/clients`): the client list an
 * advisor sees, with every field of the spec, pagination, search, and the 400
 * VALIDATION_ERROR for a malformed page, limit, search or advisorId.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { insertClient, insertQuotation, insertUser, routeIdByName } from "./support/quotation-fixtures.ts"
import { advisorWorld, type ClientPage, clientPage } from "./support/advisor-fixtures.ts"
import { ValidationError } from "@quote/core/shared/errors"
import { AdvisorClient } from "@quote/core/advisor/views"
import { errorCode, errorOf, SqlClient, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"

layer(TestServer.layer())("advisor module: clients", (it) => {
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
})
