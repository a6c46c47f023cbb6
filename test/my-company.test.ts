/**
 * `/api/my-company`, black-box (spec "My company"): a client user manages the users and
 * branches of its own company. Each test builds its own company (directly in the
 * database) and registers its own client user through `POST /api/users`.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { randomInt, randomUUID } from "node:crypto"
import { advisorEmail, firstClientPriceList } from "@quote/adapters/dev/seed/scenario-data"
import { BranchId, CompanyId, RouteId, UserId } from "@quote/core/ids"
import type { NewCompanyUser } from "@quote/core/views/my-company"
import { bodyOf, errorCode, SqlClient, type TestResponse, TestServer, testUsers } from "./support/test-server.ts"

const asBranchId = Schema.decodeSync(BranchId)
const asRouteId = Schema.decodeSync(RouteId)

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`
const password = "secret-123"

const expectError = (response: TestResponse, status: number, code: string) => {
  assert.strictEqual(response.status, status, response.text)
  assert.strictEqual(errorCode(response), code)
}

const call = (method: string, path: string, token: string, body?: unknown) =>
  Effect.flatMap(TestServer, (server) =>
    server.request(method, `/api/my-company${path}`, body === undefined ? { token } : { token, body }))

interface Company {
  readonly companyId: CompanyId
  readonly nit: string
  /** "Principal": "Always open" route, the seeded advisor. */
  readonly mainBranchId: BranchId
  /** "Secundaria": "Biweekly" route, no advisor. */
  readonly otherBranchId: BranchId
  /** A client user of the company, at "Principal", with the first client's price list. */
  readonly owner: { readonly id: UserId; readonly email: string; readonly token: string }
}

const apiOf = (token?: string) => Effect.flatMap(TestServer, (server) => server.api(token))

/** A company with two branches and its first client user, logged in. */
const newCompany = Effect.gen(function*() {
  const server = yield* TestServer
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const nit = String(randomInt(100_000_000, 999_999_999))
  const [company] = yield* sql<{ id: string }>`
    insert into companies (name, nit, email, phone, address)
    values (${`Mi Empresa ${nit}`}, ${nit}, 'contacto@empresa.example.com', '+576015550000', 'Calle 1 # 2-3')
    returning id`
  const [main] = yield* sql<{ id: string }>`
    insert into branches (company_id, name, city, address, route_id, advisor_id)
    select ${company!.id}, 'Principal', 'Bogotá', 'Calle 10', r.id, u.id
      from routes r, users u where r.name = 'Always open' and u.email = ${advisorEmail}
    returning id`
  const [other] = yield* sql<{ id: string }>`
    insert into branches (company_id, name, city, route_id)
    select ${company!.id}, 'Secundaria', 'Cali', r.id from routes r where r.name = 'Biweekly'
    returning id`
  const email = uniqueEmail("dueno")
  const companyId = Schema.decodeSync(CompanyId)(company!.id)
  const mainBranchId = asBranchId(main!.id)
  const registered = yield* (yield* server.api()).users.create({
    payload: { name: "Dueño", email, password, companyId, branchId: mainBranchId }
  })
  const ownerId = registered.id
  yield* sql`update clients set price_list_id = (select id from price_lists where name = ${firstClientPriceList})
              where user_id = ${ownerId}`
  const token = yield* server.login({ email, password })
  return {
    companyId,
    nit,
    mainBranchId,
    otherBranchId: asBranchId(other!.id),
    owner: { id: ownerId, email, token }
  } satisfies Company
})

/** Adds a client user to the company through the endpoint. */
const addUser = (company: Company, fields: Partial<NewCompanyUser> = {}) =>
  Effect.gen(function*() {
    const email = uniqueEmail("colega")
    const api = yield* apiOf(company.owner.token)
    const { id } = yield* api.myCompany.createUser({ payload: { name: "Colega", email, password, ...fields } })
    return { id: Schema.decodeSync(UserId)(id), email }
  })

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

const branchRow = (branchId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ name: string; city: string | null; address: string | null; active: boolean; route_id: string | null; advisor_id: string | null }>`
      select name, city, address, active, route_id, advisor_id from branches where id = ${branchId}`
    return rows[0]!
  })

const view = (token: string) => Effect.flatMap(apiOf(token), (api) => api.myCompany.view())

/** A login through the typed client: the session grant. */
const loggedIn = (email: string, secret: string) =>
  Effect.flatMap(apiOf(), (api) => api.auth.login({ payload: { email, password: secret } }))

const login = (email: string, secret: string) =>
  Effect.flatMap(TestServer, (server) => server.request("POST", "/api/auth/login", { body: { email, password: secret } }))

layer(TestServer.layer())("my company", (it) => {
  // --- access ---------------------------------------------------------------------------

  it.effect("every endpoint is for role client: 401 without a token, 403 FORBIDDEN for admin and advisor", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const endpoints: ReadonlyArray<readonly [string, string, unknown?]> = [
        ["GET", ""],
        ["POST", "/users", { name: "X", email: uniqueEmail("x"), password }],
        ["PUT", `/users/${randomUUID()}`, { name: "X" }],
        ["DELETE", `/users/${randomUUID()}`],
        ["POST", "/branches", { name: "X" }],
        ["PUT", `/branches/${randomUUID()}`, { name: "X" }],
        ["DELETE", `/branches/${randomUUID()}`]
      ]
      const tokens = [yield* server.login(testUsers.admin), yield* server.login(testUsers.advisor)]
      for (const [method, path, body] of endpoints) {
        const anonymous = yield* server.request(method, `/api/my-company${path}`, body === undefined ? {} : { body })
        expectError(anonymous, 401, "INVALID_TOKEN")
        for (const token of tokens) expectError(yield* call(method, path, token, body), 403, "FORBIDDEN")
      }
    }))

  it.effect("a client user without a company gets 404 NO_COMPANY from every endpoint", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const email = uniqueEmail("sin-empresa")
      yield* (yield* server.api()).users.create({ payload: { name: "Sin empresa", email, password } })
      const token = yield* server.login({ email, password })
      const endpoints: ReadonlyArray<readonly [string, string, unknown?]> = [
        ["GET", ""],
        ["POST", "/users", { name: "X", email: uniqueEmail("x"), password }],
        ["PUT", `/users/${randomUUID()}`, { name: "X" }],
        ["DELETE", `/users/${randomUUID()}`],
        ["POST", "/branches", { name: "X" }],
        ["PUT", `/branches/${randomUUID()}`, { name: "X" }],
        ["DELETE", `/branches/${randomUUID()}`]
      ]
      for (const [method, path, body] of endpoints) expectError(yield* call(method, path, token, body), 404, "NO_COMPANY")
    }))

  // --- GET ------------------------------------------------------------------------------

  it.effect("GET shows the company, its active branches with their route, and its active users with isMe", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const company = yield* newCompany
      const colleague = yield* addUser(company)
      const gone = yield* addUser(company)
      yield* sql`update users set active = false where id = ${gone.id}`
      const [closed] = yield* sql<{ id: string }>`
        insert into branches (company_id, name, active) values (${company.companyId}, 'Cerrada', false) returning id`
      // Another company's data never shows.
      yield* newCompany

      const body = yield* view(company.owner.token)
      assert.deepStrictEqual(body.company, {
        id: company.companyId,
        name: `Mi Empresa ${company.nit}`,
        nit: company.nit,
        email: "contacto@empresa.example.com",
        phone: "+576015550000",
        address: "Calle 1 # 2-3"
      })
      const [alwaysOpen] = yield* sql<{ id: string }>`select id from routes where name = 'Always open'`
      const [biweekly] = yield* sql<{ id: string }>`select id from routes where name = 'Biweekly'`
      assert.deepStrictEqual(body.branches, [
        { id: company.mainBranchId, name: "Principal", city: "Bogotá", address: "Calle 10", routeId: asRouteId(alwaysOpen!.id), routeName: "Always open", routeDay: "Lunes" },
        { id: company.otherBranchId, name: "Secundaria", city: "Cali", address: null, routeId: asRouteId(biweekly!.id), routeName: "Biweekly", routeDay: "Miércoles" }
      ])
      assert.notInclude(body.branches.map((branch): string => branch.id), closed!.id)
      assert.deepStrictEqual(
        [...body.users].sort((a, b) => Number(b.isMe) - Number(a.isMe)),
        [
          { id: company.owner.id, name: "Dueño", email: company.owner.email, branchId: company.mainBranchId, branchName: "Principal", isMe: true },
          { id: colleague.id, name: "Colega", email: colleague.email, branchId: company.mainBranchId, branchName: "Principal", isMe: false }
        ]
      )
    }))

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

  // --- branches -------------------------------------------------------------------------

  it.effect("POST /branches creates an active branch of the company without route or advisor", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const company = yield* newCompany
      const [route] = yield* sql<{ id: string }>`select id from routes where name = 'Always open'`
      // routeId and advisorId are not part of this endpoint's contract: sent raw, and ignored.
      const created = yield* call("POST", "/branches", company.owner.token, {
        name: "  Bodega  ",
        city: "Medellín",
        address: "Carrera 5",
        routeId: route!.id,
        advisorId: company.owner.id
      })
      assert.strictEqual(created.status, 201, created.text)
      const { id } = bodyOf(created, Schema.Struct({ id: BranchId }))
      const branch = yield* branchRow(id)
      assert.deepStrictEqual(branch, { name: "Bodega", city: "Medellín", address: "Carrera 5", active: true, route_id: null, advisor_id: null })
      const [row] = yield* sql<{ company_id: string }>`select company_id from branches where id = ${id}`
      assert.strictEqual(row!.company_id, company.companyId)
      const listed = (yield* view(company.owner.token)).branches.find((entry) => entry.id === id)!
      assert.deepStrictEqual(listed, { id, name: "Bodega", city: "Medellín", address: "Carrera 5", routeId: null, routeName: null, routeDay: null })
      expectError(yield* call("POST", "/branches", company.owner.token, { name: " " }), 400, "VALIDATION_ERROR")
      expectError(yield* call("POST", "/branches", company.owner.token, {}), 400, "VALIDATION_ERROR")
    }))

  it.effect("PUT /branches/:id changes name, city and address, never route or advisor", () =>
    Effect.gen(function*() {
      const company = yield* newCompany
      const before = yield* branchRow(company.mainBranchId)
      const response = yield* call("PUT", `/branches/${company.mainBranchId}`, company.owner.token, {
        name: "Sede Renovada",
        address: null,
        routeId: null,
        advisorId: null
      })
      assert.strictEqual(response.status, 200, response.text)
      assert.deepStrictEqual(response.body, { id: company.mainBranchId })
      const after = yield* branchRow(company.mainBranchId)
      assert.deepStrictEqual(after, { ...before, name: "Sede Renovada", address: null })
      assert.isNotNull(after.route_id)
      assert.isNotNull(after.advisor_id)
    }))

  it.effect("PUT /branches/:id errors: EMPTY_PATCH, BRANCH_NOT_FOUND for another company's or an inactive branch", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const company = yield* newCompany
      const other = yield* newCompany
      const token = company.owner.token
      expectError(yield* call("PUT", `/branches/${company.mainBranchId}`, token, {}), 400, "EMPTY_PATCH")
      yield* sql`update branches set active = false where id = ${company.otherBranchId}`
      for (const id of [other.mainBranchId, company.otherBranchId, randomUUID()]) {
        expectError(yield* call("PUT", `/branches/${id}`, token, { name: "X" }), 404, "BRANCH_NOT_FOUND")
      }
      assert.strictEqual((yield* branchRow(other.mainBranchId)).name, "Principal")
    }))

  it.effect("DELETE /branches/:id deactivates (204) until the last active branch (422 LAST_BRANCH)", () =>
    Effect.gen(function*() {
      const company = yield* newCompany
      const other = yield* newCompany
      const token = company.owner.token
      expectError(yield* call("DELETE", `/branches/${other.mainBranchId}`, token), 404, "BRANCH_NOT_FOUND")
      assert.strictEqual((yield* call("DELETE", `/branches/${company.otherBranchId}`, token)).status, 204)
      assert.isFalse((yield* branchRow(company.otherBranchId)).active)
      assert.deepStrictEqual((yield* view(token)).branches.map((branch) => branch.id), [company.mainBranchId])
      expectError(yield* call("DELETE", `/branches/${company.otherBranchId}`, token), 404, "BRANCH_NOT_FOUND")
      expectError(yield* call("DELETE", `/branches/${company.mainBranchId}`, token), 422, "LAST_BRANCH")
      assert.isTrue((yield* branchRow(company.mainBranchId)).active)
      assert.isTrue((yield* branchRow(other.mainBranchId)).active)
    }))

  it.effect("concurrent deactivation of the last two branches leaves one active", () =>
    Effect.gen(function*() {
      const company = yield* newCompany
      const token = company.owner.token
      const responses = yield* Effect.all(
        [call("DELETE", `/branches/${company.mainBranchId}`, token), call("DELETE", `/branches/${company.otherBranchId}`, token)],
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(responses.map((response) => response.status).sort(), [204, 422])
      assert.strictEqual((yield* view(token)).branches.length, 1)
    }))
})
