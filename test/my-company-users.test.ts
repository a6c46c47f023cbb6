/**
 * `/api/my-company/users`, black-box (spec "My company"): a client user creates, edits and
 * deactivates the users of its own company (`POST`, `PUT /:id`, `DELETE /:id`), with
 * every error code. Each test builds its own company (directly in the database) and
 * registers its own client user through `POST /api/users`.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { UserId } from "@quote/core/shared/ids"
import { addUser, apiOf, branchRow, call, newCompany, password, view } from "./support/my-company-fixtures.ts"
import { bodyOf, expectError, SqlClient, TestServer, testUsers, uniqueEmail } from "./support/test-server.ts"

interface ClientRecord {
  readonly nit: string
  readonly company_id: string | null
  readonly branch_id: string | null
  readonly route_id: string | null
  readonly advisor_id: string | null
  readonly price_list_id: string | null
}

const clientRecordOf = (userId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<ClientRecord>`
      select nit, company_id, branch_id, route_id, advisor_id, price_list_id from clients where user_id = ${userId}`
    return rows[0]!
  })

/** A login through the typed client: the session grant. */
const loggedIn = (email: string, secret: string) =>
  Effect.flatMap(apiOf(), (api) => api.auth.login({ payload: { email, password: secret } }))

const login = (email: string, secret: string) =>
  Effect.flatMap(TestServer, (server) => server.request("POST", "/api/auth/login", { body: { email, password: secret } }))

layer(TestServer.layer())("my company: users", (it) => {
  // --- POST /users ----------------------------------------------------------------------

  it.effect("POST /users creates a client of the company with the creator's price list and branch", () =>
    Effect.gen(function*() {
      const company = yield* newCompany
      const creator = yield* clientRecordOf(company.owner.id)
      const user = yield* addUser(company)
      const record = yield* clientRecordOf(user.id)
      assert.strictEqual(record.company_id, company.companyId)
      assert.strictEqual(record.branch_id, company.mainBranchId)
      assert.strictEqual(record.price_list_id, creator.price_list_id)
      assert.isNotNull(record.price_list_id)
      assert.strictEqual(record.route_id, creator.route_id)
      assert.strictEqual(record.advisor_id, creator.advisor_id)
      // The company's tax id is the creator's client record's: the new one gets a placeholder.
      assert.match(record.nit, /^NIT-[A-Za-z0-9]{8}$/)
      const session = (yield* loggedIn(user.email, password)).user
      assert.strictEqual(session.role, "client")
      assert.strictEqual(session.companyId, company.companyId)
    }))

  it.effect("POST /users with a branch takes its route and advisor; role, company and price list sent by the client are ignored", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const company = yield* newCompany
      const other = yield* newCompany
      const [general] = yield* sql<{ id: string }>`select id from price_lists where is_default`
      // Fields the contract does not declare for this endpoint: sent raw.
      const email = uniqueEmail("colega")
      const response = yield* call("POST", "/users", company.owner.token, {
        name: "Colega",
        email,
        password,
        branchId: company.otherBranchId,
        role: "admin",
        companyId: other.companyId,
        priceListId: general!.id
      })
      assert.strictEqual(response.status, 201, response.text)
      const user = { id: bodyOf(response, Schema.Struct({ id: UserId })).id, email }
      const record = yield* clientRecordOf(user.id)
      const branch = yield* branchRow(company.otherBranchId)
      assert.strictEqual(record.company_id, company.companyId)
      assert.strictEqual(record.branch_id, company.otherBranchId)
      assert.strictEqual(record.route_id, branch.route_id)
      assert.strictEqual(record.advisor_id, null)
      assert.strictEqual(record.price_list_id, (yield* clientRecordOf(company.owner.id)).price_list_id)
      const [row] = yield* sql<{ role: string }>`select role from users where id = ${user.id}`
      assert.strictEqual(row!.role, "client")
    }))

  it.effect("POST /users errors: BRANCH_NOT_FOUND, DUPLICATE_EMAIL, VALIDATION_ERROR; nothing is written", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const company = yield* newCompany
      const other = yield* newCompany
      yield* sql`update branches set active = false where id = ${company.otherBranchId}`
      const counts = sql<{ users: number; clients: number }>`
        select (select count(*)::int from users) as users, (select count(*)::int from clients) as clients`
      const before = yield* counts
      const token = company.owner.token
      for (const branchId of [other.mainBranchId, company.otherBranchId, randomUUID()]) {
        expectError(yield* call("POST", "/users", token, { name: "X", email: uniqueEmail("x"), password, branchId }), 404, "BRANCH_NOT_FOUND")
      }
      expectError(yield* call("POST", "/users", token, { name: "X", email: company.owner.email.toUpperCase(), password }), 409, "DUPLICATE_EMAIL")
      expectError(yield* call("POST", "/users", token, { name: "X", email: uniqueEmail("x"), password: "12345" }), 400, "VALIDATION_ERROR")
      expectError(yield* call("POST", "/users", token, { name: "X", email: uniqueEmail("x") }), 400, "VALIDATION_ERROR")
      expectError(yield* call("POST", "/users", token, { name: "X", email: "nope", password }), 400, "VALIDATION_ERROR")
      assert.deepStrictEqual(yield* counts, before)
    }))

  // --- PUT /users/:id -------------------------------------------------------------------

  it.effect("PUT /users/:id changes name and e-mail; a branch change moves the client record", () =>
    Effect.gen(function*() {
      const company = yield* newCompany
      const user = yield* addUser(company)
      const email = uniqueEmail("nuevo-correo")
      const response = yield* call("PUT", `/users/${user.id}`, company.owner.token, { name: "Renombrado", email, branchId: company.otherBranchId })
      assert.strictEqual(response.status, 200, response.text)
      assert.deepStrictEqual(response.body, { id: user.id })
      const record = yield* clientRecordOf(user.id)
      assert.strictEqual(record.branch_id, company.otherBranchId)
      assert.strictEqual(record.route_id, (yield* branchRow(company.otherBranchId)).route_id)
      assert.strictEqual(record.advisor_id, null)
      const listed = (yield* view(company.owner.token)).users.find((entry) => entry.id === user.id)!
      assert.strictEqual(listed.name, "Renombrado")
      assert.strictEqual(listed.email, email)
      assert.strictEqual(listed.branchName, "Secundaria")
      // Editing oneself is allowed.
      assert.strictEqual((yield* call("PUT", `/users/${company.owner.id}`, company.owner.token, { name: "Dueña" })).status, 200)
    }))

  it.effect("PUT /users/:id with a new password revokes the user's refresh tokens", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const company = yield* newCompany
      const user = yield* addUser(company)
      const grant = yield* loggedIn(user.email, password)
      assert.strictEqual((yield* call("PUT", `/users/${user.id}`, company.owner.token, { password: "otra-clave" })).status, 200)
      const refresh = yield* server.request("POST", "/api/auth/refresh", { body: { refreshToken: grant.refreshToken } })
      expectError(refresh, 401, "INVALID_TOKEN")
      expectError(yield* login(user.email, password), 401, "INVALID_CREDENTIALS")
      assert.strictEqual((yield* login(user.email, "otra-clave")).status, 200)
    }))

  it.effect("PUT /users/:id errors: EMPTY_PATCH, NOT_FOUND outside the company, BRANCH_NOT_FOUND, DUPLICATE_EMAIL", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const company = yield* newCompany
      const other = yield* newCompany
      const user = yield* addUser(company)
      const token = company.owner.token
      expectError(yield* call("PUT", `/users/${user.id}`, token, {}), 400, "EMPTY_PATCH")
      const [admin] = yield* sql<{ id: string }>`select id from users where email = ${testUsers.admin.email}`
      for (const id of [other.owner.id, admin!.id, randomUUID()]) {
        expectError(yield* call("PUT", `/users/${id}`, token, { name: "X" }), 404, "NOT_FOUND")
      }
      expectError(yield* call("PUT", `/users/${user.id}`, token, { branchId: other.mainBranchId }), 404, "BRANCH_NOT_FOUND")
      expectError(yield* call("PUT", `/users/${user.id}`, token, { email: other.owner.email }), 409, "DUPLICATE_EMAIL")
      expectError(yield* call("PUT", `/users/${user.id}`, token, { branchId: null }), 400, "VALIDATION_ERROR")
      expectError(yield* call("PUT", "/users/not-a-uuid", token, { name: "X" }), 400, "VALIDATION_ERROR")
      // The other company's user is untouched.
      const [row] = yield* sql<{ name: string }>`select name from users where id = ${other.owner.id}`
      assert.strictEqual(row!.name, "Dueño")
    }))

  // --- DELETE /users/:id ----------------------------------------------------------------

  it.effect("DELETE /users/:id deactivates the user (204) and ends its refresh tokens; it leaves the list", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const company = yield* newCompany
      const user = yield* addUser(company)
      const grant = yield* loggedIn(user.email, password)
      const response = yield* call("DELETE", `/users/${user.id}`, company.owner.token)
      assert.strictEqual(response.status, 204)
      const [row] = yield* sql<{ active: boolean }>`select active from users where id = ${user.id}`
      assert.isFalse(row!.active)
      assert.isUndefined((yield* view(company.owner.token)).users.find((entry) => entry.id === user.id))
      expectError(yield* server.request("POST", "/api/auth/refresh", { body: { refreshToken: grant.refreshToken } }), 401, "INVALID_TOKEN")
      expectError(yield* login(user.email, password), 401, "INVALID_CREDENTIALS")
      // Already inactive: not a user of the company any more.
      expectError(yield* call("DELETE", `/users/${user.id}`, company.owner.token), 404, "NOT_FOUND")
    }))

  it.effect("DELETE /users/:id errors: CANNOT_DELETE_SELF, NOT_FOUND outside the company, LAST_USER", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const company = yield* newCompany
      const other = yield* newCompany
      const colleague = yield* addUser(company)
      expectError(yield* call("DELETE", `/users/${company.owner.id}`, company.owner.token), 422, "CANNOT_DELETE_SELF")
      expectError(yield* call("DELETE", `/users/${other.owner.id}`, company.owner.token), 404, "NOT_FOUND")
      expectError(yield* call("DELETE", `/users/${randomUUID()}`, company.owner.token), 404, "NOT_FOUND")
      // The owner is deactivated by an administrator; its access token still works, and
      // the colleague is now the company's last active user.
      const admin = yield* server.login(testUsers.admin)
      assert.strictEqual((yield* server.request("DELETE", `/api/users/${company.owner.id}`, { token: admin })).status, 204)
      expectError(yield* call("DELETE", `/users/${colleague.id}`, company.owner.token), 422, "LAST_USER")
      assert.strictEqual((yield* login(colleague.email, password)).status, 200)
    }))
})
