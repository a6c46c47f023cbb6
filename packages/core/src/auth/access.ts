/**
 * Who may call what: roles, API key scopes and the principals behind a request (spec
 * "Authentication"); the failures are in `errors/auth.ts`.
 */
import * as Schema from "effect/Schema"

export const Role = Schema.Literals(["admin", "advisor", "client"])
export type Role = typeof Role.Type

export const ApiKeyScope = Schema.Literals([
  "catalog:read",
  "clients:read",
  "prices:read",
  "cutoff:read",
  "quotations:write",
  /** The webhook event feed (`GET /api/webhooks/events/feed`). */
  "events:read"
])
export type ApiKeyScope = typeof ApiKeyScope.Type

/** The API key behind an integration call. */
export interface IntegrationKey {
  readonly id: string
  /** Shared by a key and the keys that replaced it by rotation (idempotency scope). */
  readonly lineageId: string
  readonly name: string
  readonly scopes: ReadonlyArray<ApiKeyScope>
  /** The key's own requests per minute; `null` = the deployment's default (docs/api-keys.md). */
  readonly rateLimitPerMinute: number | null
}

