/**
 * Shared fixtures of the `/api/clients` black-box tests (spec "Clients", "Phone
 * normalization"): unique tags and mobile numbers, seeded ids, a fresh company with
 * branches, client create/get through the API, the recorded webhook events, and the
 * error-envelope assertion.
 */
import { assert } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { BranchId, ClientId, CompanyId, PriceListId, RouteId, UserId } from "@quote/core/shared/ids"
import type { NewClient } from "@quote/core/clients/views"
import { SqlClient, TestServer, testUsers, uniqueTag } from "./test-server.ts"

export const asBranchId = Schema.decodeSync(BranchId)
const asClientId = Schema.decodeSync(ClientId)
export const asCompanyId = Schema.decodeSync(CompanyId)
export const asPriceListId = Schema.decodeSync(PriceListId)
export const asUserId = Schema.decodeSync(UserId)

/** A fresh valid Colombian mobile number (300 range), in E.164 and as a person might type it. */
export const newMobile = () => {
  const digits = `300${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`
  return { e164: `+57${digits}`, typed: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` }
}

export const seededId = Effect.fn(function*(query: "company" | "branch" | "route" | "priceList" | "user", key: string) {
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
export const newCompany = Effect.fn(function*(admin: string, options: { readonly branches: number; readonly nit?: string }) {
  const server = yield* TestServer
  const api = yield* server.api(admin)
  const nit = options.nit ?? `NIT${uniqueTag()}`
  const company = yield* (yield* server.api()).companies.create({ payload: { name: `Empresa ${uniqueTag()}`, nit } })
  const companyId = asCompanyId(company.id)
  const routeId = Schema.decodeSync(RouteId)(yield* seededId("route", "Always open"))
  const advisorId = asUserId(yield* seededId("user", testUsers.advisor.email))
  const branchIds: Array<BranchId> = []
  for (let i = 0; i < options.branches; i++) {
    const branch = yield* api.companies.createBranch({
      params: { id: companyId },
      payload: { name: `Sede ${i} ${uniqueTag()}`, routeId, advisorId }
    })
    branchIds.push(asBranchId(branch.id))
  }
  return { companyId, nit, branchIds }
})

export const getClient = Effect.fn(function*(admin: string, id: ClientId) {
  const api = yield* (yield* TestServer).api(admin)
  return yield* api.clients.get({ params: { id } })
})

export const createClient = Effect.fn(function*(admin: string, payload: NewClient) {
  const api = yield* (yield* TestServer).api(admin)
  return asClientId((yield* api.clients.create({ payload })).id)
})

