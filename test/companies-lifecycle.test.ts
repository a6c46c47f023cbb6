/**
 * `/api/companies` black-box, the company lifecycle (spec "Companies and branches"):
 * public creation with its defaults and the e-mail to the administrator, admin update
 * ("null does not erase") and delete (branches cascade; users, clients and quotations
 * stay detached).
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { ClientId } from "@quote/core/shared/ids"
import { entityEvents, expectError, SqlClient, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"
import {
  adminNotificationEmail,
  companiesServer,
  companyById,
  createBranch,
  createCompany,
  emailsTo,
  routeId
} from "./support/companies-fixtures.ts"

layer(companiesServer)("companies", (it) => {
  it.effect("POST /api/companies: public 201 {id}, defaults, administrator e-mail; DUPLICATE_NIT; validation", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const name = `Empresa Pública ${uniqueTag()}`
      const nit = `NIT${uniqueTag()}`
      const id = yield* createCompany({ name, nit, email: null })
      assert.deepStrictEqual(yield* companyById(admin, id), {
        id,
        name,
        nit,
        email: "",
        phone: "",
        address: "",
        active: true,
        branches: []
      })
      const mails = (yield* emailsTo(adminNotificationEmail)).filter((mail) => mail.body.includes(nit))
      assert.lengthOf(mails, 1)
      assert.strictEqual(mails[0]!.kind, "company_created")
      assert.include(mails[0]!.subject, name)

      const duplicate = yield* server.request("POST", "/api/companies", { body: { name: "Otra", nit: "900100001" } })
      expectError(duplicate, 409, "DUPLICATE_NIT")
      const padded = yield* server.request("POST", "/api/companies", { body: { name: "Otra", nit: ` ${nit} ` } })
      expectError(padded, 409, "DUPLICATE_NIT")
      for (const body of [{ name: "Sin NIT" }, { nit: "1" }, { name: "X", nit: "  " }, { name: "X", nit: "2", email: "no" }]) {
        expectError(yield* server.request("POST", "/api/companies", { body }), 400, "VALIDATION_ERROR")
      }
      assert.lengthOf((yield* emailsTo(adminNotificationEmail)).filter((mail) => mail.subject.includes("Otra")), 0)
    }))

  it.effect("PUT /api/companies/:id: a subset of fields, null keeps; EMPTY_PATCH; NOT_FOUND; DUPLICATE_NIT", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const id = yield* createCompany({ phone: "601 555 0000", address: "Calle 1" })
      const before = (yield* companyById(admin, id))!
      const renamed = yield* server.request("PUT", `/api/companies/${id}`, {
        token: admin,
        body: { name: "Empresa Renombrada", email: null, phone: null, address: "Calle 2", active: false }
      })
      assert.strictEqual(renamed.status, 200, renamed.text)
      assert.deepStrictEqual(renamed.body, { id })
      assert.deepStrictEqual(yield* companyById(admin, id), {
        ...before,
        name: "Empresa Renombrada",
        address: "Calle 2",
        active: false
      })
      for (const body of [{}, { name: null, nit: null }]) {
        expectError(yield* server.request("PUT", `/api/companies/${id}`, { token: admin, body }), 400, "EMPTY_PATCH")
      }
      expectError(
        yield* server.request("PUT", `/api/companies/${randomUUID()}`, { token: admin, body: { name: "X" } }),
        404,
        "NOT_FOUND"
      )
      expectError(
        yield* server.request("PUT", `/api/companies/${id}`, { token: admin, body: { nit: "900100002" } }),
        409,
        "DUPLICATE_NIT"
      )
      assert.strictEqual((yield* companyById(admin, id))!.nit, before.nit)
    }))

  it.effect("DELETE /api/companies/:id: 204; branches cascade; users, clients and quotations keep company_id null", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const id = yield* createCompany()
      const branchId = yield* createBranch(id, { routeId: yield* routeId("Always open") }, admin)
      const api = yield* server.api(admin)
      const created = yield* api.clients.create({
        payload: { name: `Cliente ${uniqueTag()}`, companyId: id, branchId, phones: [{ phone: "3001112233" }] }
      })
      const clientId = Schema.decodeSync(ClientId)(created.id)
      const [user] = yield* sql<{ id: string }>`
        insert into users (name, email, password_hash, role, company_id, branch_id)
        values ('Usuario', ${`u-${uniqueTag()}@example.com`}, 'x', 'client', ${id}, ${branchId}) returning id`
      const [quotation] = yield* sql<{ id: string }>`
        insert into quotations (client_id, company_id, branch_id) values (${clientId}, ${id}, ${branchId}) returning id`

      const removed = yield* server.request("DELETE", `/api/companies/${id}`, { token: admin })
      assert.strictEqual(removed.status, 204, removed.text)
      assert.isUndefined(yield* companyById(admin, id))
      assert.lengthOf(yield* sql`select id from branches where id = ${branchId}`, 0)
      const [detachedUser] = yield* sql`select company_id, branch_id from users where id = ${user!.id}`
      assert.deepStrictEqual(detachedUser, { company_id: null, branch_id: null })
      const [detachedQuotation] = yield* sql`select company_id, branch_id from quotations where id = ${quotation!.id}`
      assert.deepStrictEqual(detachedQuotation, { company_id: null, branch_id: null })
      const client = yield* api.clients.get({ params: { id: clientId } })
      assert.deepInclude(client, { companyId: null, branchId: null, companyName: "", branchName: "" })
      assert.deepStrictEqual((yield* entityEvents(clientId)).at(-1), { type: "client.updated", changes: ["company", "branch"] })

      expectError(yield* server.request("DELETE", `/api/companies/${id}`, { token: admin }), 404, "NOT_FOUND")
    }))
})
