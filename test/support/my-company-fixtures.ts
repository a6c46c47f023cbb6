/**
 * Fixtures shared by the `/api/my-company` black-box tests (spec "My company"): a company
 * built directly in the database with its first client user registered through
 * `POST /api/users`, colleagues added through the endpoint, and the calls and checks the
 * tests share.
 */
import { Effect, Schema } from "effect"
import { firstClientPriceList } from "@quote/adapters/dev/seed/scenario-data"
import { UserId } from "@quote/core/shared/ids"
import type { NewCompanyUser } from "@quote/core/my-company/views"
import { SqlClient, TestServer, uniqueEmail } from "./test-server.ts"
import { insertTwoBranchCompany, type TwoBranchCompany } from "./two-branch-company.ts"

export const password = "secret-123"

export const call = (method: string, path: string, token: string, body?: unknown) =>
  Effect.flatMap(TestServer, (server) =>
    server.request(method, `/api/my-company${path}`, body === undefined ? { token } : { token, body }))

export interface Company extends TwoBranchCompany {
  /** A client user of the company, at "Principal", with the first client's price list. */
  readonly owner: { readonly id: UserId; readonly email: string; readonly token: string }
}

export const apiOf = (token?: string) => Effect.flatMap(TestServer, (server) => server.api(token))

/** A company with two branches and its first client user, logged in. */
export const newCompany = Effect.gen(function*() {
  const server = yield* TestServer
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const { companyId, nit, mainBranchId, otherBranchId } = yield* insertTwoBranchCompany({
    namePrefix: "Mi Empresa",
    contact: { email: "contacto@empresa.example.com", phone: "+576015550000", address: "Calle 1 # 2-3" },
    mainBranchAddress: "Calle 10"
  })
  const email = uniqueEmail("dueno")
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
    otherBranchId,
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
