/**
 * An `api_keys` row as read by the admin service and the verifier, and the spec's
 * ApiKey resource (without the key value) built from it.
 */
import { Schema } from "effect"
import { ApiKeyScope } from "@quote/core/access"

export const ApiKeyRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  key_prefix: Schema.String,
  key_hash: Schema.String,
  scopes: Schema.Array(ApiKeyScope),
  active: Schema.Boolean,
  lineage_id: Schema.String,
  replaced_by: Schema.NullOr(Schema.String),
  last_used_at: Schema.NullOr(Schema.Date),
  created_at: Schema.Date,
  revoked_at: Schema.NullOr(Schema.Date),
  expires_at: Schema.NullOr(Schema.Date)
})
export type ApiKeyRow = typeof ApiKeyRow.Type

/** The select list of `ApiKeyRow`. */
export const apiKeyColumns =
  "id, name, key_prefix, key_hash, scopes, active, lineage_id, replaced_by, last_used_at, created_at, revoked_at, expires_at"

/** The spec's ApiKey without `apiKey` (the value is never stored). */
export interface ApiKeyView {
  readonly id: string
  readonly name: string
  readonly keyPrefix: string
  readonly scopes: ReadonlyArray<ApiKeyScope>
  readonly active: boolean
  readonly lastUsedAt: Date | null
  readonly createdAt: Date
  readonly revokedAt: Date | null
  readonly expiresAt: Date | null
  readonly replacedBy: string | null
}

export const toApiKeyView = (row: ApiKeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  keyPrefix: row.key_prefix,
  scopes: row.scopes,
  active: row.active,
  lastUsedAt: row.last_used_at,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
  expiresAt: row.expires_at,
  replacedBy: row.replaced_by
})

/** The state fields `apiKeyState` reads. */
export const lifecycleOf = (row: ApiKeyRow) => ({
  active: row.active,
  revokedAt: row.revoked_at,
  expiresAt: row.expires_at
})
