/**
 * Web and admin-panel quotations, black-box (CONTRACT.md "Quotations"): a client user
 * creates web quotations for its own client, everyone lists and reads within their scope
 * (client: own company; advisor: assigned; admin: all), the admin changes statuses, and
 * the admin, the advisor and the company's users comment. Every change's webhook events
 * are the database triggers' (read back from `webhook_events`).
 *
 * Real clock (`excludeTestServices`): the seeded "Always open" route is closed only
 * 23:59–00:00 Bogotá.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { hashPassword } from "@quote/adapters/infra/passwords/bcrypt-password-hasher"
import { BranchId, ClientId, QuotationId } from "@quote/core/shared/ids"
import type { QuotationListQuery } from "@quote/core/quotations/views"
import { expectError, ordinaryBusinessHour, TestServer, testUsers, wireObject } from "./support/test-server.ts"

const asBranchId = Schema.decodeSync(BranchId)
const asClientId = Schema.decodeSync(ClientId)

const one = <A>(rows: ReadonlyArray<A>): A => {
  const row = rows[0]
  assert.isDefined(row)
  return row!
}

/** Ids of seeded rows by natural key. */
const seeded = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const branch = (nit: string, name: string) =>
    Effect.map(
      sql<{ id: string; companyId: string }>`
        select b.id, b.company_id as "companyId" from branches b join companies c on c.id = b.company_id
         where c.nit = ${nit} and b.name = ${name}`,
      (rows) => {
        const row = one(rows)
        return { ...row, id: asBranchId(row.id) }
      }
    )
  const client = (nit: string) =>
    Effect.map(sql<{ id: string }>`select id from clients where nit = ${nit}`, (rows) => ({ id: asClientId(one(rows).id) }))
  return {
    andina: yield* client("900100001"),
    tornillo: yield* client("900100003"),
    north: yield* branch("900100001", "Sede Norte"),
    south: yield* branch("900100001", "Sede Sur"),
    tornilloBranch: yield* branch("900100003", "Almacén Principal")
  }
})

/** A client-role login of another company, without a client record. */
const otherCompanyUser = (companyId: string, branchId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const email = `otro-${crypto.randomUUID().slice(0, 8)}@example.com`
    const hash = yield* hashPassword("other-password")
    yield* sql`insert into users (name, email, password_hash, role, company_id, branch_id)
               values ('Otro Usuario', ${email}, ${hash}, 'client', ${companyId}::uuid, ${branchId}::uuid)`
    return { email, password: "other-password" }
  })

const eventTypes = (quotationId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ type: string }>`
      select type from webhook_events where entity_id = ${quotationId}::uuid order by seq`
    return rows.map((row) => row.type)
  })

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("web and admin quotations", (it) => {
  it.effect("a client creates web quotations for its own client: default branch, another branch of its company", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const ids = yield* seeded
      const client = yield* server.api(yield* server.login(testUsers.client))
      const [created, answer] = yield* client.quotations.create({
        headers: {},
        payload: { items: [{ sku: "ABA-001", quantity: 2 }, { sku: "BEB-002", quantity: 1 }], notes: "Pedido web" },
        responseMode: "decoded-and-response"
      })
      assert.strictEqual(created.source, "web")
      assert.strictEqual(created.status, "pending")
      assert.strictEqual(created.clientId, ids.andina.id)
      assert.strictEqual(created.clientName, "Distribuidora Andina")
      assert.strictEqual(created.company?.name, "Distribuidora Andina S.A.S.")
      assert.strictEqual(created.branch?.id, ids.north.id)
      assert.isNotNull(created.advisor)
      assert.deepStrictEqual(created.items.map((item) => [item.sku, item.unitPrice, item.priceType]), [
        ["ABA-001", 19900, "promotion"],
        ["BEB-002", 52000, "price_list"]
      ])
      assert.strictEqual(created.total, 2 * 19900 + 52000)
      assert.notProperty(yield* wireObject(answer), "replayed")
      assert.deepStrictEqual(yield* eventTypes(created.id), ["quotation.created"])

      const south = yield* client.quotations.create({
        headers: {},
        payload: { clientId: ids.andina.id, branchId: ids.south.id, items: [{ sku: "ASE-002", quantity: 1 }] }
      })
      assert.strictEqual(south.branch?.name, "Sede Sur")
    }))

  it.effect("web creation errors: another client, another company's branch, products, fields, roles", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const ids = yield* seeded
      const client = yield* server.login(testUsers.client)
      const items = [{ sku: "ABA-001", quantity: 1 }]
      const post = (token: string, body: unknown) => server.request("POST", "/api/quotations", { token, body })
      expectError(yield* post(client, { clientId: ids.tornillo.id, items }), 404, "CLIENT_NOT_FOUND")
      expectError(yield* post(client, { branchId: ids.tornilloBranch.id, items }), 404, "BRANCH_NOT_FOUND")
      expectError(yield* post(client, { items: [{ sku: "NOPE-7", quantity: 1 }] }), 404, "PRODUCT_NOT_FOUND")
      expectError(yield* post(client, { items, total: 10 }), 400, "VALIDATION_ERROR")
      expectError(yield* post(client, { items: [] }), 400, "VALIDATION_ERROR")
      const admin = yield* server.login(testUsers.admin)
      expectError(yield* post(admin, { items }), 403, "FORBIDDEN")
      expectError(yield* server.request("POST", "/api/quotations", { body: { items } }), 401, "INVALID_TOKEN")
      const stranger = yield* server.login(yield* otherCompanyUser(ids.tornilloBranch.companyId, ids.tornilloBranch.id))
      expectError(yield* post(stranger, { items }), 404, "CLIENT_NOT_FOUND")
    }))

  it.effect("lists are scoped (client: own company, advisor: assigned, admin: all), filtered and paginated", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const ids = yield* seeded
      const client = yield* server.login(testUsers.client)
      const admin = yield* server.login(testUsers.admin)
      const advisor = yield* server.login(testUsers.advisor)
      const clientApi = yield* server.api(client)
      const adminApi = yield* server.api(admin)
      // A quotation of another company, as the chatbot would create it.
      const key = yield* adminApi.apiKeys.create({ payload: { name: "chatbot", scopes: ["quotations:write"] } })
      const chat = yield* (yield* server.api(key.apiKey)).integrations.createQuotation({
        headers: { "idempotency-key": crypto.randomUUID() },
        payload: { clientId: ids.tornillo.id, branchId: ids.tornilloBranch.id, items: [{ sku: "ASE-004", quantity: 3 }] }
      })
      assert.isFalse(chat.replayed)
      for (let i = 0; i < 3; i++) {
        yield* clientApi.quotations.create({ headers: {}, payload: { items: [{ sku: "ABA-004", quantity: 1 }] } })
      }
      // Moved to another advisor: no longer the test advisor's.
      const otherAdvisor = one(yield* sql<{ id: string }>`
        insert into users (name, email, password_hash, role)
        values ('Otra Asesora', ${`asesora-${crypto.randomUUID().slice(0, 8)}@example.com`}, 'x', 'advisor') returning id`)
      yield* sql`update quotations set advisor_id = ${otherAdvisor.id}::uuid where id = ${chat.id}::uuid`

      const advisorApi = yield* server.api(advisor)
      const list = (api: typeof adminApi, query: QuotationListQuery = {}) => api.quotations.list({ query })
      const mine = yield* list(clientApi, { limit: 100 })
      assert.isAtLeast(mine.total, 3)
      assert.isTrue(mine.items.every((item) => item.company?.id === ids.north.companyId))
      const all = yield* list(adminApi, { limit: 100 })
      assert.include(all.items.map((item) => item.id), chat.id)
      assert.strictEqual(all.total, mine.total + 1)
      const assigned = yield* list(advisorApi, { limit: 100 })
      assert.notInclude(assigned.items.map((item) => item.id), chat.id)
      assert.strictEqual(assigned.total, mine.total)

      const chatOnly = yield* list(adminApi, { source: "chat" })
      assert.deepStrictEqual(chatOnly.items.map((item) => item.id), [chat.id])
      assert.strictEqual(chatOnly.items[0]!.itemCount, 1)
      const byClient = yield* list(adminApi, { clientId: ids.tornillo.id, status: "pending" })
      assert.deepStrictEqual(byClient.items.map((item) => item.id), [chat.id])
      assert.strictEqual((yield* list(adminApi, { status: "approved", source: "chat" })).total, 0)
      const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10)
      assert.strictEqual((yield* list(adminApi, { dateFrom: today, dateTo: today })).total, all.total)
      assert.strictEqual((yield* list(adminApi, { dateTo: "2020-01-01" })).total, 0)

      const paged = yield* list(clientApi, { limit: 2, page: 2 })
      assert.deepInclude(paged, { page: 2, limit: 2, total: mine.total, totalPages: Math.ceil(mine.total / 2) })
      assert.deepStrictEqual(paged.items.map((item) => item.id), mine.items.slice(2, 4).map((item) => item.id))

      expectError(yield* server.request("GET", "/api/quotations?dateFrom=2025-02-30", { token: admin }), 400, "VALIDATION_ERROR")
      expectError(yield* server.request("GET", "/api/quotations?limit=101", { token: admin }), 400, "VALIDATION_ERROR")
      expectError(yield* server.request("GET", "/api/quotations?status=lost", { token: admin }), 400, "VALIDATION_ERROR")

      // Reading one: within the scope only.
      const first = mine.items[0]!
      assert.strictEqual((yield* clientApi.quotations.get({ params: { id: first.id } })).id, first.id)
      expectError(yield* server.request("GET", `/api/quotations/${chat.id}`, { token: client }), 404, "NOT_FOUND")
      expectError(yield* server.request("GET", `/api/quotations/${chat.id}`, { token: advisor }), 404, "NOT_FOUND")
      assert.strictEqual((yield* adminApi.quotations.get({ params: { id: chat.id } })).source, "chat")
      expectError(yield* server.request("GET", `/api/quotations/${crypto.randomUUID()}`, { token: admin }), 404, "NOT_FOUND")
    }))

  it.effect("the admin approves and rejects pending quotations; the triggers record the events", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const client = yield* server.login(testUsers.client)
      const admin = yield* server.login(testUsers.admin)
      const advisor = yield* server.login(testUsers.advisor)
      const adminApi = yield* server.api(admin)
      const create = Effect.flatMap(
        server.api(client),
        (api) => api.quotations.create({ headers: {}, payload: { items: [{ sku: "BEB-003", quantity: 1 }] } })
      )
      const setStatus = (token: string, id: string, status: string) =>
        server.request("PATCH", `/api/quotations/${id}/status`, { token, body: { status } })
      const changeStatus = (id: QuotationId, status: "approved" | "rejected") =>
        adminApi.quotations.changeStatus({ params: { id }, payload: { status } })

      const approved = yield* create
      assert.strictEqual((yield* changeStatus(approved.id, "approved")).status, "approved")
      assert.deepStrictEqual(yield* eventTypes(approved.id), [
        "quotation.created",
        "quotation.status_changed",
        "quotation.approved"
      ])
      expectError(yield* setStatus(admin, approved.id, "pending"), 422, "INVALID_STATUS_TRANSITION")
      expectError(yield* setStatus(admin, approved.id, "rejected"), 422, "INVALID_STATUS_TRANSITION")
      // Setting the current status again changes nothing and records nothing.
      assert.strictEqual((yield* changeStatus(approved.id, "approved")).status, "approved")
      assert.strictEqual((yield* eventTypes(approved.id)).length, 3)

      const rejected = yield* create
      yield* changeStatus(rejected.id, "rejected")
      assert.deepStrictEqual(yield* eventTypes(rejected.id), [
        "quotation.created",
        "quotation.status_changed",
        "quotation.rejected"
      ])

      const pending = yield* create
      expectError(yield* setStatus(admin, pending.id, "synced"), 422, "INVALID_STATUS_TRANSITION")
      expectError(yield* setStatus(advisor, pending.id, "approved"), 403, "FORBIDDEN")
      expectError(yield* setStatus(client, pending.id, "approved"), 403, "FORBIDDEN")
      expectError(yield* setStatus(admin, pending.id, "lost"), 400, "VALIDATION_ERROR")
      expectError(yield* setStatus(admin, crypto.randomUUID(), "approved"), 404, "NOT_FOUND")
      assert.deepStrictEqual(yield* eventTypes(pending.id), ["quotation.created"])
    }))

  it.effect("comments: the admin, the advisor and the company's users; anyone else gets 404", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const ids = yield* seeded
      const client = yield* server.login(testUsers.client)
      const admin = yield* server.login(testUsers.admin)
      const advisor = yield* server.login(testUsers.advisor)
      const stranger = yield* server.login(yield* otherCompanyUser(ids.tornilloBranch.companyId, ids.tornilloBranch.id))
      const quotation = yield* (yield* server.api(client)).quotations.create({ headers: {}, payload: { items: [{ sku: "ABA-002", quantity: 1 }] } })
      const comment = (token: string, text: string) =>
        server.request("POST", `/api/quotations/${quotation.id}/comments`, { token, body: { text } })
      const addComment = (token: string, text: string) =>
        Effect.flatMap(server.api(token), (api) => api.quotations.addComment({ params: { id: quotation.id }, payload: { text } }))

      const byClient = yield* addComment(client, "  ¿Pueden entregar el lunes?  ")
      assert.strictEqual(byClient.text, "¿Pueden entregar el lunes?")
      assert.deepInclude(byClient.author!, { role: "client" })
      yield* addComment(advisor, "Sí, el lunes en la mañana.")
      yield* addComment(admin, "Aprobado por administración.")
      expectError(yield* comment(stranger, "hola"), 404, "NOT_FOUND")
      expectError(yield* comment(client, "   "), 400, "VALIDATION_ERROR")
      expectError(yield* comment(client, "x".repeat(5001)), 400, "VALIDATION_ERROR")
      expectError(
        yield* server.request("POST", `/api/quotations/${crypto.randomUUID()}/comments`, { token: admin, body: { text: "x" } }),
        404,
        "NOT_FOUND"
      )

      const listed = yield* (yield* server.api(advisor)).quotations.listComments({ params: { id: quotation.id } })
      assert.deepStrictEqual(listed.items.map((item) => [item.author?.role, item.text]), [
        ["client", "¿Pueden entregar el lunes?"],
        ["advisor", "Sí, el lunes en la mañana."],
        ["admin", "Aprobado por administración."]
      ])
      expectError(yield* server.request("GET", `/api/quotations/${quotation.id}/comments`, { token: stranger }), 404, "NOT_FOUND")
      assert.deepStrictEqual(yield* eventTypes(quotation.id), [
        "quotation.created",
        "quotation.comment_added",
        "quotation.comment_added",
        "quotation.comment_added"
      ])
    }))
})
