/**
 * Statistics (spec "Statistics", `/api/stats`): the admin and advisor dashboards,
 * checked figure by figure against quotations inserted for the purpose. The server's
 * clock is the real one moved to a chosen "now", set per test, so "the last 12 months" is
 * fixed while the server's background work keeps real time (a `TestClock` jump of decades
 * would replay every periodic wake-up in between).
 *
 * Each test works in its own year (and passes it as the date range), so the tests of one
 * database do not see each other's quotations.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { randomUUID } from "node:crypto"
import {
  type FixtureItem,
  insertAdvisor,
  insertBranch,
  insertClient,
  insertCompany,
  insertQuotation
} from "./support/quotation-fixtures.ts"
import { ValidationError } from "@quote/core/shared/errors"
import { UserId } from "@quote/core/shared/ids"
import { AdminStatistics, AdvisorStatistics } from "@quote/core/stats/views"
import { type ApiClient, errorCode, errorOf, movableClock, SqlClient, TestServer, testUsers, wireItems } from "./support/test-server.ts"

type AdvisorQuery = Parameters<ApiClient["stats"]["advisor"]>[0]["query"]
type DateRange = Parameters<ApiClient["stats"]["admin"]>[0]["query"]

/** The server on its own database, on the real clock moved to whatever "now" a test sets. */
const movableClockServer = () => {
  const movable = movableClock()
  return { server: TestServer.layer().pipe(Layer.provide(movable.layer)), setNow: movable.setNow }
}

const apiOf = (token: string) => Effect.flatMap(TestServer, (server) => server.api(token))

const adminStatistics = (token: string, query: DateRange = {}) => Effect.flatMap(apiOf(token), (api) => api.stats.admin({ query }))

const advisorStatistics = (token: string, query: AdvisorQuery = {}) =>
  Effect.flatMap(apiOf(token), (api) => api.stats.advisor({ query }))

/** The 12 months ending with `last` (`YYYY-MM`), with the given non-zero totals. */
const monthSeries = (last: string, totals: Record<string, number>) => {
  const [year, month] = last.split("-").map(Number) as [number, number]
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 12 + index, 1))
    const key = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`
    return { month: key, total: totals[key] ?? 0 }
  })
}

const activeCounts = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const rows = yield* sql`
    select (select count(*) from products where active) as products,
           (select count(*) from clients where active) as clients,
           (select count(*) from users where active) as users`.pipe(Effect.orDie)
  return Schema.decodeUnknownSync(Schema.Struct({ products: Schema.Number, clients: Schema.Number, users: Schema.Number }))(rows[0])
})

/** One advisor with a company, a branch and two clients named so that Alfa sorts first. */
const salesWorld = Effect.gen(function*() {
  const advisor = yield* insertAdvisor()
  const company = yield* insertCompany()
  const branch = yield* insertBranch({ companyId: company.id, advisorId: advisor.id })
  const alfa = yield* insertClient({ companyId: company.id, branchId: branch.id, name: `Alfa ${company.nit}` })
  const beta = yield* insertClient({ companyId: company.id, branchId: branch.id, name: `Beta ${company.nit}` })
  return { advisor, company, branch, alfa, beta }
})

const item = (sku: string, quantity: number, unitPrice: number, name?: string): FixtureItem =>
  name === undefined ? { sku, quantity, unitPrice } : { sku, quantity, unitPrice, name }

const main = movableClockServer()
const setNow = main.setNow

layer(main.server)("statistics", (it) => {
  it.effect("admin: every figure over an inclusive Bogota date range", () =>
    Effect.gen(function*() {
      yield* setNow("2031-06-15T12:00:00-05:00")
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { alfa, beta } = yield* salesWorld
      const q1 = yield* insertQuotation({
        clientId: alfa.id,
        createdAt: "2031-03-01T00:00:00-05:00",
        items: [item("ABA-001", 2, 23900), item("BEB-001", 1, 28000)]
      })
      const q2 = yield* insertQuotation({
        clientId: alfa.id,
        createdAt: "2031-04-10T10:00:00-05:00",
        status: "synced",
        erpQuotationId: "4501",
        erpUrl: "https://erp.example.com/cotizaciones/4501",
        items: [item("ABA-001", 1, 23900)]
      })
      const q3 = yield* insertQuotation({
        clientId: beta.id,
        // 04:30 UTC on June 1st, still May 31st in Bogota.
        createdAt: "2031-05-31T23:30:00-05:00",
        status: "approved",
        items: [item("ASE-001", 3, 34900)]
      })
      const q4 = yield* insertQuotation({
        clientId: beta.id,
        createdAt: "2031-04-20T09:00:00-05:00",
        status: "rejected",
        items: [item("BEB-002", 10, 52000)]
      })
      const q5 = yield* insertQuotation({
        clientId: beta.id,
        createdAt: "2031-05-05T09:00:00-05:00",
        items: [item("OLD-999", 1, 5000, "Producto retirado")]
      })
      // Just outside the range on either side.
      yield* insertQuotation({ clientId: alfa.id, createdAt: "2031-02-28T23:59:59-05:00", items: [item("ABA-002", 1, 1000)] })
      yield* insertQuotation({ clientId: alfa.id, createdAt: "2031-06-01T00:00:00-05:00", items: [item("ABA-002", 1, 2000)] })

      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const products = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.String, sku: Schema.String, name: Schema.String })))(
        yield* sql`select id, sku, name from products where sku in ('ABA-001', 'BEB-001', 'ASE-001')`.pipe(Effect.orDie)
      )
      const product = (sku: string) => products.find((row) => row.sku === sku)!
      const recent = (quotation: { id: string; code: string; total: number }, status: string, createdAt: string, client: string, erpUrl: string | null = null) => ({
        id: quotation.id,
        code: quotation.code,
        total: quotation.total,
        status,
        created_at: new Date(createdAt),
        erp_url: erpUrl,
        client_name: client
      })

      const body = yield* adminStatistics(admin, { dateFrom: "2031-03-01", dateTo: "2031-05-31" })
      const counts = yield* activeCounts
      assert.deepStrictEqual(body, Schema.decodeUnknownSync(AdminStatistics)({
        totalRevenue: 75800 + 23900 + 104700 + 5000,
        ordersCount: 5,
        syncedErpCount: 1,
        pendingErpCount: 3,
        topProducts: [
          { id: product("ASE-001").id, name: product("ASE-001").name, qty: 3, total: 104700 },
          { id: product("ABA-001").id, name: product("ABA-001").name, qty: 3, total: 71700 },
          { id: product("BEB-001").id, name: product("BEB-001").name, qty: 1, total: 28000 },
          { id: null, name: "Producto retirado", qty: 1, total: 5000 }
        ],
        topClients: [
          { id: beta.id, name: beta.name, orderCount: 2, total: 109700 },
          { id: alfa.id, name: alfa.name, orderCount: 2, total: 99700 }
        ],
        recentOrders: [
          recent(q3, "approved", "2031-06-01T04:30:00.000Z", beta.name),
          recent(q5, "pending", "2031-05-05T14:00:00.000Z", beta.name),
          recent(q4, "rejected", "2031-04-20T14:00:00.000Z", beta.name),
          recent(q2, "synced", "2031-04-10T15:00:00.000Z", alfa.name, "https://erp.example.com/cotizaciones/4501"),
          recent(q1, "pending", "2031-03-01T05:00:00.000Z", alfa.name)
        ],
        monthlyRevenue: monthSeries("2031-06", { "2031-03": 75800, "2031-04": 23900, "2031-05": 109700 }),
        totalActiveProducts: counts.products,
        totalActiveClients: counts.clients,
        totalActiveUsers: counts.users
      }))
      assert.strictEqual(counts.products, 12, "the seeded catalog")

      // One bound only: June's quotation now counts, February's still does not.
      const fromMarch = yield* adminStatistics(admin, { dateFrom: "2031-03-01" })
      assert.strictEqual(fromMarch.ordersCount, 6)
      assert.strictEqual(fromMarch.totalRevenue, 209400 + 2000)
      assert.deepStrictEqual(
        fromMarch.monthlyRevenue,
        monthSeries("2031-06", { "2031-03": 75800, "2031-04": 23900, "2031-05": 109700, "2031-06": 2000 })
      )
      // dateFrom = dateTo is that whole Bogota day.
      const oneDay = yield* adminStatistics(admin, { dateFrom: "2031-05-31", dateTo: "2031-05-31" })
      assert.strictEqual(oneDay.ordersCount, 1)
      assert.strictEqual(oneDay.totalRevenue, 104700)
      assert.deepStrictEqual(oneDay.recentOrders.map((order) => order.id), [q3.id])
      const empty = yield* adminStatistics(admin, { dateFrom: "2031-01-01", dateTo: "2031-01-31" })
      assert.deepStrictEqual(
        { ...empty, totalActiveProducts: 0, totalActiveClients: 0, totalActiveUsers: 0 },
        {
          totalRevenue: 0,
          ordersCount: 0,
          syncedErpCount: 0,
          pendingErpCount: 0,
          topProducts: [],
          topClients: [],
          recentOrders: [],
          monthlyRevenue: monthSeries("2031-06", {}),
          totalActiveProducts: 0,
          totalActiveClients: 0,
          totalActiveUsers: 0
        }
      )
    }))

  it.effect("admin: rankings keep the top 10 by revenue and recentOrders the latest 10", () =>
    Effect.gen(function*() {
      yield* setNow("2033-12-31T23:00:00-05:00")
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { company, branch } = yield* salesWorld
      const skus = ["ABA-001", "ABA-002", "ABA-003", "ABA-004", "BEB-001", "BEB-002", "BEB-003", "BEB-004", "ASE-001", "ASE-002", "ASE-003"]
      const quotations: Array<{ id: string }> = []
      for (const [index, sku] of skus.entries()) {
        const client = yield* insertClient({ companyId: company.id, branchId: branch.id, name: `Cliente ${String(index).padStart(2, "0")} ${company.nit}` })
        // Revenue grows with the index: the first client and SKU are the smallest.
        quotations.push(
          yield* insertQuotation({
            clientId: client.id,
            createdAt: new Date(Date.parse("2033-12-01T08:00:00-05:00") + index * 86_400_000),
            items: [item(sku, 1, 1000 * (index + 1))]
          })
        )
      }
      const body = yield* adminStatistics(admin, { dateFrom: "2033-01-01", dateTo: "2033-12-31" })
      const { topClients, topProducts } = body
      assert.deepStrictEqual(topProducts.map((row) => row.total), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => n * 1000))
      assert.deepStrictEqual(topClients.map((row) => row.total), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => n * 1000))
      assert.strictEqual(topClients[0]!.name, `Cliente 10 ${company.nit}`)
      assert.deepStrictEqual(
        body.recentOrders.map((order) => order.id),
        quotations.slice(1).reverse().map((quotation) => quotation.id)
      )
      assert.deepStrictEqual(body.monthlyRevenue, monthSeries("2033-12", { "2033-12": 66000 }))
    }))

  it.effect("advisor: an advisor gets its own figures; an admin global ones or one advisor's", () =>
    Effect.gen(function*() {
      yield* setNow("2032-06-15T12:00:00-05:00")
      const server = yield* TestServer
      const mine = yield* salesWorld
      const theirs = yield* salesWorld
      const token = yield* server.login(mine.advisor)
      const admin = yield* server.login(testUsers.admin)
      const own = yield* insertQuotation({ clientId: mine.alfa.id, createdAt: "2032-03-05T10:00:00-05:00", items: [item("ABA-003", 2, 5000)] })
      const rejected = yield* insertQuotation({
        clientId: mine.beta.id,
        createdAt: "2032-04-05T10:00:00-05:00",
        status: "rejected",
        items: [item("ABA-004", 1, 3000)]
      })
      yield* insertQuotation({
        clientId: theirs.alfa.id,
        createdAt: "2032-03-10T10:00:00-05:00",
        status: "synced",
        erpUrl: "https://erp.example.com/x",
        items: [item("BEB-003", 1, 20000)]
      })
      // Mine's client, but made while the other advisor was in charge: the other's figure.
      yield* insertQuotation({
        clientId: mine.alfa.id,
        createdAt: "2032-05-01T10:00:00-05:00",
        advisorId: theirs.advisor.id,
        items: [item("ASE-004", 1, 500)]
      })
      const range = { dateFrom: "2032-01-01", dateTo: "2032-12-31" }

      const expected = Schema.decodeUnknownSync(AdvisorStatistics)({
        totalRevenue: 10000,
        ordersCount: 2,
        topProducts: [{ id: (yield* productId("ABA-003")), name: "Azúcar refinada 2.5 kg", qty: 2, total: 10000 }],
        recentOrders: [
          { id: rejected.id, code: rejected.code, total: 3000, status: "rejected", created_at: new Date("2032-04-05T15:00:00.000Z"), client_name: mine.beta.name },
          { id: own.id, code: own.code, total: 10000, status: "pending", created_at: new Date("2032-03-05T15:00:00.000Z"), client_name: mine.alfa.name }
        ],
        monthlyRevenue: monthSeries("2032-06", { "2032-03": 10000 })
      })
      assert.deepStrictEqual(yield* advisorStatistics(token, range), expected)
      assert.deepStrictEqual(yield* advisorStatistics(token, { ...range, advisorId: Schema.decodeSync(UserId)(mine.advisor.id) }), expected)
      assert.deepStrictEqual(yield* advisorStatistics(admin, { ...range, advisorId: Schema.decodeSync(UserId)(mine.advisor.id) }), expected)

      const others = yield* advisorStatistics(admin, { ...range, advisorId: Schema.decodeSync(UserId)(theirs.advisor.id) })
      assert.strictEqual(others.totalRevenue, 20500)
      assert.strictEqual(others.ordersCount, 2)
      assert.deepStrictEqual(others.monthlyRevenue, monthSeries("2032-06", { "2032-03": 20000, "2032-05": 500 }))
      const [global, answer] = yield* (yield* apiOf(admin)).stats.advisor({ query: range, responseMode: "decoded-and-response" })
      assert.strictEqual(global.totalRevenue, 30500)
      assert.strictEqual(global.ordersCount, 4)
      // Not in the advisor's figures on the wire.
      assert.notProperty((yield* wireItems(answer, "recentOrders"))[0], "erp_url")

      const seededAdvisor = yield* server.login(testUsers.advisor)
      const nothing = yield* advisorStatistics(seededAdvisor, range)
      assert.strictEqual(nothing.totalRevenue, 0)
      assert.deepStrictEqual(nothing.recentOrders, [])

      const forbidden = yield* server.request("GET", `/api/stats/advisor?advisorId=${theirs.advisor.id}`, { token })
      assert.strictEqual(forbidden.status, 403)
      assert.strictEqual(errorCode(forbidden), "FORBIDDEN")
      const unknownAdvisor = yield* advisorStatistics(admin, { ...range, advisorId: Schema.decodeSync(UserId)(randomUUID()) })
      assert.strictEqual(unknownAdvisor.ordersCount, 0)
    }))

  it.effect("malformed or reversed dates and a malformed advisorId → 400 VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      yield* setNow("2031-06-15T12:00:00-05:00")
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      for (
        const [path, field] of [
          ["/api/stats/admin?dateFrom=2031-02-30", "dateFrom"],
          ["/api/stats/admin?dateTo=15/03/2031", "dateTo"],
          ["/api/stats/admin?dateFrom=2031-03-01T00:00:00Z", "dateFrom"],
          ["/api/stats/admin?dateFrom=2031-03-02&dateTo=2031-03-01", "dateTo"],
          ["/api/stats/advisor?dateFrom=yesterday", "dateFrom"],
          ["/api/stats/advisor?dateFrom=2031-03-02&dateTo=2031-03-01", "dateTo"],
          ["/api/stats/advisor?advisorId=123", "advisorId"]
        ] as const
      ) {
        const response = yield* server.request("GET", path, { token: admin })
        assert.strictEqual(response.status, 400, path)
        assert.strictEqual(errorCode(response), "VALIDATION_ERROR", path)
        const issues = errorOf(response, ValidationError).details?.issues ?? []
        assert.deepStrictEqual(issues.map((issue) => issue.path.join(".")), [`query.${field}`], path)
      }
    }))

  it.effect("access: anonymous 401, clients 403, advisors 403 on the admin dashboard", () =>
    Effect.gen(function*() {
      yield* setNow("2031-06-15T12:00:00-05:00")
      const server = yield* TestServer
      const client = yield* server.login(testUsers.client)
      const advisor = yield* server.login(testUsers.advisor)
      for (const path of ["/api/stats/admin", "/api/stats/advisor"]) {
        const anonymous = yield* server.request("GET", path)
        assert.strictEqual(anonymous.status, 401, path)
        assert.strictEqual(errorCode(anonymous), "INVALID_TOKEN")
        const forbidden = yield* server.request("GET", path, { token: client })
        assert.strictEqual(forbidden.status, 403, path)
        assert.strictEqual(errorCode(forbidden), "FORBIDDEN")
      }
      const adminOnly = yield* server.request("GET", "/api/stats/admin", { token: advisor })
      assert.strictEqual(adminOnly.status, 403)
      assert.strictEqual(errorCode(adminOnly), "FORBIDDEN")
    }))
})

// A database of its own: without a date filter every quotation counts.
const unfiltered = movableClockServer()

layer(unfiltered.server)("statistics without a date filter", (it) => {
  it.effect("all quotations count; monthlyRevenue is the 12 Bogota months ending with the current one", () =>
    Effect.gen(function*() {
      yield* unfiltered.setNow("2030-01-20T12:00:00-05:00")
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { alfa } = yield* salesWorld
      yield* insertQuotation({ clientId: alfa.id, createdAt: "2030-01-05T10:00:00-05:00", items: [item("ABA-001", 1, 1000)] })
      yield* insertQuotation({ clientId: alfa.id, createdAt: "2029-02-01T00:00:00-05:00", items: [item("ABA-001", 1, 2000)] })
      // Before the 12-month window: revenue, but in no month of the series.
      yield* insertQuotation({ clientId: alfa.id, createdAt: "2029-01-31T23:00:00-05:00", items: [item("ABA-001", 1, 4000)] })
      yield* insertQuotation({ clientId: alfa.id, createdAt: "2029-12-24T10:00:00-05:00", status: "rejected", items: [item("ABA-001", 1, 8000)] })

      const body = yield* adminStatistics(admin)
      assert.strictEqual(body.totalRevenue, 7000)
      assert.strictEqual(body.ordersCount, 4)
      assert.strictEqual(body.pendingErpCount, 3)
      assert.strictEqual(body.syncedErpCount, 0)
      assert.deepStrictEqual(body.monthlyRevenue, monthSeries("2030-01", { "2029-02": 2000, "2030-01": 1000 }))
      assert.strictEqual(body.monthlyRevenue[0]!.month, "2029-02")
      const advisor = yield* advisorStatistics(admin)
      assert.strictEqual(advisor.totalRevenue, 7000)
      assert.deepStrictEqual(advisor.monthlyRevenue, body.monthlyRevenue)
    }))
})

const productId = (sku: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql`select id from products where sku = ${sku}`.pipe(Effect.orDie)
    return Schema.decodeUnknownSync(Schema.Struct({ id: Schema.String }))(rows[0]).id
  })
