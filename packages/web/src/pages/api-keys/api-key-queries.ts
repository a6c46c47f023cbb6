/**
 * "Llaves de API"'s server state: the keys (`GET /api/api-keys`, without their values) and
 * the scopes a key may have — the OpenAPI document's enum, listed once at run time by the
 * catalogue of their descriptions (a scope added to the contract fails the type check
 * until it is described there).
 */
import { queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import { apiKeysMessages } from "../../i18n/api-keys-messages.ts"

export type ApiKey = components["schemas"]["ApiKey"]
export type ApiKeyScope = ApiKey["scopes"][number]
export type IssuedApiKey = components["schemas"]["IssuedApiKey"]
export type RotatedApiKey = components["schemas"]["RotatedApiKey"]

const scopeDescriptions: Readonly<Record<ApiKeyScope, string>> = apiKeysMessages.scopes

export const isApiKeyScope = (value: string): value is ApiKeyScope => Object.hasOwn(scopeDescriptions, value)

/** Every scope, in the contract's order. */
export const apiKeyScopes: ReadonlyArray<ApiKeyScope> = Object.keys(scopeDescriptions).filter(isApiKeyScope)

export const scopeDescription = (scope: ApiKeyScope): string => scopeDescriptions[scope]

export const apiKeyKeys = {
  all: ["api-keys"] as const
}

export const apiKeysQuery = queryOptions({
  queryKey: apiKeyKeys.all,
  queryFn: async () => (await call(api.GET("/api/api-keys"))).items
})
