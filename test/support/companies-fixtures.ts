/**
 * Shared fixtures of the `/api/companies` black-box tests (spec "Companies and branches"):
 * the administrator's notification address the tests configure, unique tags, companies
 * and branches created and read back through the API, seeded user and route ids, a new
 * advisor, the queued e-mails, the recorded webhook events, and the error-envelope assertion.
 */
import { Effect, Option, Schema } from "effect"
import { BranchId, CompanyId, RouteId, UserId } from "@quote/core/shared/ids"
import { type ApiClient, SqlClient, TestServer, uniqueTag } from "./test-server.ts"

type NewCompany = Parameters<ApiClient["companies"]["create"]>[0]["payload"]
type NewBranch = Parameters<ApiClient["companies"]["createBranch"]>[0]["payload"]

const asBranchId = Schema.decodeSync(BranchId)
const asCompanyId = Schema.decodeSync(CompanyId)
const asRouteId = Schema.decodeSync(RouteId)
const asUserId = Schema.decodeSync(UserId)

export const adminNotificationEmail = "notificaciones@example.com"

/** The test server of these tests: configured with the administrator's notification address. */
export const companiesServer = TestServer.layer({ config: { adminNotificationEmail: Option.some(adminNotificationEmail) } })

export const companies = Effect.fn(function*(token: string) {
  const api = yield* (yield* TestServer).api(token)
  return (yield* api.companies.list()).items
})

export const companyById = Effect.fn(function*(admin: string, id: string) {
  return (yield* companies(admin)).find((company) => company.id === id)
})

export const branchById = Effect.fn(function*(admin: string, companyId: string, branchId: string) {
  return (yield* companyById(admin, companyId))?.branches.find((branch) => branch.id === branchId)
})

export const createCompany = Effect.fn(function*(body: Partial<NewCompany> = {}) {
  const api = yield* (yield* TestServer).api()
  const created = yield* api.companies.create({
    payload: { name: `Empresa ${uniqueTag()}`, nit: `NIT${uniqueTag()}`, email: `contacto-${uniqueTag()}@empresa.example.com`, ...body }
  })
  return asCompanyId(created.id)
})

export const createBranch = Effect.fn(function*(companyId: CompanyId, body: Partial<NewBranch>, token?: string) {
  const api = yield* (yield* TestServer).api(token)
  const created = yield* api.companies.createBranch({ params: { id: companyId }, payload: { name: `Sede ${uniqueTag()}`, ...body } })
  return asBranchId(created.id)
})

export const userId = Effect.fn(function*(email: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const [row] = yield* sql<{ id: string }>`select id from users where email = ${email}`.pipe(Effect.orDie)
  return asUserId(row!.id)
})

export const routeId = Effect.fn(function*(name: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const [row] = yield* sql<{ id: string }>`select id from routes where name = ${name}`.pipe(Effect.orDie)
  return asRouteId(row!.id)
})

/** A second advisor, so a branch can change advisor. */
export const newAdvisor = Effect.fn(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const email = `asesor-${uniqueTag()}@example.com`
  const [row] = yield* sql<{ id: string }>`
    insert into users (name, email, password_hash, role) values ('Asesora Nueva', ${email}, 'x', 'advisor')
    returning id`.pipe(Effect.orDie)
  return { id: asUserId(row!.id), email }
})

export const emailsTo = Effect.fn(function*(address: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  return yield* sql<{ kind: string; subject: string; body: string }>`
    select kind, subject, body from email_outbox where to_address = ${address} order by created_at, id`.pipe(Effect.orDie)
})

