/**
 * `/api/users`, black-box (spec "Users"): the list, self-registration and administrator
 * creation with every validation error, the client record and the notification e-mails
 * of a client user, updates and deactivation. Companies and branches are set up
 * directly in the database (a supported way in), each test with its own.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import { randomInt, randomUUID } from "node:crypto"
import { advisorEmail, clientUserEmail, firstClientPriceList } from "@quote/adapters/dev/seed/scenario-data"
import type { Role } from "@quote/core/access"
import { ValidationError } from "@quote/core/errors/common"
import { BranchId, CompanyId, PriceListId } from "@quote/core/ids"
import type { NewUser } from "@quote/core/views/users"
import { errorCode, errorOf, SqlClient, type TestResponse, TestServer, testUsers, wireItems } from "./support/test-server.ts"

const asBranchId = Schema.decodeSync(BranchId)
const asCompanyId = Schema.decodeSync(CompanyId)

const adminNotificationEmail = "avisos-admin@example.com"

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`

interface Place {
  readonly companyId: CompanyId
  readonly nit: string
  /** On the "Always open" route, with the seeded advisor. */
  readonly mainBranchId: BranchId
  /** On the "Biweekly" route, without advisor. */
  readonly otherBranchId: BranchId
}

/** A new active company with two branches. */
const newCompany = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const nit = String(randomInt(100_000_000, 999_999_999))
  const [company] = yield* sql<{ id: string }>`
    insert into companies (name, nit) values (${`Empresa ${nit}`}, ${nit}) returning id`
  const [main] = yield* sql<{ id: string }>`
    insert into branches (company_id, name, city, route_id, advisor_id)
    select ${company!.id}, 'Principal', 'Bogotá', r.id, u.id
      from routes r, users u where r.name = 'Always open' and u.email = ${advisorEmail}
    returning id`
  const [other] = yield* sql<{ id: string }>`
    insert into branches (company_id, name, city, route_id)
    select ${company!.id}, 'Secundaria', 'Cali', r.id from routes r where r.name = 'Biweekly'
    returning id`
  return {
    companyId: asCompanyId(company!.id),
    nit,
    mainBranchId: asBranchId(main!.id),
    otherBranchId: asBranchId(other!.id)
  } satisfies Place
})

interface ClientRecordRow {
  readonly id: string
  readonly nit: string
  readonly name: string
  readonly email: string | null
  readonly company_id: string | null
  readonly branch_id: string | null
  readonly route_id: string | null
  readonly advisor_id: string | null
  readonly price_list_id: string | null
}

const clientRecordOf = (userId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<ClientRecordRow>`
      select id, nit, name, email, company_id, branch_id, route_id, advisor_id, price_list_id
        from clients where user_id = ${userId}`
    return rows[0]
  })

const branchOf = (branchId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ route_id: string | null; advisor_id: string | null }>`
      select route_id, advisor_id from branches where id = ${branchId}`
    return rows[0]!
  })

const outboxFor = (email: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    return yield* sql<{ to_address: string; kind: string; subject: string; body: string }>`
      select to_address, kind, subject, body from email_outbox
       where body like ${`%${email}%`} order by kind`
  })

const count = (table: "users" | "clients" | "email_outbox") =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ count: number }>`select count(*)::int as count from ${sql(table)}`
    return rows[0]!.count
  })

const adminToken = Effect.flatMap(TestServer, (server) => server.login(testUsers.admin))

const post = (body: unknown, token?: string) =>
  Effect.flatMap(TestServer, (server) =>
    server.request("POST", "/api/users", token === undefined ? { body } : { body, token }))

const put = (id: string, body: unknown, token: string) =>
  Effect.flatMap(TestServer, (server) => server.request("PUT", `/api/users/${id}`, { body, token }))

const expectError = (response: TestResponse, status: number, code: string) => {
  assert.strictEqual(response.status, status, response.text)
  assert.strictEqual(errorCode(response), code)
}

/** `POST /api/users` through the typed client: `{id, clientId}` of the new user. */
const createUser = (payload: NewUser, token?: string) =>
  Effect.flatMap(Effect.flatMap(TestServer, (server) => server.api(token)), (api) => api.users.create({ payload }))

/** A new advisor, created by the admin. */
const newAdvisor = (token: string, erpSellerId: number | null = null) =>
  createUser({ name: "Asesor nuevo", email: uniqueEmail("asesor"), password: "secret-123", role: "advisor", erpSellerId }, token)

const listUsers = (token: string, role?: Role) =>
  Effect.gen(function*() {
    const api = yield* (yield* TestServer).api(token)
    return (yield* api.users.list({ query: role === undefined ? {} : { role } })).items
  })

layer(TestServer.layer({ config: { adminNotificationEmail: Option.some(adminNotificationEmail) } }))("users", (it) => {
  // --- GET /api/users -------------------------------------------------------------------

  it.effect("GET lists every user with the list-item shape of its role", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [list, answer] = yield* (yield* (yield* TestServer).api(yield* adminToken)).users.list({
        query: {},
        responseMode: "decoded-and-response"
      })
      const byEmail = new Map(list.items.map((item) => [item.email, item]))
      // Which fields each role's item has, as the wire carries them.
      const onTheWire = new Map((yield* wireItems(answer)).map((item) => [item.email, item]))
      const common = ["active", "branchId", "branchName", "companyId", "companyName", "createdAt", "email", "id", "name", "role"]
      assert.deepStrictEqual(Object.keys(onTheWire.get(testUsers.admin.email)!).sort(), common)
      const advisor = byEmail.get(advisorEmail)!
      assert.deepStrictEqual(Object.keys(onTheWire.get(advisorEmail)!).sort(), [...common, "erpSellerId"].sort())
      const client = byEmail.get(clientUserEmail)!
      assert.deepStrictEqual(
        Object.keys(onTheWire.get(clientUserEmail)!).sort(),
        [...common, "advisorId", "clientId", "priceListId", "priceListName", "routeId"].sort()
      )
      const [expected] = yield* sql<{ client_id: string; company_name: string; branch_name: string; route_id: string }>`
        select c.id as client_id, co.name as company_name, b.name as branch_name, b.route_id
          from clients c join companies co on co.id = c.company_id join branches b on b.id = c.branch_id
          join users u on u.id = c.user_id where u.email = ${clientUserEmail}`
      assert.strictEqual(client.clientId, expected!.client_id)
      assert.strictEqual(client.companyName, expected!.company_name)
      assert.strictEqual(client.branchName, expected!.branch_name)
      assert.strictEqual(client.routeId, expected!.route_id)
      assert.strictEqual(client.advisorId, advisor.id)
      assert.strictEqual(client.priceListName, firstClientPriceList)
      assert.isString(client.priceListId)
      assert.isTrue(client.active)
      assert.isFalse(Number.isNaN(client.createdAt.getTime()))
    }))

  it.effect("GET ?role filters; an unknown role is 400 VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      for (const role of ["admin", "advisor", "client"] as const) {
        const items = yield* listUsers(token, role)
        assert.isAbove(items.length, 0)
        assert.isTrue(items.every((item) => item.role === role))
      }
      expectError(yield* server.request("GET", "/api/users?role=owner", { token }), 400, "VALIDATION_ERROR")
    }))

  it.effect("GET is for administrators: 401 without a token, 403 FORBIDDEN for advisor and client", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      expectError(yield* server.request("GET", "/api/users"), 401, "INVALID_TOKEN")
      for (const user of [testUsers.advisor, testUsers.client]) {
        expectError(yield* server.request("GET", "/api/users", { token: yield* server.login(user) }), 403, "FORBIDDEN")
      }
    }))

  // --- POST /api/users: self-registration -------------------------------------------------

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

  // --- POST /api/users: validation --------------------------------------------------------

  it.effect("no password is 400 MISSING_PASSWORD; a short one, a bad e-mail or a blank name is 400 VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      expectError(yield* post({ name: "X", email: uniqueEmail("pw") }), 400, "MISSING_PASSWORD")
      expectError(yield* post({ name: "X", email: uniqueEmail("pw"), password: null }), 400, "MISSING_PASSWORD")
      const short = yield* post({ name: "X", email: uniqueEmail("pw"), password: "12345" })
      expectError(short, 400, "VALIDATION_ERROR")
      const issues = errorOf(short, ValidationError).details?.issues ?? []
      assert.deepStrictEqual(issues.map((issue) => issue.path.join(".")), ["payload.password"])
      expectError(yield* post({ name: "X", email: "not-an-email", password: "secret-123" }), 400, "VALIDATION_ERROR")
      expectError(yield* post({ name: "   ", email: uniqueEmail("pw"), password: "secret-123" }), 400, "VALIDATION_ERROR")
      expectError(yield* post({ name: "X", email: uniqueEmail("pw"), password: "secret-123", companyId: "nope" }), 400, "VALIDATION_ERROR")
    }))

  it.effect("an administrator must give the role (400 VALIDATION_ERROR) and may create any role", () =>
    Effect.gen(function*() {
      const token = yield* adminToken
      expectError(yield* post({ name: "X", email: uniqueEmail("admin"), password: "secret-123" }, token), 400, "VALIDATION_ERROR")
      const newAdmin = yield* createUser({ name: "Otro admin", email: uniqueEmail("admin"), password: "secret-123", role: "admin" }, token)
      assert.strictEqual(newAdmin.clientId, null)
      const advisor = yield* newAdvisor(token, 42)
      assert.strictEqual(advisor.clientId, null)
      assert.isUndefined(yield* clientRecordOf(advisor.id))
      const listed = (yield* listUsers(token, "advisor")).find((item) => item.id === advisor.id)!
      assert.strictEqual(listed.erpSellerId, 42)
      const inactive = yield* createUser({ name: "Inactivo", email: uniqueEmail("admin"), password: "secret-123", role: "advisor", active: false }, token)
      assert.isFalse((yield* listUsers(token)).find((item) => item.id === inactive.id)!.active)
    }))

  it.effect("erpSellerId is for advisors and priceListId for clients (400 VALIDATION_ERROR otherwise); erpSellerId must be > 0", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const token = yield* adminToken
      const [list] = yield* sql<{ id: string }>`select id from price_lists where name = ${firstClientPriceList}`
      const base = { name: "X", password: "secret-123" }
      expectError(yield* post({ ...base, email: uniqueEmail("f"), role: "client", erpSellerId: 5 }, token), 400, "VALIDATION_ERROR")
      expectError(yield* post({ ...base, email: uniqueEmail("f"), role: "advisor", priceListId: list!.id }, token), 400, "VALIDATION_ERROR")
      expectError(yield* post({ ...base, email: uniqueEmail("f"), role: "advisor", erpSellerId: 0 }, token), 400, "VALIDATION_ERROR")
      expectError(yield* post({ ...base, email: uniqueEmail("f"), role: "advisor", erpSellerId: 1.5 }, token), 400, "VALIDATION_ERROR")
    }))

  it.effect("an administrator may give a client a price list", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const token = yield* adminToken
      const place = yield* newCompany
      const [list] = yield* sql<{ id: string }>`select id from price_lists where name = ${firstClientPriceList}`
      const body = yield* createUser({
        name: "Con lista",
        email: uniqueEmail("lista"),
        password: "secret-123",
        role: "client",
        companyId: place.companyId,
        branchId: place.mainBranchId,
        priceListId: Schema.decodeSync(PriceListId)(list!.id)
      }, token)
      assert.strictEqual((yield* clientRecordOf(body.id))!.price_list_id, list!.id)
      const listed = (yield* listUsers(token, "client")).find((item) => item.id === body.id)!
      assert.strictEqual(listed.priceListName, firstClientPriceList)
      assert.strictEqual(listed.companyId, place.companyId)
      assert.strictEqual(listed.branchName, "Principal")
    }))

  it.effect("missing or inactive company, branch and price list are 404 with their codes; nothing is written", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const token = yield* adminToken
      const place = yield* newCompany
      const closed = yield* newCompany
      yield* sql`update companies set active = false where id = ${closed.companyId}`
      yield* sql`update branches set active = false where id = ${place.otherBranchId}`
      const [list] = yield* sql<{ id: string }>`insert into price_lists (name, active) values (${`Inactiva ${randomUUID()}`}, false) returning id`
      const before = yield* Effect.all([count("users"), count("clients"), count("email_outbox")])
      const base = { name: "X", password: "secret-123", role: "client" }
      const cases: ReadonlyArray<readonly [Record<string, unknown>, string]> = [
        [{ companyId: randomUUID() }, "COMPANY_NOT_FOUND"],
        [{ companyId: closed.companyId }, "COMPANY_NOT_FOUND"],
        [{ branchId: closed.mainBranchId }, "COMPANY_NOT_FOUND"],
        [{ companyId: place.companyId, branchId: randomUUID() }, "BRANCH_NOT_FOUND"],
        [{ companyId: place.companyId, branchId: place.otherBranchId }, "BRANCH_NOT_FOUND"],
        [{ companyId: place.companyId, priceListId: randomUUID() }, "PRICE_LIST_NOT_FOUND"],
        [{ companyId: place.companyId, priceListId: list!.id }, "PRICE_LIST_NOT_FOUND"]
      ]
      for (const [fields, code] of cases) {
        expectError(yield* post({ ...base, ...fields, email: uniqueEmail("ref") }, token), 404, code)
      }
      assert.deepStrictEqual(yield* Effect.all([count("users"), count("clients"), count("email_outbox")]), before)
    }))

  it.effect("a branch of another company is 400 BRANCH_COMPANY_MISMATCH", () =>
    Effect.gen(function*() {
      const place = yield* newCompany
      const other = yield* newCompany
      expectError(
        yield* post({ name: "X", email: uniqueEmail("mismatch"), password: "secret-123", companyId: place.companyId, branchId: other.mainBranchId }),
        400,
        "BRANCH_COMPANY_MISMATCH"
      )
    }))

  it.effect("an e-mail in use, in any case, is 409 DUPLICATE_EMAIL and leaves no client record or e-mail behind", () =>
    Effect.gen(function*() {
      const place = yield* newCompany
      const before = yield* Effect.all([count("users"), count("clients"), count("email_outbox")])
      const response = yield* post({
        name: "Duplicado",
        email: `  ${clientUserEmail.toUpperCase()} `,
        password: "secret-123",
        companyId: place.companyId,
        branchId: place.mainBranchId
      })
      expectError(response, 409, "DUPLICATE_EMAIL")
      assert.deepStrictEqual(yield* Effect.all([count("users"), count("clients"), count("email_outbox")]), before)
    }))

  it.effect("concurrent sign-ups with one e-mail: exactly one wins, the other is 409", () =>
    Effect.gen(function*() {
      const email = uniqueEmail("carrera")
      const responses = yield* Effect.all(
        [post({ name: "A", email, password: "secret-123" }), post({ name: "B", email: email.toUpperCase(), password: "secret-123" })],
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(responses.map((response) => response.status).sort(), [201, 409])
    }))

  // --- PUT /api/users/:id ---------------------------------------------------------------

  it.effect("PUT with no field is 400 EMPTY_PATCH; an unknown id 404 NOT_FOUND; a malformed id 400", () =>
    Effect.gen(function*() {
      const token = yield* adminToken
      const advisor = yield* newAdvisor(token)
      expectError(yield* put(advisor.id, {}, token), 400, "EMPTY_PATCH")
      expectError(yield* put(randomUUID(), { name: "Nadie" }, token), 404, "NOT_FOUND")
      expectError(yield* put("not-a-uuid", { name: "Nadie" }, token), 400, "VALIDATION_ERROR")
    }))

  it.effect("PUT changes name, e-mail and role; erpSellerId null unassigns; a taken e-mail is 409", () =>
    Effect.gen(function*() {
      const token = yield* adminToken
      const advisor = yield* newAdvisor(token, 11)
      const email = uniqueEmail("renombrado")
      const response = yield* put(advisor.id, { name: "Renombrado", email }, token)
      assert.strictEqual(response.status, 200)
      assert.deepStrictEqual(response.body, { id: advisor.id })
      let listed = (yield* listUsers(token)).find((item) => item.id === advisor.id)!
      assert.strictEqual(listed.name, "Renombrado")
      assert.strictEqual(listed.email, email)
      assert.strictEqual(listed.erpSellerId, 11)
      assert.strictEqual((yield* put(advisor.id, { erpSellerId: null }, token)).status, 200)
      listed = (yield* listUsers(token)).find((item) => item.id === advisor.id)!
      assert.strictEqual(listed.erpSellerId, null)
      assert.strictEqual((yield* put(advisor.id, { erpSellerId: 12 }, token)).status, 200)
      expectError(yield* put(advisor.id, { email: testUsers.admin.email.toUpperCase() }, token), 409, "DUPLICATE_EMAIL")
      expectError(yield* put(advisor.id, { role: "admin", erpSellerId: 3 }, token), 400, "VALIDATION_ERROR")
      assert.strictEqual((yield* put(advisor.id, { role: "admin" }, token)).status, 200)
      listed = (yield* listUsers(token)).find((item) => item.id === advisor.id)!
      assert.strictEqual(listed.role, "admin")
      assert.notProperty(listed, "erpSellerId")
    }))

  it.effect("PUT moving a client user moves its client record; route and advisor follow the branch", () =>
    Effect.gen(function*() {
      const token = yield* adminToken
      const place = yield* newCompany
      const user = yield* createUser({ name: "Movido", email: uniqueEmail("movido"), password: "secret-123", companyId: place.companyId, branchId: place.mainBranchId })
      assert.strictEqual((yield* put(user.id, { branchId: place.otherBranchId }, token)).status, 200)
      let record = (yield* clientRecordOf(user.id))!
      assert.strictEqual(record.branch_id, place.otherBranchId)
      assert.strictEqual(record.route_id, (yield* branchOf(place.otherBranchId)).route_id)
      assert.strictEqual(record.advisor_id, null)

      const other = yield* newCompany
      assert.strictEqual((yield* put(user.id, { companyId: other.companyId, branchId: other.mainBranchId }, token)).status, 200)
      record = (yield* clientRecordOf(user.id))!
      assert.strictEqual(record.company_id, other.companyId)
      assert.strictEqual(record.branch_id, other.mainBranchId)
      assert.strictEqual(record.advisor_id, (yield* branchOf(other.mainBranchId)).advisor_id)
      const listed = (yield* listUsers(token)).find((item) => item.id === user.id)!
      assert.strictEqual(listed.companyId, other.companyId)
      assert.strictEqual(listed.branchId, other.mainBranchId)
      assert.strictEqual(listed.routeId, record.route_id)

      // Detaching takes both fields; the client record follows.
      assert.strictEqual((yield* put(user.id, { companyId: null, branchId: null }, token)).status, 200)
      record = (yield* clientRecordOf(user.id))!
      assert.deepStrictEqual([record.company_id, record.branch_id, record.route_id, record.advisor_id], [null, null, null, null])
    }))

  it.effect("PUT validates company and branch like POST", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const token = yield* adminToken
      const place = yield* newCompany
      const other = yield* newCompany
      const user = yield* createUser({ name: "Validado", email: uniqueEmail("validado"), password: "secret-123", companyId: place.companyId, branchId: place.mainBranchId })
      // A new company whose branch the user is not in.
      expectError(yield* put(user.id, { companyId: other.companyId }, token), 400, "BRANCH_COMPANY_MISMATCH")
      expectError(yield* put(user.id, { branchId: other.mainBranchId }, token), 400, "BRANCH_COMPANY_MISMATCH")
      expectError(yield* put(user.id, { companyId: randomUUID() }, token), 404, "COMPANY_NOT_FOUND")
      expectError(yield* put(user.id, { branchId: randomUUID() }, token), 404, "BRANCH_NOT_FOUND")
      // Nothing moved.
      assert.strictEqual((yield* clientRecordOf(user.id))!.branch_id, place.mainBranchId)
      // A branch deactivated after the assignment does not block other changes.
      yield* sql`update branches set active = false where id = ${place.mainBranchId}`
      assert.strictEqual((yield* put(user.id, { name: "Sigue" }, token)).status, 200)
    }))

  it.effect("PUT turning a user into a client gives it a client record", () =>
    Effect.gen(function*() {
      const token = yield* adminToken
      const place = yield* newCompany
      const advisor = yield* newAdvisor(token)
      const response = yield* put(advisor.id, { role: "client", companyId: place.companyId, branchId: place.mainBranchId }, token)
      assert.strictEqual(response.status, 200, response.text)
      const record = (yield* clientRecordOf(advisor.id))!
      assert.strictEqual(record.company_id, place.companyId)
      assert.strictEqual(record.nit, place.nit)
      const listed = (yield* listUsers(token)).find((item) => item.id === advisor.id)!
      assert.strictEqual(listed.clientId, record.id)
    }))

  it.effect("PUT and DELETE are for administrators (403 FORBIDDEN)", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const advisor = yield* newAdvisor(yield* adminToken)
      for (const user of [testUsers.advisor, testUsers.client]) {
        const token = yield* server.login(user)
        expectError(yield* put(advisor.id, { name: "No" }, token), 403, "FORBIDDEN")
        expectError(yield* server.request("DELETE", `/api/users/${advisor.id}`, { token }), 403, "FORBIDDEN")
      }
      expectError(yield* server.request("DELETE", `/api/users/${advisor.id}`), 401, "INVALID_TOKEN")
    }))

  // --- DELETE /api/users/:id ------------------------------------------------------------

  it.effect("DELETE answers 204 and sets active=false; again is 204; an unknown id is 404", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const advisor = yield* newAdvisor(token)
      const response = yield* server.request("DELETE", `/api/users/${advisor.id}`, { token })
      assert.strictEqual(response.status, 204)
      assert.strictEqual(response.text, "")
      assert.isFalse((yield* listUsers(token)).find((item) => item.id === advisor.id)!.active)
      assert.strictEqual((yield* server.request("DELETE", `/api/users/${advisor.id}`, { token })).status, 204)
      expectError(yield* server.request("DELETE", `/api/users/${randomUUID()}`, { token }), 404, "NOT_FOUND")
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
