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
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { hashPassword } from "@quote/adapters/app/auth/passwords"
import { errorCode, ordinaryBusinessHour, type TestResponse, TestServer, testUsers } from "./support/test-server.ts"

interface Quotation {
  id: string
  code: string
  status: string
  source: string
  total: number
  clientId: string
  clientName: string
  company: { id: string; name: string } | null
  branch: { id: string; name: string } | null
  advisor: { id: string; name: string } | null
  routeDate: string | null
  items: Array<{ sku: string; unitPrice: number; quantity: number; subtotal: number; priceType: string }>
}

interface Page {
  items: Array<Omit<Quotation, "items"> & { itemCount: number }>
  total: number
  page: number
  limit: number
  totalPages: number
}

const expectError = (response: TestResponse, status: number, code: string) => {
  assert.strictEqual(response.status, status, response.text)
  assert.strictEqual(errorCode(response), code, response.text)
}

const ok = <A>(response: TestResponse, status = 200): A => {
  assert.strictEqual(response.status, status, response.text)
  return response.body as A
}

const one = <A>(rows: ReadonlyArray<A>): A => {
  const row = rows[0]
  assert.isDefined(row)
  return row!
}

/** Ids of seeded rows by natural key. */
const seeded = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const branch = (nit: string, name: string) =>
    Effect.map(
      sql<{ id: string; companyId: string }>`
        select b.id, b.company_id as "companyId" from branches b join companies c on c.id = b.company_id
         where c.nit = ${nit} and b.name = ${name}`,
      one
    )
  const client = (nit: string) => Effect.map(sql<{ id: string }>`select id from clients where nit = ${nit}`, one)
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
    const sql = yield* SqlClient.SqlClient
    const email = `otro-${crypto.randomUUID().slice(0, 8)}@example.com`
    const hash = yield* hashPassword("other-password")
    yield* sql`insert into users (name, email, password_hash, role, company_id, branch_id)
               values ('Otro Usuario', ${email}, ${hash}, 'client', ${companyId}::uuid, ${branchId}::uuid)`
    return { email, password: "other-password" }
  })

const eventTypes = (quotationId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ type: string }>`
      select type from webhook_events where entity_id = ${quotationId}::uuid order by seq`
    return rows.map((row) => row.type)
  })

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("web and admin quotations", (it) => {
  it.effect("a client creates web quotations for its own client: default branch, another branch of its company", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const ids = yield* seeded
      const client = yield* server.login(testUsers.client)
      const created = ok<Quotation>(
        yield* server.request("POST", "/api/quotations", {
          token: client,
          body: { items: [{ sku: "ABA-001", quantity: 2 }, { sku: "BEB-002", quantity: 1 }], notes: "Pedido web" }
        }),
        201
      )
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
      assert.notProperty(created, "replayed")
      assert.deepStrictEqual(yield* eventTypes(created.id), ["quotation.created"])

      const south = ok<Quotation>(
        yield* server.request("POST", "/api/quotations", {
          token: client,
          body: { clientId: ids.andina.id, branchId: ids.south.id, items: [{ sku: "ASE-002", quantity: 1 }] }
        }),
        201
      )
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
      const sql = yield* SqlClient.SqlClient
      const ids = yield* seeded
      const client = yield* server.login(testUsers.client)
      const admin = yield* server.login(testUsers.admin)
      const advisor = yield* server.login(testUsers.advisor)
      // A quotation of another company, as the chatbot would create it.
      const key = ok<{ apiKey: string }>(
        yield* server.request("POST", "/api/api-keys", {
          token: admin,
          body: { name: "chatbot", scopes: ["quotations:write"] }
        }),
        201
      )
      const chat = ok<Quotation>(
        yield* server.request("POST", "/api/integrations/quotations", {
          token: key.apiKey,
          headers: { "idempotency-key": crypto.randomUUID() },
          body: { clientId: ids.tornillo.id, branchId: ids.tornilloBranch.id, items: [{ sku: "ASE-004", quantity: 3 }] }
        }),
        201
      )
      for (let i = 0; i < 3; i++) {
        ok(yield* server.request("POST", "/api/quotations", { token: client, body: { items: [{ sku: "ABA-004", quantity: 1 }] } }), 201)
      }
      // Moved to another advisor: no longer the test advisor's.
      const otherAdvisor = one(yield* sql<{ id: string }>`
        insert into users (name, email, password_hash, role)
        values ('Otra Asesora', ${`asesora-${crypto.randomUUID().slice(0, 8)}@example.com`}, 'x', 'advisor') returning id`)
      yield* sql`update quotations set advisor_id = ${otherAdvisor.id}::uuid where id = ${chat.id}::uuid`

      const list = (token: string, query = "") => Effect.map(server.request("GET", `/api/quotations${query}`, { token }), (r) => ok<Page>(r))
      const mine = yield* list(client, "?limit=100")
      assert.isAtLeast(mine.total, 3)
      assert.isTrue(mine.items.every((item) => item.company?.id === ids.north.companyId))
      const all = yield* list(admin, "?limit=100")
      assert.include(all.items.map((item) => item.id), chat.id)
      assert.strictEqual(all.total, mine.total + 1)
      const assigned = yield* list(advisor, "?limit=100")
      assert.notInclude(assigned.items.map((item) => item.id), chat.id)
      assert.strictEqual(assigned.total, mine.total)

      const chatOnly = yield* list(admin, "?source=chat")
      assert.deepStrictEqual(chatOnly.items.map((item) => item.id), [chat.id])
      assert.strictEqual(chatOnly.items[0]!.itemCount, 1)
      const byClient = yield* list(admin, `?clientId=${ids.tornillo.id}&status=pending`)
      assert.deepStrictEqual(byClient.items.map((item) => item.id), [chat.id])
      assert.strictEqual((yield* list(admin, "?status=approved&source=chat")).total, 0)
      const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10)
      assert.strictEqual((yield* list(admin, `?dateFrom=${today}&dateTo=${today}`)).total, all.total)
      assert.strictEqual((yield* list(admin, "?dateTo=2020-01-01")).total, 0)

      const paged = yield* list(client, "?limit=2&page=2")
      assert.deepInclude(paged, { page: 2, limit: 2, total: mine.total, totalPages: Math.ceil(mine.total / 2) })
      assert.deepStrictEqual(paged.items.map((item) => item.id), mine.items.slice(2, 4).map((item) => item.id))

      expectError(yield* server.request("GET", "/api/quotations?dateFrom=2025-02-30", { token: admin }), 400, "VALIDATION_ERROR")
      expectError(yield* server.request("GET", "/api/quotations?limit=101", { token: admin }), 400, "VALIDATION_ERROR")
      expectError(yield* server.request("GET", "/api/quotations?status=lost", { token: admin }), 400, "VALIDATION_ERROR")

      // Reading one: within the scope only.
      const first = mine.items[0]!
      assert.strictEqual(ok<Quotation>(yield* server.request("GET", `/api/quotations/${first.id}`, { token: client })).id, first.id)
      expectError(yield* server.request("GET", `/api/quotations/${chat.id}`, { token: client }), 404, "NOT_FOUND")
      expectError(yield* server.request("GET", `/api/quotations/${chat.id}`, { token: advisor }), 404, "NOT_FOUND")
      assert.strictEqual(ok<Quotation>(yield* server.request("GET", `/api/quotations/${chat.id}`, { token: admin })).source, "chat")
      expectError(yield* server.request("GET", `/api/quotations/${crypto.randomUUID()}`, { token: admin }), 404, "NOT_FOUND")
    }))

  it.effect("the admin approves and rejects pending quotations; the triggers record the events", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const client = yield* server.login(testUsers.client)
      const admin = yield* server.login(testUsers.admin)
      const advisor = yield* server.login(testUsers.advisor)
      const create = Effect.map(
        server.request("POST", "/api/quotations", { token: client, body: { items: [{ sku: "BEB-003", quantity: 1 }] } }),
        (response) => ok<Quotation>(response, 201)
      )
      const setStatus = (token: string, id: string, status: string) =>
        server.request("PATCH", `/api/quotations/${id}/status`, { token, body: { status } })

      const approved = yield* create
      assert.strictEqual(ok<Quotation>(yield* setStatus(admin, approved.id, "approved")).status, "approved")
      assert.deepStrictEqual(yield* eventTypes(approved.id), [
        "quotation.created",
        "quotation.status_changed",
        "quotation.approved"
      ])
      expectError(yield* setStatus(admin, approved.id, "pending"), 422, "INVALID_STATUS_TRANSITION")
      expectError(yield* setStatus(admin, approved.id, "rejected"), 422, "INVALID_STATUS_TRANSITION")
      // Setting the current status again changes nothing and records nothing.
      assert.strictEqual(ok<Quotation>(yield* setStatus(admin, approved.id, "approved")).status, "approved")
      assert.strictEqual((yield* eventTypes(approved.id)).length, 3)

      const rejected = yield* create
      ok(yield* setStatus(admin, rejected.id, "rejected"))
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
      const quotation = ok<Quotation>(
        yield* server.request("POST", "/api/quotations", { token: client, body: { items: [{ sku: "ABA-002", quantity: 1 }] } }),
        201
      )
      const comment = (token: string, text: string) =>
        server.request("POST", `/api/quotations/${quotation.id}/comments`, { token, body: { text } })

      const byClient = ok<{ id: string; text: string; author: { name: string; role: string } }>(
        yield* comment(client, "  ¿Pueden entregar el lunes?  "),
        201
      )
      assert.strictEqual(byClient.text, "¿Pueden entregar el lunes?")
      assert.deepInclude(byClient.author, { role: "client" })
      ok(yield* comment(advisor, "Sí, el lunes en la mañana."), 201)
      ok(yield* comment(admin, "Aprobado por administración."), 201)
      expectError(yield* comment(stranger, "hola"), 404, "NOT_FOUND")
      expectError(yield* comment(client, "   "), 400, "VALIDATION_ERROR")
      expectError(yield* comment(client, "x".repeat(5001)), 400, "VALIDATION_ERROR")
      expectError(
        yield* server.request("POST", `/api/quotations/${crypto.randomUUID()}/comments`, { token: admin, body: { text: "x" } }),
        404,
        "NOT_FOUND"
      )

      const listed = ok<{ items: Array<{ text: string; author: { role: string } | null; createdAt: string }> }>(
        yield* server.request("GET", `/api/quotations/${quotation.id}/comments`, { token: advisor })
      )
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
