/**
 * `/api/clients` black-box (spec "Clients", the Client resource, "Phone normalization"):
 * list and detail, create with phones and NIT default, update with the company/branch
 * pair and the login user kept in step, phones, every error code, admin-only access, and
 * the `client.created` / `client.updated` events the database records.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { BranchId, ClientId, CompanyId, PriceListId, RouteId, UserId } from "@quote/core/ids"
import type { NewClient } from "@quote/core/views/clients"
import { errorCode, SqlClient, type TestResponse, TestServer, testUsers } from "./support/test-server.ts"

const asBranchId = Schema.decodeSync(BranchId)
const asClientId = Schema.decodeSync(ClientId)
const asCompanyId = Schema.decodeSync(CompanyId)
const asPriceListId = Schema.decodeSync(PriceListId)
const asUserId = Schema.decodeSync(UserId)

const tag = () => randomUUID().slice(0, 8)

/** A fresh valid Colombian mobile number (300 range), in E.164 and as a person might type it. */
const newMobile = () => {
  const digits = `300${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`
  return { e164: `+57${digits}`, typed: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` }
}

const events = Effect.fn(function*(entityId: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  return yield* sql<{ type: string; changes: ReadonlyArray<string> }>`
    select type, changes from webhook_events where entity_id = ${entityId} order by seq`.pipe(Effect.orDie)
})

const seededId = Effect.fn(function*(query: "company" | "branch" | "route" | "priceList" | "user", key: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const rows = yield* (
    query === "company"
      ? sql<{ id: string }>`select id from companies where nit = ${key}`
      : query === "branch"
      ? sql<{ id: string }>`select id from branches where name = ${key}`
      : query === "route"
      ? sql<{ id: string }>`select id from routes where name = ${key}`
      : query === "priceList"
      ? sql<{ id: string }>`select id from price_lists where name = ${key}`
      : sql<{ id: string }>`select id from users where email = ${key}`
  ).pipe(Effect.orDie)
  assert.lengthOf(rows, 1, `${query} ${key}`)
  return rows[0]!.id
})

/** A new company (with `branches` new branches on the always-open route), created through the API. */
const newCompany = Effect.fn(function*(admin: string, options: { readonly branches: number; readonly nit?: string }) {
  const server = yield* TestServer
  const api = yield* server.api(admin)
  const nit = options.nit ?? `NIT${tag()}`
  const company = yield* (yield* server.api()).companies.create({ payload: { name: `Empresa ${tag()}`, nit } })
  const companyId = asCompanyId(company.id)
  const routeId = Schema.decodeSync(RouteId)(yield* seededId("route", "Always open"))
  const advisorId = asUserId(yield* seededId("user", testUsers.advisor.email))
  const branchIds: Array<BranchId> = []
  for (let i = 0; i < options.branches; i++) {
    const branch = yield* api.companies.createBranch({
      params: { id: companyId },
      payload: { name: `Sede ${i} ${tag()}`, routeId, advisorId }
    })
    branchIds.push(asBranchId(branch.id))
  }
  return { companyId, nit, branchIds }
})

const getClient = Effect.fn(function*(admin: string, id: ClientId) {
  const api = yield* (yield* TestServer).api(admin)
  return yield* api.clients.get({ params: { id } })
})

const createClient = Effect.fn(function*(admin: string, payload: NewClient) {
  const api = yield* (yield* TestServer).api(admin)
  return asClientId((yield* api.clients.create({ payload })).id)
})

const expectError = (response: TestResponse, status: number, code: string) => {
  assert.strictEqual(response.status, status, response.text)
  assert.strictEqual(errorCode(response), code, response.text)
}

layer(TestServer.layer())("clients", (it) => {
  it.effect("every /api/clients endpoint is admin only: anonymous 401, advisor and client 403", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const clientId = randomUUID()
      const calls = [
        ["GET", "/api/clients", undefined],
        ["GET", `/api/clients/${clientId}`, undefined],
        ["POST", "/api/clients", { name: "X", companyId: randomUUID(), branchId: randomUUID() }],
        ["PUT", `/api/clients/${clientId}`, { name: "X" }],
        ["POST", `/api/clients/${clientId}/phones`, { phone: "3001234567" }],
        ["DELETE", `/api/clients/${clientId}/phones/${randomUUID()}`, undefined]
      ] as const
      const advisor = yield* server.login(testUsers.advisor)
      const client = yield* server.login(testUsers.client)
      for (const [method, path, body] of calls) {
        const withBody = body === undefined ? {} : { body }
        expectError(yield* server.request(method, path, withBody), 401, "INVALID_TOKEN")
        for (const token of [advisor, client]) {
          expectError(yield* server.request(method, path, { ...withBody, token }), 403, "FORBIDDEN")
        }
      }
    }))

  it.effect("GET /api/clients: every client with and without login, ordered by name, in the Client shape", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { items } = yield* (yield* server.api(admin)).clients.list()
      const seeded = [
        "Comercializadora del Pacífico",
        "Distribuidora Andina",
        "Ferretería El Tornillo",
        "Supermercado La Economía",
        "Tienda Sin Ruta"
      ]
      assert.deepStrictEqual(items.map((c) => c.name).filter((name) => seeded.includes(name)), seeded)

      const andina = items.find((c) => c.name === "Distribuidora Andina")!
      assert.deepStrictEqual({ ...andina, id: undefined, createdAt: undefined, phones: undefined, userId: undefined }, {
        id: undefined,
        name: "Distribuidora Andina",
        nit: "900100001",
        email: "compras@andina.example.com",
        active: true,
        createdAt: undefined,
        userId: undefined,
        userEmail: testUsers.client.email,
        hasLogin: true,
        companyId: asCompanyId(yield* seededId("company", "900100001")),
        companyName: "Distribuidora Andina S.A.S.",
        branchId: asBranchId(yield* seededId("branch", "Sede Norte")),
        branchName: "Sede Norte",
        priceListId: asPriceListId(yield* seededId("priceList", "Lista Distribuidora Andina")),
        priceListName: "Lista Distribuidora Andina",
        routeName: "Always open",
        advisorName: "Asesor de Pruebas",
        phones: undefined
      })
      assert.strictEqual(andina.userId, yield* seededId("user", testUsers.client.email))
      // The wire form of createdAt (the typed answer holds it decoded, as a Date).
      const andinaOnTheWire = yield* server.request("GET", `/api/clients/${andina.id}`, { token: admin })
      assert.match(andinaOnTheWire.text, /"createdAt":"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z"/)
      assert.lengthOf(andina.phones, 1)
      assert.deepInclude(andina.phones[0]!, { phone: "+573000000001", label: "Compras", isMessaging: true })

      const withoutLogin = items.find((c) => c.name === "Tienda Sin Ruta")!
      assert.deepInclude(withoutLogin, {
        hasLogin: false,
        userId: null,
        userEmail: null,
        priceListId: null,
        priceListName: null,
        routeName: "",
        advisorName: "Asesor de Pruebas"
      })
    }))

  it.effect("GET /api/clients/:id: the Client; unknown 404 NOT_FOUND; malformed id 400", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const list = yield* (yield* server.api(admin)).clients.list()
      const first = list.items[0]!
      assert.deepStrictEqual(yield* getClient(admin, first.id), first)
      expectError(yield* server.request("GET", `/api/clients/${randomUUID()}`, { token: admin }), 404, "NOT_FOUND")
      expectError(yield* server.request("GET", "/api/clients/123", { token: admin }), 400, "VALIDATION_ERROR")
    }))

  it.effect("POST /api/clients: 201 {id}; phones normalized; nit = the company's when free; only client.created", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { branchIds, companyId, nit } = yield* newCompany(admin, { branches: 1 })
      const first = newMobile()
      const second = newMobile()
      const name = `Cliente ${tag()}`
      const id = yield* createClient(admin, {
        name,
        companyId,
        branchId: branchIds[0]!,
        email: "compras@cliente.example.com",
        phones: [{ phone: first.typed, label: "Compras" }, { phone: second.e164.slice(1) }]
      })
      const client = yield* getClient(admin, id)
      assert.deepInclude(client, {
        name,
        nit,
        email: "compras@cliente.example.com",
        active: true,
        hasLogin: false,
        userId: null,
        companyId,
        branchId: branchIds[0]!,
        priceListId: null,
        priceListName: null,
        routeName: "Always open",
        advisorName: "Asesor de Pruebas"
      })
      // Phones added together are listed by number.
      assert.deepStrictEqual(
        client.phones.map(({ isMessaging, label, phone }) => ({ phone, label, isMessaging })),
        [{ phone: first.e164, label: "Compras", isMessaging: true }, { phone: second.e164, label: "", isMessaging: true }]
          .sort((a, b) => a.phone.localeCompare(b.phone))
      )
      // Phones added with the client are covered by client.created (no client.updated).
      assert.deepStrictEqual(yield* events(id), [{ type: "client.created", changes: [] }])

      // The company's NIT is now taken: the next client gets a placeholder.
      const second_ = yield* createClient(admin, { name: `Cliente ${tag()}`, companyId, branchId: branchIds[0]! })
      assert.match((yield* getClient(admin, second_)).nit, /^NIT-[A-Za-z0-9]{8}$/)

      // Explicit values: nit, price list, inactive.
      const priceListId = asPriceListId(yield* seededId("priceList", "Lista Distribuidora Andina"))
      const explicit = yield* createClient(admin, {
        name: `Cliente ${tag()}`,
        companyId,
        branchId: branchIds[0]!,
        nit: `  CC-${tag()}  `,
        priceListId,
        active: false,
        email: null,
        phones: []
      })
      const explicitClient = yield* getClient(admin, explicit)
      assert.match(explicitClient.nit, /^CC-[0-9a-f]{8}$/, "stored trimmed")
      assert.deepInclude(explicitClient, {
        priceListId,
        priceListName: "Lista Distribuidora Andina",
        active: false,
        email: null,
        phones: []
      })
    }))

  it.effect("POST /api/clients: the same number may belong to several clients", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { branchIds, companyId } = yield* newCompany(admin, { branches: 1 })
      const id = yield* createClient(admin, {
        name: `Cliente ${tag()}`,
        companyId,
        branchId: branchIds[0]!,
        phones: [{ phone: "+57 300 000 0001" }]
      })
      assert.strictEqual((yield* getClient(admin, id)).phones[0]!.phone, "+573000000001")
    }))

  it.effect("POST /api/clients errors: INVALID_PHONE, DUPLICATE_PHONE, BRANCH_NOT_FOUND, PRICE_LIST_NOT_FOUND, DUPLICATE_NIT; nothing stored", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const { branchIds, companyId } = yield* newCompany(admin, { branches: 2 })
      const other = yield* newCompany(admin, { branches: 1 })
      // An inactive branch of the company and an inactive price list.
      const inactiveBranch = branchIds[1]!
      const deactivated = yield* server.request("DELETE", `/api/companies/${companyId}/branches/${inactiveBranch}`, {
        token: admin
      })
      assert.strictEqual(deactivated.status, 204)
      const [inactiveList] = yield* sql<{ id: string }>`
        insert into price_lists (name, active) values (${`Lista inactiva ${tag()}`}, false) returning id`
      const mobile = newMobile()

      const cases: ReadonlyArray<readonly [Record<string, unknown>, number, string]> = [
        [{ phones: [{ phone: "6011234567" }] }, 400, "INVALID_PHONE"],
        [{ phones: [{ phone: mobile.typed }, { phone: "123" }] }, 400, "INVALID_PHONE"],
        [{ phones: [{ phone: mobile.typed }, { phone: mobile.e164 }] }, 409, "DUPLICATE_PHONE"],
        [{ branchId: other.branchIds[0] }, 404, "BRANCH_NOT_FOUND"],
        [{ branchId: inactiveBranch }, 404, "BRANCH_NOT_FOUND"],
        [{ branchId: randomUUID() }, 404, "BRANCH_NOT_FOUND"],
        [{ companyId: randomUUID() }, 404, "BRANCH_NOT_FOUND"],
        [{ priceListId: randomUUID() }, 404, "PRICE_LIST_NOT_FOUND"],
        [{ priceListId: inactiveList!.id }, 404, "PRICE_LIST_NOT_FOUND"],
        [{ nit: "900100001" }, 409, "DUPLICATE_NIT"],
        [{ email: "not-an-email" }, 400, "VALIDATION_ERROR"],
        [{ name: " " }, 400, "VALIDATION_ERROR"],
        [{ branchId: "x" }, 400, "VALIDATION_ERROR"]
      ]
      for (const [overrides, status, code] of cases) {
        const name = `Rechazado ${tag()}`
        const response = yield* server.request("POST", "/api/clients", {
          token: admin,
          body: { name, companyId, branchId: branchIds[0], ...overrides }
        })
        expectError(response, status, code)
        const stored = yield* sql`select id from clients where name = ${(overrides.name as string | undefined) ?? name}`
        assert.lengthOf(stored, 0, `${code}: nothing stored`)
      }
      const stored = yield* sql`select id from client_phones where phone = ${mobile.e164}`
      assert.lengthOf(stored, 0)
    }))

  it.effect("PUT /api/clients/:id: a subset of fields → 200 {id} with client.updated changes; EMPTY_PATCH; NOT_FOUND; DUPLICATE_NIT; PRICE_LIST_NOT_FOUND", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { branchIds, companyId } = yield* newCompany(admin, { branches: 1 })
      const id = yield* createClient(admin, { name: `Cliente ${tag()}`, companyId, branchId: branchIds[0]!, nit: `N-${tag()}` })

      const newName = `Renombrado ${tag()}`
      const renamed = yield* server.request("PUT", `/api/clients/${id}`, {
        token: admin,
        body: { name: newName, email: "nuevo@cliente.example.com" }
      })
      assert.strictEqual(renamed.status, 200, renamed.text)
      assert.deepStrictEqual(renamed.body, { id })
      assert.deepInclude(yield* getClient(admin, id), { name: newName, email: "nuevo@cliente.example.com" })
      assert.deepStrictEqual(yield* events(id), [
        { type: "client.created", changes: [] },
        { type: "client.updated", changes: ["name", "email"] }
      ])

      const priceListId = yield* seededId("priceList", "Lista Distribuidora Andina")
      for (const body of [{ priceListId }, { priceListId: null, active: false }]) {
        assert.strictEqual((yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body })).status, 200)
      }
      assert.deepInclude(yield* getClient(admin, id), { priceListId: null, active: false })
      assert.deepStrictEqual((yield* events(id)).slice(2), [
        { type: "client.updated", changes: ["priceList"] },
        { type: "client.updated", changes: ["active", "priceList"] }
      ])

      expectError(yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body: {} }), 400, "EMPTY_PATCH")
      expectError(
        yield* server.request("PUT", `/api/clients/${randomUUID()}`, { token: admin, body: { name: "X" } }),
        404,
        "NOT_FOUND"
      )
      expectError(
        yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body: { nit: "900100001", name: "No" } }),
        409,
        "DUPLICATE_NIT"
      )
      expectError(
        yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body: { priceListId: randomUUID() } }),
        404,
        "PRICE_LIST_NOT_FOUND"
      )
      assert.strictEqual((yield* getClient(admin, id)).name, newName, "failed updates change nothing")
      assert.lengthOf(yield* events(id), 4)
    }))

  it.effect("PUT /api/clients/:id: company and branch are validated together and move the login user too", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const from = yield* newCompany(admin, { branches: 1 })
      const to = yield* newCompany(admin, { branches: 2 })
      const id = yield* createClient(admin, { name: `Cliente ${tag()}`, companyId: from.companyId, branchId: from.branchIds[0]! })
      // Give it a login user placed where the client is.
      const [user] = yield* sql<{ id: string }>`
        insert into users (name, email, password_hash, role, company_id, branch_id)
        values ('Usuario', ${`u-${tag()}@example.com`}, 'x', 'client', ${from.companyId}, ${from.branchIds[0]!})
        returning id`
      yield* sql`update clients set user_id = ${user!.id} where id = ${id}`

      // A company without one of its branches, or a branch of another company: 404.
      for (const body of [{ companyId: to.companyId }, { branchId: to.branchIds[0] }, {
        companyId: from.companyId,
        branchId: to.branchIds[0]
      }]) {
        expectError(yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body }), 404, "BRANCH_NOT_FOUND")
      }
      const moved = yield* server.request("PUT", `/api/clients/${id}`, {
        token: admin,
        body: { companyId: to.companyId, branchId: to.branchIds[1] }
      })
      assert.strictEqual(moved.status, 200, moved.text)
      const client = yield* getClient(admin, id)
      assert.deepInclude(client, { companyId: to.companyId, branchId: to.branchIds[1]!, hasLogin: true, userId: asUserId(user!.id) })
      const [placement] = yield* sql<{ company_id: string; branch_id: string }>`
        select company_id, branch_id from users where id = ${user!.id}`
      assert.deepStrictEqual(placement, { company_id: to.companyId, branch_id: to.branchIds[1]! })
      assert.deepStrictEqual((yield* events(id)).at(-1), { type: "client.updated", changes: ["company", "branch"] })

      // Branch alone, within the same company.
      const branchOnly = yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body: { branchId: to.branchIds[0] } })
      assert.strictEqual(branchOnly.status, 200, branchOnly.text)
      const [after] = yield* sql<{ branch_id: string }>`select branch_id from users where id = ${user!.id}`
      assert.strictEqual(after!.branch_id, to.branchIds[0])
    }))

  it.effect("POST /api/clients/:id/phones: 201 ClientPhone and client.updated [phones]; INVALID_PHONE, DUPLICATE_PHONE, NOT_FOUND", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { branchIds, companyId } = yield* newCompany(admin, { branches: 1 })
      const id = yield* createClient(admin, { name: `Cliente ${tag()}`, companyId, branchId: branchIds[0]! })
      const api = yield* server.api(admin)
      const mobile = newMobile()
      const phone = yield* api.clients.addPhone({
        params: { id },
        payload: { phone: `(${mobile.typed.slice(0, 3)}) ${mobile.typed.slice(4).replace(" ", "-")}`, label: "Bodega" }
      })
      assert.deepInclude(phone, { phone: mobile.e164, label: "Bodega", isMessaging: true })
      assert.deepStrictEqual((yield* getClient(admin, id)).phones, [phone])
      assert.deepStrictEqual(yield* events(id), [
        { type: "client.created", changes: [] },
        { type: "client.updated", changes: ["phones"] }
      ])

      const international = yield* api.clients.addPhone({ params: { id }, payload: { phone: "+1 (415) 555-2671" } })
      assert.deepInclude(international, { phone: "+14155552671", label: "" })

      expectError(
        yield* server.request("POST", `/api/clients/${id}/phones`, { token: admin, body: { phone: mobile.e164.slice(1) } }),
        409,
        "DUPLICATE_PHONE"
      )
      for (const bad of ["6015551234", "12345", "abc", "+57 601"]) {
        expectError(yield* server.request("POST", `/api/clients/${id}/phones`, { token: admin, body: { phone: bad } }), 400, "INVALID_PHONE")
      }
      expectError(
        yield* server.request("POST", `/api/clients/${randomUUID()}/phones`, { token: admin, body: { phone: mobile.typed } }),
        404,
        "NOT_FOUND"
      )
      expectError(yield* server.request("POST", `/api/clients/${id}/phones`, { token: admin, body: {} }), 400, "VALIDATION_ERROR")
      assert.lengthOf((yield* getClient(admin, id)).phones, 2)
      assert.lengthOf(yield* events(id), 3)
    }))

  it.effect("DELETE /api/clients/:id/phones/:phoneId: 204 and client.updated [phones]; unknown or another client's 404", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { branchIds, companyId } = yield* newCompany(admin, { branches: 1 })
      const mobile = newMobile()
      const id = yield* createClient(admin, {
        name: `Cliente ${tag()}`,
        companyId,
        branchId: branchIds[0]!,
        phones: [{ phone: mobile.typed }]
      })
      const otherId = yield* createClient(admin, { name: `Cliente ${tag()}`, companyId, branchId: branchIds[0]! })
      const phoneId = (yield* getClient(admin, id)).phones[0]!.id

      expectError(
        yield* server.request("DELETE", `/api/clients/${otherId}/phones/${phoneId}`, { token: admin }),
        404,
        "NOT_FOUND"
      )
      const removed = yield* server.request("DELETE", `/api/clients/${id}/phones/${phoneId}`, { token: admin })
      assert.strictEqual(removed.status, 204)
      assert.deepStrictEqual((yield* getClient(admin, id)).phones, [])
      assert.deepStrictEqual(yield* events(id), [
        { type: "client.created", changes: [] },
        { type: "client.updated", changes: ["phones"] }
      ])
      expectError(yield* server.request("DELETE", `/api/clients/${id}/phones/${phoneId}`, { token: admin }), 404, "NOT_FOUND")
      expectError(
        yield* server.request("DELETE", `/api/clients/${id}/phones/not-a-uuid`, { token: admin }),
        400,
        "VALIDATION_ERROR"
      )
    }))
})
