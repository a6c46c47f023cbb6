/**
 * Fixtures shared by the advisor module's black-box tests (spec "Advisor module",
 * `/api/advisor`): logging in as a fixture user, the typed client-list call, and an
 * advisor's world (its company and branch, plus another advisor's branch).
 */
import { Effect, Schema } from "effect"
import { UserId } from "@quote/core/shared/ids"
import { insertAdvisor, insertBranch, insertCompany, routeIdByName } from "./quotation-fixtures.ts"
import { type ApiClient, TestServer } from "./test-server.ts"

type ClientQuery = Parameters<ApiClient["advisor"]["clients"]>[0]["query"]

export const userId = Schema.decodeSync(UserId)

export const loginAs = (user: { readonly email: string; readonly password: string }) =>
  Effect.flatMap(TestServer, (server) => server.login(user))

export const apiOf = (token: string) => Effect.flatMap(TestServer, (server) => server.api(token))

export const clientPage = (token: string, query: ClientQuery = {}) =>
  Effect.flatMap(apiOf(token), (api) => api.advisor.clients({ query }))

export type ClientPage = Effect.Success<ReturnType<typeof clientPage>>

/** An advisor with its own company and branch, plus another advisor's branch in the same company. */
export const advisorWorld = Effect.gen(function*() {
  const advisor = yield* insertAdvisor()
  const other = yield* insertAdvisor()
  const company = yield* insertCompany()
  const mine = yield* insertBranch({ companyId: company.id, advisorId: advisor.id, routeId: yield* routeIdByName("Biweekly"), city: "Tunja" })
  const theirs = yield* insertBranch({ companyId: company.id, advisorId: other.id })
  return { advisor, other, company, mine, theirs, token: yield* loginAs(advisor) }
})
