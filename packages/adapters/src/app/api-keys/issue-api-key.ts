/**
 * Issuing a new API key: generate the value, hash it (bcrypt, outside any transaction:
 * it takes tens of milliseconds), then insert the row. Shared by create, rotate, the CLI
 * and the development first start. The value leaves this module once, in the result.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import * as SqlClient from "effect/sql/SqlClient"
import type { ApiKeyScope } from "@quote/core/auth/access"
import { expiresAtFromDays } from "@quote/core/api-keys/api-key-state"
import type { UserId } from "@quote/core/shared/ids"
import { apiKeyPrefix, generateApiKey } from "@quote/core/shared/secrets"
import { IssuedApiKey, type NewApiKey } from "@quote/core/api-keys/views"
import { ApiKeyHasher } from "./api-key-hasher.ts"

/** A generated key and its stored forms. */
export interface KeyMaterial {
  readonly apiKey: string
  readonly keyPrefix: string
  readonly keyHash: string
}

export const newKeyMaterial = Effect.fnUntraced(function*() {
  const hasher = yield* ApiKeyHasher
  const apiKey = generateApiKey()
  return { apiKey, keyPrefix: apiKeyPrefix(apiKey), keyHash: yield* hasher.hash(apiKey) } satisfies KeyMaterial
})

export interface NewKeyRow {
  readonly id?: string
  readonly name: string
  readonly scopes: ReadonlyArray<ApiKeyScope>
  readonly expiresAt: Date | null
  /** `null`: the deployment's default. */
  readonly rateLimitPerMinute: number | null
  readonly createdAt: Date
  readonly createdBy: UserId | null
  /** Rotation keeps the old key's lineage; absent = a new lineage. */
  readonly lineageId?: string
}

/** Scopes without repeats, in the given order. */
export const distinctScopes = (scopes: ReadonlyArray<ApiKeyScope>): Array<ApiKeyScope> => [...new Set(scopes)]

/** What the insert returns: the issued key without its value (which is never stored). */
const decodeInserted = Schema.decodeUnknownEffect(IssuedApiKey.mapFields(Struct.omit(["apiKey"])))

/** Inserts the row of `material`; run it inside the caller's transaction when there is one. */
export const insertApiKey = Effect.fnUntraced(function*(material: KeyMaterial, row: NewKeyRow) {
  const sql = yield* SqlClient.SqlClient
  const inserted = yield* sql`insert into api_keys ${
    sql.insert({
      ...(row.id === undefined ? {} : { id: row.id }),
      ...(row.lineageId === undefined ? {} : { lineage_id: row.lineageId }),
      name: row.name.trim(),
      key_prefix: material.keyPrefix,
      key_hash: material.keyHash,
      scopes: distinctScopes(row.scopes),
      expires_at: row.expiresAt,
      rate_limit_per_minute: row.rateLimitPerMinute,
      created_at: row.createdAt,
      created_by: row.createdBy
    })
  } returning id, name, scopes, rate_limit_per_minute, created_at, expires_at`.pipe(Effect.orDie)
  const key = yield* Effect.orDie(decodeInserted(inserted[0]))
  return { ...key, apiKey: material.apiKey } satisfies IssuedApiKey
})

export type IssueApiKeyInput = NewApiKey & { readonly createdBy: UserId | null }

/** Creates a key (the `POST /api/api-keys` rules); fails with `VALIDATION_ERROR` on a bad `expiresInDays`. */
export const issueApiKey = Effect.fnUntraced(function*(input: IssueApiKeyInput) {
  const now = yield* Clock.currentTimeMillis
  const expiresAt = yield* Effect.fromResult(expiresAtFromDays(now, input.expiresInDays))
  const material = yield* newKeyMaterial()
  return yield* insertApiKey(material, {
    name: input.name,
    scopes: input.scopes,
    expiresAt,
    rateLimitPerMinute: input.rateLimitPerMinute ?? null,
    createdAt: new Date(now),
    createdBy: input.createdBy
  })
})
