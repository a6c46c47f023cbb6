/**
 * What the chatbot integration API tests share (`test/integration-*.test.ts`): API keys
 * created by the admin through the typed client, the typed calls of the integration
 * endpoints made with them, raw requests for the tests of the wire, and the assertion
 * that a typed call fails with a given declared error.
 */
import { assert } from "@effect/vitest"
import { Effect } from "effect"
import type { ApiKeyScope } from "@quote/core/auth/access"
import type { ClientId } from "@quote/core/shared/ids"
import { type ApiClient, TestServer, testUsers } from "./test-server.ts"

export const allScopes = ["clients:read", "prices:read", "cutoff:read", "quotations:write"] as const

export interface Key {
  readonly id: string
  readonly apiKey: string
}

/** A new API key created by the admin through the API. */
export const createKey = (scopes: ReadonlyArray<ApiKeyScope> = allScopes) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    const admin = yield* server.api(yield* server.login(testUsers.admin))
    return yield* admin.apiKeys.create({ payload: { name: `chatbot ${crypto.randomUUID().slice(0, 8)}`, scopes } })
  }).pipe(Effect.orDie)

/** The typed client of the contract, calling with `key`. */
export const apiWith = (key: Key) => Effect.flatMap(TestServer, (server) => server.api(key.apiKey))

/** A raw `GET` with `key`, for the tests of the wire (status lines, envelopes, malformed input). */
export const get = (key: Key, path: string) =>
  Effect.flatMap(TestServer, (server) => server.request("GET", path, { token: key.apiKey }))

/**
 * The error a typed call fails with, which must be the declared error `tag` (the client
 * decodes an error answer by its status and `error.code`, so the tag stands for both).
 */
export const failure = <A, E extends { readonly _tag: string }, R, const Tag extends E["_tag"]>(
  call: Effect.Effect<A, E, R>,
  tag: Tag
): Effect.Effect<Extract<E, { readonly _tag: Tag }>, A, R> =>
  Effect.flatMap(Effect.flip(call), (error) => {
    assert.strictEqual(error._tag, tag, String(error))
    const isTag = (value: E): value is Extract<E, { readonly _tag: Tag }> => value._tag === tag
    return isTag(error) ? Effect.succeed(error) : Effect.die(error)
  })

export const lookup = (key: Key, phone: string) =>
  Effect.flatMap(apiWith(key), (api) => api.integrations.lookupClients({ query: { phone } })).pipe(Effect.orDie)

/** The single client a scenario phone selects, with its default branch. */
export const scenarioClient = (key: Key, phone: string) =>
  Effect.map(lookup(key, phone), (body) => {
    const match = body.matches[0]!
    return { clientId: match.clientId, branchId: match.defaultBranchId, branches: match.branches }
  })

export type CutoffQuery = Parameters<ApiClient["integrations"]["cutoff"]>[0]["query"]

export const cutoff = (key: Key, query: CutoffQuery) =>
  Effect.flatMap(apiWith(key), (api) => api.integrations.cutoff({ query })).pipe(Effect.orDie)

export type PricesQuery = Parameters<ApiClient["integrations"]["clientPrices"]>[0]["query"]

export const prices = (key: Key, clientId: ClientId, query: PricesQuery) =>
  Effect.flatMap(apiWith(key), (api) => api.integrations.clientPrices({ params: { clientId }, query })).pipe(
    Effect.orDie
  )
