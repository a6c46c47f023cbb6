/**
 * Fixtures shared by the `/api/my-company` black-box tests (spec "My company"): a company
 * built directly in the database with its first client user registered through
 * `POST /api/users`, colleagues added through the endpoint, and the calls and checks the
 * tests share.
 */
import { Effect, Schema } from "effect"
import { randomInt } from "node:crypto"
import { advisorEmail, firstClientPriceList } from "@quote/adapters/dev/seed/scenario-data"
import { BranchId, CompanyId, UserId } from "@quote/core/ids"
import type { NewCompanyUser } from "@quote/core/views/my-company"
import { SqlClient, TestServer, uniqueEmail } from "./test-server.ts"

const asBranchId = Schema.decodeSync(BranchId)

export const password = "secret-123"

export const call = (method: string, path: string, token: string, body?: unknown) =>
  Effect.flatMap(TestServer, (server) =>
    server.request(method, `/api/my-company${path}`, body === undefined ? { token } : { token, body }))

export interface Company {
  readonly companyId: CompanyId
  readonly nit: string
  /** "Principal": "Always open" route, the seeded advisor. */
  readonly mainBranchId: BranchId
  /** "Secundaria": "Biweekly" route, no advisor. */
  readonly otherBranchId: BranchId
  /** A client user of the company, at "Principal", with the first client's price list. */
  readonly owner: { readonly id: UserId; readonly email: string; readonly token: string }
}

export const apiOf = (token?: string) => Effect.flatMap(TestServer, (server) => server.api(token))

/** A company with two branches and its first client user, logged in. */
export const newCompany = Effect.gen(function*() {
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
export const addUser = (company: Company, fields: Partial<NewCompanyUser> = {}) =>
  Effect.gen(function*() {
    const email = uniqueEmail("colega")
    const api = yield* apiOf(company.owner.token)
    const { id } = yield* api.myCompany.createUser({ payload: { name: "Colega", email, password, ...fields } })
    return { id: Schema.decodeSync(UserId)(id), email }
  })

export const branchRow = (branchId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ name: string; city: string | null; address: string | null; active: boolean; route_id: string | null; advisor_id: string | null }>`
      select name, city, address, active, route_id, advisor_id from branches where id = ${branchId}`
    return rows[0]!
  })

export const view = (token: string) => Effect.flatMap(apiOf(token), (api) => api.myCompany.view())
