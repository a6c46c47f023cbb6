/**
 * `/api/companies` black-box (spec "Companies and branches"): list with branches, public
 * company creation and its e-mail to the administrator, admin update ("null does not
 * erase") and delete (branches cascade; users, clients and quotations stay detached),
 * branch creation (public; route and advisor only from an admin), update, deactivation,
 * the advisor e-mails, access levels, and the `branch.updated` events.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { BranchId, ClientId, CompanyId, RouteId, UserId } from "@quote/core/ids"
import { type ApiClient, errorCode, SqlClient, type TestResponse, TestServer, testUsers } from "./support/test-server.ts"

type NewCompany = Parameters<ApiClient["companies"]["create"]>[0]["payload"]
type NewBranch = Parameters<ApiClient["companies"]["createBranch"]>[0]["payload"]

const asBranchId = Schema.decodeSync(BranchId)
const asCompanyId = Schema.decodeSync(CompanyId)
const asRouteId = Schema.decodeSync(RouteId)
const asUserId = Schema.decodeSync(UserId)

const adminNotificationEmail = "notificaciones@example.com"

const tag = () => randomUUID().slice(0, 8)

const expectError = (response: TestResponse, status: number, code: string) => {
  assert.strictEqual(response.status, status, response.text)
  assert.strictEqual(errorCode(response), code, response.text)
}

const companies = Effect.fn(function*(token: string) {
  const api = yield* (yield* TestServer).api(token)
  return (yield* api.companies.list()).items
})

const companyById = Effect.fn(function*(admin: string, id: string) {
  return (yield* companies(admin)).find((company) => company.id === id)
})

const branchById = Effect.fn(function*(admin: string, companyId: string, branchId: string) {
  return (yield* companyById(admin, companyId))?.branches.find((branch) => branch.id === branchId)
})

const createCompany = Effect.fn(function*(body: Partial<NewCompany> = {}) {
  const api = yield* (yield* TestServer).api()
  const created = yield* api.companies.create({
    payload: { name: `Empresa ${tag()}`, nit: `NIT${tag()}`, email: `contacto-${tag()}@empresa.example.com`, ...body }
  })
  return asCompanyId(created.id)
})

const createBranch = Effect.fn(function*(companyId: CompanyId, body: Partial<NewBranch>, token?: string) {
  const api = yield* (yield* TestServer).api(token)
  const created = yield* api.companies.createBranch({ params: { id: companyId }, payload: { name: `Sede ${tag()}`, ...body } })
  return asBranchId(created.id)
})

const userId = Effect.fn(function*(email: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const [row] = yield* sql<{ id: string }>`select id from users where email = ${email}`.pipe(Effect.orDie)
  return asUserId(row!.id)
})

const routeId = Effect.fn(function*(name: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const [row] = yield* sql<{ id: string }>`select id from routes where name = ${name}`.pipe(Effect.orDie)
  return asRouteId(row!.id)
})

/** A second advisor, so a branch can change advisor. */
const newAdvisor = Effect.fn(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const email = `asesor-${tag()}@example.com`
  const [row] = yield* sql<{ id: string }>`
    insert into users (name, email, password_hash, role) values ('Asesora Nueva', ${email}, 'x', 'advisor')
    returning id`.pipe(Effect.orDie)
  return { id: asUserId(row!.id), email }
})

const emailsTo = Effect.fn(function*(address: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  return yield* sql<{ kind: string; subject: string; body: string }>`
    select kind, subject, body from email_outbox where to_address = ${address} order by created_at, id`.pipe(Effect.orDie)
})

const events = Effect.fn(function*(entityId: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  return yield* sql<{ type: string; changes: ReadonlyArray<string> }>`
    select type, changes from webhook_events where entity_id = ${entityId} order by seq`.pipe(Effect.orDie)
})

layer(TestServer.layer({ config: { adminNotificationEmail: Option.some(adminNotificationEmail) } }))("companies", (it) => {
  it.effect("access: GET any signed-in user; POST public; PUT/DELETE admin; branch POST public; branch PUT/DELETE admin", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const companyId = yield* createCompany()
      const branchId = yield* createBranch(companyId, {})
      expectError(yield* server.request("GET", "/api/companies"), 401, "INVALID_TOKEN")
      for (const user of [testUsers.admin, testUsers.advisor, testUsers.client]) {
        assert.isDefined(yield* companyById(yield* server.login(user), companyId))
      }
      const adminOnly = [
        ["PUT", `/api/companies/${companyId}`, { name: "X" }],
        ["DELETE", `/api/companies/${companyId}`, undefined],
        ["PUT", `/api/companies/${companyId}/branches/${branchId}`, { name: "X" }],
        ["DELETE", `/api/companies/${companyId}/branches/${branchId}`, undefined]
      ] as const
      const advisor = yield* server.login(testUsers.advisor)
      const client = yield* server.login(testUsers.client)
      for (const [method, path, body] of adminOnly) {
        const withBody = body === undefined ? {} : { body }
        expectError(yield* server.request(method, path, withBody), 401, "INVALID_TOKEN")
        for (const token of [advisor, client]) {
          expectError(yield* server.request(method, path, { ...withBody, token }), 403, "FORBIDDEN")
        }
      }
      // Public branch creation still refuses a token that is sent but not valid.
      expectError(
        yield* server.request("POST", `/api/companies/${companyId}/branches`, { token: "forged", body: { name: "X" } }),
        401,
        "INVALID_TOKEN"
      )
      const admin = yield* server.login(testUsers.admin)
      const company = (yield* companyById(admin, companyId))!
      assert.deepStrictEqual(company.branches.map((b) => [b.id, b.active]), [[branchId, true]])
    }))

  it.effect("GET /api/companies: every company with its branches, ordered by name", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const items = yield* companies(yield* server.login(testUsers.client))
      const seeded = [
        "Comercializadora del Pacífico S.A.S.",
        "Distribuidora Andina S.A.S.",
        "Ferretería El Tornillo S.A.S.",
        "Supermercado La Economía S.A.S.",
        "Tienda Sin Ruta S.A.S."
      ]
      assert.deepStrictEqual(items.map((c) => c.name).filter((name) => seeded.includes(name)), seeded)
      const andina = items.find((c) => c.nit === "900100001")!
      assert.deepInclude(andina, {
        name: "Distribuidora Andina S.A.S.",
        email: "contacto@andina.example.com",
        phone: "+576015550001",
        address: "Calle 80 # 45-10, Bogotá",
        active: true
      })
      assert.deepStrictEqual(andina.branches.map((b) => b.name), ["Sede Norte", "Sede Sur"])
      assert.deepStrictEqual({ ...andina.branches[0]!, id: undefined }, {
        id: undefined,
        name: "Sede Norte",
        address: "Calle 140 # 15-20",
        city: "Bogotá",
        routeId: yield* routeId("Always open"),
        advisorId: yield* userId(testUsers.advisor.email),
        active: true,
        latitude: 4.7205,
        longitude: -74.0431
      })
      const noRoute = items.find((c) => c.nit === "900100005")!
      assert.strictEqual(noRoute.branches[0]!.routeId, null)
    }))

  it.effect("POST /api/companies: public 201 {id}, defaults, administrator e-mail; DUPLICATE_NIT; validation", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const name = `Empresa Pública ${tag()}`
      const nit = `NIT${tag()}`
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
        payload: { name: `Cliente ${tag()}`, companyId: id, branchId, phones: [{ phone: "3001112233" }] }
      })
      const clientId = Schema.decodeSync(ClientId)(created.id)
      const [user] = yield* sql<{ id: string }>`
        insert into users (name, email, password_hash, role, company_id, branch_id)
        values ('Usuario', ${`u-${tag()}@example.com`}, 'x', 'client', ${id}, ${branchId}) returning id`
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
      assert.deepStrictEqual((yield* events(clientId)).at(-1), { type: "client.updated", changes: ["company", "branch"] })

      expectError(yield* server.request("DELETE", `/api/companies/${id}`, { token: admin }), 404, "NOT_FOUND")
    }))

  it.effect("POST /api/companies/:id/branches by an admin: route and advisor applied, advisor and company e-mailed", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const companyEmail = `compras-${tag()}@empresa.example.com`
      const companyId = yield* createCompany({ email: companyEmail })
      const advisor = yield* newAdvisor()
      const route = yield* routeId("Biweekly")
      const body = {
        name: "Bodega Central",
        address: "Carrera 7 # 1-2",
        city: "Bogotá",
        latitude: 4.6,
        longitude: -74.08,
        routeId: route,
        advisorId: advisor.id
      }
      const branchId = yield* createBranch(companyId, body, admin)
      assert.deepStrictEqual(yield* branchById(admin, companyId, branchId), { id: branchId, ...body, active: true })

      const toAdvisor = yield* emailsTo(advisor.email)
      assert.deepStrictEqual(toAdvisor.map((mail) => mail.kind), ["advisor_assigned_to_advisor"])
      assert.include(toAdvisor[0]!.body, "Bodega Central")
      const toCompany = yield* emailsTo(companyEmail)
      assert.deepStrictEqual(toCompany.map((mail) => mail.kind), ["advisor_assigned_to_company"])
      assert.include(toCompany[0]!.body, "Asesora Nueva")

      // Without an advisor, no e-mail; a company without e-mail gets none either.
      const quiet = yield* createCompany({ email: null })
      yield* createBranch(quiet, { routeId: route }, admin)
      const advisorOnly = yield* createBranch(quiet, { advisorId: advisor.id }, admin)
      assert.strictEqual((yield* branchById(admin, quiet, advisorOnly))!.advisorId, advisor.id)
      assert.lengthOf(yield* emailsTo(advisor.email), 2)
    }))

  it.effect("POST /api/companies/:id/branches without an admin: created, routeId and advisorId ignored, no e-mails", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const companyEmail = `compras-${tag()}@empresa.example.com`
      const companyId = yield* createCompany({ email: companyEmail })
      const assignments = { routeId: yield* routeId("Always open"), advisorId: yield* userId(testUsers.advisor.email) }
      const anonymous = yield* createBranch(companyId, { ...assignments, active: false })
      const asClient = yield* createBranch(companyId, assignments, yield* server.login(testUsers.client))
      const asAdvisor = yield* createBranch(companyId, assignments, yield* server.login(testUsers.advisor))
      for (const id of [anonymous, asClient, asAdvisor]) {
        assert.deepInclude((yield* branchById(admin, companyId, id))!, { routeId: null, advisorId: null })
      }
      assert.isFalse((yield* branchById(admin, companyId, anonymous))!.active)
      assert.lengthOf(yield* emailsTo(companyEmail), 0)
    }))

  it.effect("POST /api/companies/:id/branches errors: NOT_FOUND company, ROUTE_NOT_FOUND, ADVISOR_NOT_FOUND, validation", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const companyId = yield* createCompany()
      const [inactiveRoute] = yield* sql<{ id: string }>`
        insert into routes (name, operation_days, cutoff_time, active) values (${`Inactiva ${tag()}`}, '{1}', '12:00', false)
        returning id`
      const cases: ReadonlyArray<readonly [string, Record<string, unknown>, number, string]> = [
        [randomUUID(), {}, 404, "NOT_FOUND"],
        [companyId, { routeId: randomUUID() }, 404, "ROUTE_NOT_FOUND"],
        [companyId, { routeId: inactiveRoute!.id }, 404, "ROUTE_NOT_FOUND"],
        [companyId, { advisorId: randomUUID() }, 404, "ADVISOR_NOT_FOUND"],
        [companyId, { advisorId: yield* userId(testUsers.admin.email) }, 404, "ADVISOR_NOT_FOUND"],
        [companyId, { latitude: 91 }, 400, "VALIDATION_ERROR"],
        [companyId, { longitude: -181 }, 400, "VALIDATION_ERROR"],
        [companyId, { name: "" }, 400, "VALIDATION_ERROR"],
        ["not-a-uuid", {}, 400, "VALIDATION_ERROR"]
      ]
      for (const [company, overrides, status, code] of cases) {
        const response = yield* server.request("POST", `/api/companies/${company}/branches`, {
          token: admin,
          body: { name: `Sede ${tag()}`, ...overrides }
        })
        expectError(response, status, code)
      }
      assert.deepStrictEqual((yield* companyById(admin, companyId))!.branches, [])
    }))

  it.effect("PUT /api/companies/:id/branches/:branchId: null keeps; branch.updated changes; route flows to clients; errors", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const companyId = yield* createCompany()
      const alwaysOpen = yield* routeId("Always open")
      const advisorId = yield* userId(testUsers.advisor.email)
      const branchId = yield* createBranch(companyId, { city: "Cali", routeId: alwaysOpen, advisorId }, admin)
      const client = yield* (yield* server.api(admin)).clients.create({ payload: { name: `Cliente ${tag()}`, companyId, branchId } })
      const before = (yield* branchById(admin, companyId, branchId))!

      const cityOnly = yield* server.request("PUT", `/api/companies/${companyId}/branches/${branchId}`, {
        token: admin,
        body: { city: "Medellín", routeId: null, advisorId: null, name: null }
      })
      assert.strictEqual(cityOnly.status, 200, cityOnly.text)
      assert.deepStrictEqual(cityOnly.body, { id: branchId })
      assert.deepStrictEqual(yield* branchById(admin, companyId, branchId), { ...before, city: "Medellín" })
      assert.deepStrictEqual(yield* events(branchId), [{ type: "branch.updated", changes: ["city"] }])

      const biweekly = yield* routeId("Biweekly")
      const rerouted = yield* server.request("PUT", `/api/companies/${companyId}/branches/${branchId}`, {
        token: admin,
        body: { routeId: biweekly, latitude: 6.2 }
      })
      assert.strictEqual(rerouted.status, 200, rerouted.text)
      assert.deepStrictEqual((yield* events(branchId)).at(-1), { type: "branch.updated", changes: ["route"] })
      const [clientRoute] = yield* sql<{ route_id: string }>`select route_id from clients where id = ${client.id}`
      assert.strictEqual(clientRoute!.route_id, biweekly, "the branch's clients follow its route")

      const other = yield* createCompany()
      const foreign = yield* createBranch(other, {})
      const cases: ReadonlyArray<readonly [string, Record<string, unknown>, number, string]> = [
        [`/api/companies/${companyId}/branches/${foreign}`, { name: "X" }, 404, "NOT_FOUND"],
        [`/api/companies/${companyId}/branches/${randomUUID()}`, { name: "X" }, 404, "NOT_FOUND"],
        [`/api/companies/${companyId}/branches/${branchId}`, {}, 400, "EMPTY_PATCH"],
        [`/api/companies/${companyId}/branches/${branchId}`, { city: null }, 400, "EMPTY_PATCH"],
        [`/api/companies/${companyId}/branches/${branchId}`, { routeId: randomUUID() }, 404, "ROUTE_NOT_FOUND"],
        [`/api/companies/${companyId}/branches/${branchId}`, { advisorId: randomUUID() }, 404, "ADVISOR_NOT_FOUND"],
        [`/api/companies/${companyId}/branches/${branchId}`, { latitude: -100 }, 400, "VALIDATION_ERROR"]
      ]
      for (const [path, body, status, code] of cases) {
        expectError(yield* server.request("PUT", path, { token: admin, body }), status, code)
      }
      assert.lengthOf(yield* events(branchId), 2)
      assert.strictEqual((yield* branchById(admin, other, foreign))!.name.startsWith("Sede"), true)
    }))

  it.effect("PUT branch to a different advisor e-mails the advisor and the company; the same advisor does not", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const companyEmail = `compras-${tag()}@empresa.example.com`
      const companyId = yield* createCompany({ email: companyEmail })
      const first = yield* newAdvisor()
      const second = yield* newAdvisor()
      const branchId = yield* createBranch(companyId, { advisorId: first.id }, admin)
      assert.lengthOf(yield* emailsTo(companyEmail), 1)

      const same = yield* server.request("PUT", `/api/companies/${companyId}/branches/${branchId}`, {
        token: admin,
        body: { advisorId: first.id, address: "Otra dirección" }
      })
      assert.strictEqual(same.status, 200, same.text)
      assert.lengthOf(yield* emailsTo(first.email), 1, "same advisor: no new e-mail")
      assert.lengthOf(yield* emailsTo(companyEmail), 1)

      const changed = yield* server.request("PUT", `/api/companies/${companyId}/branches/${branchId}`, {
        token: admin,
        body: { advisorId: second.id }
      })
      assert.strictEqual(changed.status, 200, changed.text)
      assert.deepStrictEqual((yield* emailsTo(second.email)).map((mail) => mail.kind), ["advisor_assigned_to_advisor"])
      assert.deepStrictEqual((yield* emailsTo(companyEmail)).map((mail) => mail.kind), [
        "advisor_assigned_to_company",
        "advisor_assigned_to_company"
      ])
      assert.strictEqual((yield* branchById(admin, companyId, branchId))!.advisorId, second.id)
      assert.deepStrictEqual((yield* events(branchId)).map((event) => event.changes), [["address"], ["advisor"]])
    }))

  it.effect("DELETE /api/companies/:id/branches/:branchId: 204, deactivated with branch.updated [active]; 404 otherwise", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const companyId = yield* createCompany()
      const branchId = yield* createBranch(companyId, {})
      const other = yield* createCompany()
      const removed = yield* server.request("DELETE", `/api/companies/${companyId}/branches/${branchId}`, { token: admin })
      assert.strictEqual(removed.status, 204, removed.text)
      assert.deepInclude((yield* branchById(admin, companyId, branchId))!, { active: false })
      assert.deepStrictEqual(yield* events(branchId), [{ type: "branch.updated", changes: ["active"] }])
      for (const path of [`/api/companies/${other}/branches/${branchId}`, `/api/companies/${companyId}/branches/${randomUUID()}`]) {
        expectError(yield* server.request("DELETE", path, { token: admin }), 404, "NOT_FOUND")
      }
    }))
})

layer(TestServer.layer())("companies without ADMIN_NOTIFICATION_EMAIL", (it) => {
  it.effect("no e-mail is queued at all: neither the administrator's nor the advisor's or company's", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const admin = yield* server.login(testUsers.admin)
      const companyId = yield* createCompany()
      const advisor = yield* newAdvisor()
      const branchId = yield* createBranch(companyId, { advisorId: yield* userId(testUsers.advisor.email) }, admin)
      const changed = yield* server.request("PUT", `/api/companies/${companyId}/branches/${branchId}`, {
        token: admin,
        body: { advisorId: advisor.id }
      })
      assert.strictEqual(changed.status, 200, changed.text)
      assert.strictEqual((yield* branchById(admin, companyId, branchId))!.advisorId, advisor.id)
      const queued = yield* sql`select id from email_outbox`
      assert.lengthOf(queued, 0)
    }))
})
