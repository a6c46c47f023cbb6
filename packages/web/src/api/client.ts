/**
 * The console's API client: `openapi-fetch` over the types generated from the service's
 * OpenAPI document (`schema.d.ts`, `npm run web:api-types`). Every call carries the
 * in-memory access token; a call answered 401 is retried once after the session is
 * refreshed (the refresh token is an HttpOnly cookie, docs/security.md).
 *
 *   const data = await call(api.GET("/api/quotations/{id}", { params: { path: { id } } }))
 */
import createClient from "openapi-fetch"
import type { paths } from "./schema"
import { failureFrom, NetworkFailure } from "./failure.ts"

export interface TokenSource {
  readonly accessToken: () => string | undefined
  /** Refreshes the session; resolves false when it is over. */
  readonly refresh: () => Promise<boolean>
}

let tokens: TokenSource = { accessToken: () => undefined, refresh: async () => false }

/** Set once by the session provider. */
export const setTokenSource = (source: TokenSource): void => {
  tokens = source
}

const withToken = (request: Request): Request => {
  const token = tokens.accessToken()
  if (token === undefined) return request
  const authorized = new Request(request)
  authorized.headers.set("authorization", `Bearer ${token}`)
  return authorized
}

const authorizedFetch = async (request: Request): Promise<Response> => {
  const replay = request.clone()
  let response: Response
  try {
    response = await fetch(withToken(request))
    if (response.status === 401 && tokens.accessToken() !== undefined && !request.url.includes("/api/auth/session")) {
      if (await tokens.refresh()) response = await fetch(withToken(replay))
    }
  } catch (cause) {
    throw new NetworkFailure(cause)
  }
  return response
}

export const api = createClient<paths>({ baseUrl: "", fetch: authorizedFetch })

type Outcome<T> =
  | { readonly data: T; readonly error?: never; readonly response: Response }
  | { readonly data?: never; readonly error: unknown; readonly response: Response }

/** openapi-fetch's promise: `data` is set exactly when the status is a success. */
const succeeded = <T>(outcome: Outcome<T>): outcome is { readonly data: T; readonly response: Response } =>
  outcome.response.ok && outcome.error === undefined

/** The answer's data, or an `ApiFailure` thrown from its error envelope. */
export const call = async <T>(pending: Promise<Outcome<T>>): Promise<T> => {
  const outcome = await pending
  if (!succeeded(outcome)) throw failureFrom(outcome.response, outcome.error)
  return outcome.data
}
