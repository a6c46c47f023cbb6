/**
 * Who may call what: roles, API key scopes, the principals behind a request, and the
 * authentication/authorization failures with the spec's codes (spec "Authentication").
 */
import { Schema } from "effect"
import { ApiKeyExpired, errorFields } from "./errors.ts"

export { ApiKeyExpired }

/** Missing, malformed, expired or forged session token. */
export class InvalidToken extends Schema.TaggedError<InvalidToken>()("InvalidToken", errorFields) {
  static readonly code = "INVALID_TOKEN"
}

/** Authenticated, but the role may not use this endpoint. */
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", errorFields) {
  static readonly code = "FORBIDDEN"
}

/** An integration endpoint called without an API key. */
export class ApiKeyRequired extends Schema.TaggedError<ApiKeyRequired>()("ApiKeyRequired", errorFields) {
  static readonly code = "API_KEY_REQUIRED"
}

/** Unknown or revoked API key. */
export class InvalidApiKey extends Schema.TaggedError<InvalidApiKey>()("InvalidApiKey", errorFields) {
  static readonly code = "INVALID_API_KEY"
}

/** The API key lacks the endpoint's scope. */
export class InsufficientScope extends Schema.TaggedError<InsufficientScope>()("InsufficientScope", errorFields) {
  static readonly code = "INSUFFICIENT_SCOPE"
}

export const Role = Schema.Literals(["admin", "advisor", "client"])
export type Role = typeof Role.Type

export const ApiKeyScope = Schema.Literals([
  "catalog:read",
  "clients:read",
  "prices:read",
  "cutoff:read",
  "quotations:write"
])
export type ApiKeyScope = typeof ApiKeyScope.Type

/** The logged-in user behind a session token, as loaded for each request. */
export interface SessionUser {
  readonly id: string
  readonly role: Role
  readonly name: string
  readonly email: string
  readonly companyId: string | null
  readonly branchId: string | null
  readonly clientId: string | null
}

/** The API key behind an integration call. */
export interface IntegrationKey {
  readonly id: string
  /** Shared by a key and the keys that replaced it by rotation (idempotency scope). */
  readonly lineageId: string
  readonly name: string
  readonly scopes: ReadonlyArray<ApiKeyScope>
}

/** Unknown e-mail, wrong password and inactive user all look alike (no account probing). */
export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()("InvalidCredentials", errorFields) {
  static readonly code = "INVALID_CREDENTIALS"
}
