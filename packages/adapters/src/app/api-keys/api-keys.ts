/**
 * API key administration (spec "API keys (admin)", "States and transitions → API key").
 * Transitions are planned by the domain (`planRevocation`, `planRotation`) on the row
 * locked `for update`, and written in one transaction; after each change the verifier
 * of this process forgets the key's remembered state, so the change applies to the very
 * next request.
 */
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { randomUUID } from "node:crypto"
import type { ApiKeyExpired } from "@quote/core/errors/auth"
import { EmptyPatch, NotFound, type ValidationError } from "@quote/core/errors/common"
import type { ApiKeyScope } from "@quote/core/access"
import { planRevocation, planRotation } from "@quote/core/api-key-state"
import { apiKeyColumns, ApiKeyRow, type ApiKeyView, lifecycleOf, toApiKeyView } from "./api-key-record.ts"
import { ApiKeyVerifier } from "./api-key-verifier.ts"
import { ApiKeyHasher } from "./api-key-hasher.ts"
import {
  distinctScopes,
  insertApiKey,
  type IssueApiKeyInput,
  issueApiKey,
  type IssuedApiKey,
  issuedApiKey,
  newKeyMaterial
} from "./issue-api-key.ts"

export interface ApiKeyPatch {
  readonly name?: string
  readonly scopes?: ReadonlyArray<ApiKeyScope>
}

export interface RotationInput {
  readonly graceHours?: number
  readonly scopes?: ReadonlyArray<ApiKeyScope>
  readonly expiresInDays?: number
}

export interface RotatedApiKey extends IssuedApiKey {
  readonly previous: { readonly id: string; readonly expiresAt: Date | null }
}

const notFound = () => new NotFound({ message: "API key not found or already revoked" })

export class ApiKeys extends Context.Service<ApiKeys, {
  readonly list: Effect.Effect<ReadonlyArray<ApiKeyView>>
  readonly create: (input: IssueApiKeyInput) => Effect.Effect<IssuedApiKey, ValidationError>
  readonly update: (id: string, patch: ApiKeyPatch) => Effect.Effect<ApiKeyView, NotFound | EmptyPatch>
  readonly rotate: (
    id: string,
    input: RotationInput,
    rotatedBy: string | null
  ) => Effect.Effect<RotatedApiKey, NotFound | ApiKeyExpired | ValidationError>
  readonly revoke: (id: string) => Effect.Effect<void, NotFound>
}>()("@quote/adapters/ApiKeys") {
  /** Needs `ApiKeyVerifier` and `ApiKeyHasher` from outside (tests swap the hasher). */
  static readonly layerNoDeps = Layer.effect(
    ApiKeys,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const verifier = yield* ApiKeyVerifier
      // What issuing a key needs, captured once for the methods.
      const issuing = yield* Effect.context<SqlClient.SqlClient | ApiKeyHasher>()

      const listRows = SqlSchema.findAll({
        Request: Schema.Void,
        Result: ApiKeyRow,
        execute: () => sql`select ${sql.literal(apiKeyColumns)} from api_keys order by created_at desc, id`
      })
      const lockRow = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: ApiKeyRow,
        execute: (id) => sql`select ${sql.literal(apiKeyColumns)} from api_keys where id = ${id} for update`
      })

      const list = Effect.map(Effect.orDie(listRows(undefined)), (rows) => rows.map(toApiKeyView)).pipe(
        Effect.withSpan("ApiKeys.list")
      )

      const create = Effect.fn("ApiKeys.create")(function*(input: IssueApiKeyInput) {
        // In a transaction, like every audited write (docs/security.md).
        return yield* issueApiKey(input).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die), Effect.provideContext(issuing))
      })

      const update = Effect.fn("ApiKeys.update")(function*(id: string, patch: ApiKeyPatch) {
        if (patch.name === undefined && patch.scopes === undefined) {
          return yield* new EmptyPatch({ message: "Send name and/or scopes to change" })
        }
        const name = patch.name === undefined ? null : patch.name.trim()
        const scopes = patch.scopes === undefined ? null : distinctScopes(patch.scopes)
        // Only an unrevoked key can change; the condition and the write are one statement.
        const rows = yield* sql`
          update api_keys
             set name = coalesce(${name}, name), scopes = coalesce(${scopes}::text[], scopes)
           where id = ${id} and active and revoked_at is null
          returning ${sql.literal(apiKeyColumns)}`.pipe(sql.withTransaction, Effect.orDie)
        if (rows.length === 0) return yield* notFound()
        yield* verifier.invalidate(id)
        return toApiKeyView(yield* Effect.orDie(Schema.decodeUnknownEffect(ApiKeyRow)(rows[0])))
      })

      const rotate = Effect.fn("ApiKeys.rotate")(function*(id: string, input: RotationInput, rotatedBy: string | null) {
        // Hashing is slow: do it before the transaction holds the old key's row lock.
        const material = yield* newKeyMaterial().pipe(Effect.provideContext(issuing))
        const result = yield* Effect.gen(function*() {
          const old = yield* Effect.orDie(lockRow(id))
          if (Option.isNone(old)) return yield* notFound()
          const now = yield* Clock.currentTimeMillis
          const newKeyId = randomUUID()
          const plan = yield* Effect.fromResult(planRotation(lifecycleOf(old.value), {
            now,
            newKeyId,
            graceHours: input.graceHours,
            expiresInDays: input.expiresInDays
          }))
          const created = yield* insertApiKey(material, {
            id: newKeyId,
            name: old.value.name,
            scopes: input.scopes ?? old.value.scopes,
            expiresAt: plan.newKey.expiresAt,
            createdAt: new Date(now),
            createdBy: rotatedBy,
            lineageId: old.value.lineage_id
          })
          yield* sql`
            update api_keys
               set active = ${plan.old.active}, revoked_at = ${plan.old.revokedAt},
                   expires_at = ${plan.old.expiresAt}, replaced_by = ${plan.old.replacedBy}
             where id = ${id}`.pipe(Effect.orDie)
          return {
            ...issuedApiKey(created, material.apiKey),
            previous: { id, expiresAt: plan.previous.expiresAt }
          }
        }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die), Effect.provideContext(issuing))
        yield* verifier.invalidate(id)
        return result
      })

      const revoke = Effect.fn("ApiKeys.revoke")(function*(id: string) {
        yield* Effect.gen(function*() {
          const row = yield* Effect.orDie(lockRow(id))
          if (Option.isNone(row)) return yield* notFound()
          const plan = yield* Effect.fromResult(planRevocation(lifecycleOf(row.value), yield* Clock.currentTimeMillis))
          yield* sql`update api_keys set active = ${plan.active}, revoked_at = ${plan.revokedAt} where id = ${id}`.pipe(
            Effect.orDie
          )
        }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
        yield* verifier.invalidate(id)
      })

      return ApiKeys.of({ list, create, update, rotate, revoke })
    })
  )

  /** With the process's one verifier (layers are memoized: the middleware shares it). */
  static readonly layer = ApiKeys.layerNoDeps.pipe(
    Layer.provide(ApiKeyVerifier.layer),
    Layer.provide(ApiKeyHasher.layer)
  )
}
