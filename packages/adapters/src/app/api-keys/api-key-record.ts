/**
 * An `api_keys` row as the verifier and the rotation read it: the spec's ApiKey
 * (`@quote/core/api-keys/views`) plus the hash and the lineage, which never leave the
 * service. Its `active`/`revokedAt`/`expiresAt` are what `apiKeyState` reads.
 */
import * as Schema from "effect/Schema"
import { ApiKey } from "@quote/core/api-keys/views"

/** The columns of `ApiKey` (the admin list, and what an update returns). */
export const apiKeyViewColumns =
  "id, name, key_prefix, scopes, rate_limit_per_minute, active, last_used_at, created_at, revoked_at, expires_at, replaced_by"

export const ApiKeyRow = Schema.Struct({
  ...ApiKey.fields,
  keyHash: Schema.String,
  lineageId: Schema.String
})
export type ApiKeyRow = typeof ApiKeyRow.Type

/** The select of `ApiKeyRow`; the `where` is the caller's. */
export const selectApiKeyRows = `select ${apiKeyViewColumns}, key_hash, lineage_id from api_keys`
