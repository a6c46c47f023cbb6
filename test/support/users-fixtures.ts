/**
 * What the `/api/users` black-box tests share (`test/users-*.test.ts`): the
 * administrator notification address their servers are configured with, companies and
 * branches set up directly in the database (a supported way in), each test with its
 * own, reads of the rows the endpoint writes, and the calls themselves.
 */
import { Effect, Option } from "effect"
import type { Role } from "@quote/core/auth/access"
import type { NewUser } from "@quote/core/users/views"
import { SqlClient, TestServer, testUsers, uniqueEmail } from "./test-server.ts"
import { insertTwoBranchCompany } from "./two-branch-company.ts"

export const adminNotificationEmail = "avisos-admin@example.com"

/** The test server of these tests: configured with the administrator's notification address. */
export const usersServer = TestServer.layer({ config: { adminNotificationEmail: Option.some(adminNotificationEmail) } })

/** A new active company with two branches (`two-branch-company.ts`). */
export const newCompany = insertTwoBranchCompany({ namePrefix: "Empresa" })

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

export const clientRecordOf = (userId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<ClientRecordRow>`
      select id, nit, name, email, company_id, branch_id, route_id, advisor_id, price_list_id
        from clients where user_id = ${userId}`
    return rows[0]
  })

export const branchOf = (branchId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ route_id: string | null; advisor_id: string | null }>`
      select route_id, advisor_id from branches where id = ${branchId}`
    return rows[0]!
  })

export const count = (table: "users" | "clients" | "email_outbox") =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ count: number }>`select count(*)::int as count from ${sql(table)}`
    return rows[0]!.count
  })

export const adminToken = Effect.flatMap(TestServer, (server) => server.login(testUsers.admin))

export const post = (body: unknown, token?: string) =>
  Effect.flatMap(TestServer, (server) =>
    server.request("POST", "/api/users", token === undefined ? { body } : { body, token }))

export const put = (id: string, body: unknown, token: string) =>
  Effect.flatMap(TestServer, (server) => server.request("PUT", `/api/users/${id}`, { body, token }))

/** `POST /api/users` through the typed client: `{id, clientId}` of the new user. */
export const createUser = (payload: NewUser, token?: string) =>
  Effect.flatMap(Effect.flatMap(TestServer, (server) => server.api(token)), (api) => api.users.create({ payload }))

/** A new advisor, created by the admin. */
export const newAdvisor = (token: string, erpSellerId: number | null = null) =>
  createUser({ name: "Asesor nuevo", email: uniqueEmail("asesor"), password: "secret-123", role: "advisor", erpSellerId }, token)

export const listUsers = (token: string, role?: Role) =>
  Effect.gen(function*() {
    const api = yield* (yield* TestServer).api(token)
    return (yield* api.users.list({ query: role === undefined ? {} : { role } })).items
  })
