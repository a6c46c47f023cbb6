/**
 * `POST /api/users` self-registration, black-box (spec "Users"): the client user and its
 * client record (tax id, company, branch, route and advisor), the notification e-mails
 * it queues (none without an administrator notification address), and what a
 * self-registration may not choose. Companies and branches are set up directly in the
 * database (a supported way in), each test with its own.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { advisorEmail, firstClientPriceList } from "@quote/adapters/dev/seed/scenario-data"
import {
  adminNotificationEmail,
  branchOf,
  clientRecordOf,
  count,
  createUser,
  newCompany,
  post,
  usersServer
} from "./support/users-fixtures.ts"
import { expectError, SqlClient, TestServer, testUsers, uniqueEmail } from "./support/test-server.ts"

const outboxFor = (email: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    return yield* sql<{ to_address: string; kind: string; subject: string; body: string }>`
      select to_address, kind, subject, body from email_outbox
       where body like ${`%${email}%`} order by kind`
  })

layer(usersServer)("users: self-registration", (it) => {
  it.effect("self-registration creates a client with its client record, route and advisor from the branch, and queues both e-mails", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const place = yield* newCompany
      const email = uniqueEmail("registro")
      const body = yield* createUser({ name: "Cliente Registrado", email, password: "secret-123", companyId: place.companyId, branchId: place.mainBranchId })
      assert.isString(body.clientId)
      const record = (yield* clientRecordOf(body.id))!
      assert.strictEqual(record.id, body.clientId)
      // The company's tax id was free, so the client takes it.
      assert.strictEqual(record.nit, place.nit)
      assert.strictEqual(record.name, "Cliente Registrado")
      assert.strictEqual(record.email, email)
      assert.strictEqual(record.company_id, place.companyId)
      assert.strictEqual(record.branch_id, place.mainBranchId)
      const branch = yield* branchOf(place.mainBranchId)
      assert.strictEqual(record.route_id, branch.route_id)
      assert.strictEqual(record.advisor_id, branch.advisor_id)
      assert.strictEqual(record.price_list_id, null)

      const emails = yield* outboxFor(email)
      assert.deepStrictEqual(emails.map((row) => [row.kind, row.to_address]), [
        ["new_assigned_client", advisorEmail],
        ["new_registration", adminNotificationEmail]
      ])
      for (const row of emails) {
        assert.include(row.subject, "Cliente Registrado")
        assert.include(row.body, `Empresa ${place.nit}`)
        assert.include(row.body, "Principal")
      }

      // The new user can log in at once and is a client of that company.
      const { user } = yield* (yield* server.api()).auth.login({ payload: { email, password: "secret-123" } })
      assert.deepStrictEqual(user, {
        id: body.id,
        name: "Cliente Registrado",
        email,
        role: "client",
        companyId: place.companyId,
        branchId: place.mainBranchId,
        clientId: body.clientId
      })
    }))

  it.effect("a second client of the company gets a NIT- placeholder; a branch without advisor queues only the administrator's e-mail", () =>
    Effect.gen(function*() {
      const place = yield* newCompany
      yield* createUser({ name: "Primero", email: uniqueEmail("primero"), password: "secret-123", companyId: place.companyId })
      const email = uniqueEmail("segundo")
      const second = yield* createUser({ name: "Segundo", email, password: "secret-123", companyId: place.companyId, branchId: place.otherBranchId })
      const record = (yield* clientRecordOf(second.id))!
      assert.match(record.nit, /^NIT-[A-Za-z0-9]{8}$/)
      assert.strictEqual(record.route_id, (yield* branchOf(place.otherBranchId)).route_id)
      assert.strictEqual(record.advisor_id, null)
      const emails = yield* outboxFor(email)
      assert.deepStrictEqual(emails.map((row) => [row.kind, row.to_address]), [["new_registration", adminNotificationEmail]])
    }))

  it.effect("with only a branch, the company is the branch's; with neither, the client has no company and a placeholder tax id", () =>
    Effect.gen(function*() {
      const place = yield* newCompany
      const byBranch = yield* createUser({ name: "Por sede", email: uniqueEmail("sede"), password: "secret-123", branchId: place.mainBranchId })
      const record = (yield* clientRecordOf(byBranch.id))!
      assert.strictEqual(record.company_id, place.companyId)
      assert.strictEqual(record.nit, place.nit)

      const alone = yield* createUser({ name: "Sin empresa", email: uniqueEmail("solo"), password: "secret-123" })
      const lonely = (yield* clientRecordOf(alone.id))!
      assert.strictEqual(lonely.company_id, null)
      assert.strictEqual(lonely.branch_id, null)
      assert.match(lonely.nit, /^NIT-[A-Za-z0-9]{8}$/)
    }))

  it.effect("self-registration may say role client, but another role is 403 FORBIDDEN (also with a non-admin token)", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      yield* createUser({ name: "Con rol", email: uniqueEmail("rol"), password: "secret-123", role: "client" })
      const before = yield* count("users")
      for (const role of ["admin", "advisor"]) {
        expectError(yield* post({ name: "X", email: uniqueEmail("rol"), password: "secret-123", role }), 403, "FORBIDDEN")
      }
      const client = yield* server.login(testUsers.client)
      expectError(yield* post({ name: "X", email: uniqueEmail("rol"), password: "secret-123", role: "admin" }, client), 403, "FORBIDDEN")
      assert.strictEqual(yield* count("users"), before)
    }))

  it.effect("self-registration cannot choose a price list (403 FORBIDDEN)", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [list] = yield* sql<{ id: string }>`select id from price_lists where name = ${firstClientPriceList}`
      expectError(
        yield* post({ name: "X", email: uniqueEmail("lista"), password: "secret-123", priceListId: list!.id }),
        403,
        "FORBIDDEN"
      )
    }))

  it.effect("an invalid token is 401 even on this public endpoint", () =>
    Effect.gen(function*() {
      expectError(yield* post({ name: "X", email: uniqueEmail("token"), password: "secret-123" }, "forged"), 401, "INVALID_TOKEN")
    }))
})

layer(TestServer.layer())("users without an administrator notification address", (it) => {
  it.effect("registering a client queues no e-mail at all, not even the advisor's", () =>
    Effect.gen(function*() {
      const place = yield* newCompany
      const email = uniqueEmail("sin-aviso")
      yield* createUser({ name: "Sin aviso", email, password: "secret-123", companyId: place.companyId, branchId: place.mainBranchId })
      assert.deepStrictEqual(yield* outboxFor(email), [])
      assert.strictEqual(yield* count("email_outbox"), 0)
    }))
})
