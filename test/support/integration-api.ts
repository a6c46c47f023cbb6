/**
 * What the chatbot integration API tests share (`test/integration-*.test.ts`): API keys
 * created by the admin through `POST /api/api-keys`, requests made with them, and the
 * answers' shapes (lookup, cutoff, prices).
 */
import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { errorCode, type TestResponse, TestServer, testUsers } from "./test-server.ts"

export const allScopes = ["clients:read", "prices:read", "cutoff:read", "quotations:write"] as const

export interface Key {
  readonly id: string
  readonly apiKey: string
}

/** A new API key created by the admin through the API. */
export const createKey = (scopes: ReadonlyArray<string> = allScopes) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    const admin = yield* server.login(testUsers.admin)
    const response = yield* server.request("POST", "/api/api-keys", {
      token: admin,
      body: { name: `chatbot ${crypto.randomUUID().slice(0, 8)}`, scopes }
    })
    assert.strictEqual(response.status, 201, response.text)
    return response.body as Key
  })

export const get = (key: Key, path: string) =>
  Effect.flatMap(TestServer, (server) => server.request("GET", path, { token: key.apiKey }))

export const expectError = (response: TestResponse, status: number, code: string) => {
  assert.strictEqual(response.status, status, response.text)
  assert.strictEqual(errorCode(response), code, response.text)
}

export interface LookupBody {
  phone: string
  matchCount: number
  needsDisambiguation: boolean
  matches: Array<{
    clientId: string
    clientName: string
    company: { id: string; name: string; nit: string }
    defaultBranchId: string
    branches: Array<{
      id: string
      name: string
      city: string | null
      address: string | null
      isDefault: boolean
      route: { id: string; name: string; schedule: string } | null
      advisor: { id: string; name: string; email: string } | null
    }>
  }>
}

export const lookup = (key: Key, phone: string) =>
  Effect.map(get(key, `/api/integrations/clients/lookup?phone=${encodeURIComponent(phone)}`), (response) => {
    assert.strictEqual(response.status, 200, response.text)
    return response.body as LookupBody
  })

/** The single client a scenario phone selects, with its default branch. */
export const scenarioClient = (key: Key, phone: string) =>
  Effect.map(lookup(key, phone), (body) => {
    const match = body.matches[0]!
    return { clientId: match.clientId, branchId: match.defaultBranchId, branches: match.branches }
  })

export interface CutoffBody {
  clientId: string | null
  branchId: string
  branchName: string
  route: { id: string; name: string } | null
  isOpen: boolean
  routeDate: string | null
  deadline: string | null
  windowOpensAt: string | null
  nextOpenDate: string | null
  upcomingRouteDates: Array<string>
  schedule: { operationDays: Array<number>; frequency: string; label: string } | null
  message: string
  missingRoute: boolean
}

export interface PricesBody {
  clientId: string
  priceList: { id: string; name: string } | null
  currency: string
  computedAt: string
  catalogSyncedAt: string | null
  items: Array<{
    productId: string
    sku: string
    name: string
    unit: string
    category: string | null
    stock: number
    stockTracked: boolean
    stockSyncedAt: string | null
    priceListPrice: number
    promotionPrice: number | null
    finalPrice: number
    priceType: string
  }>
  notFound: { productIds: Array<string>; skus: Array<string> }
}

export const prices = (key: Key, clientId: string, query: string) =>
  Effect.map(get(key, `/api/integrations/clients/${clientId}/prices?${query}`), (response) => {
    assert.strictEqual(response.status, 200, response.text)
    return response.body as PricesBody
  })
