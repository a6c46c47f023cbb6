/**
 * API key administration (spec "API keys (admin)", "States and transitions → API key").
 * Transitions are planned by the domain (`planRevocation`, `planRotation`) on the row
 * locked `for update`, and written in one transaction; after each change the verifier
 * of this process forgets the key's remembered state, so the change applies to the very
 * next request.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { randomUUID } from "node:crypto"
import type { ApiKeyExpired } from "@quote/core/auth/errors"
import { EmptyPatch, NotFound, type ValidationError } from "@quote/core/shared/errors"
import { planRevocation, planRotation } from "@quote/core/api-keys/api-key-state"
import { ApiKeyId, type UserId } from "@quote/core/shared/ids"
import {
  ApiKey,
  type ApiKeyPatch,
  type ApiKeyRotation,
  type IssuedApiKey,
  type RotatedApiKey
} from "@quote/core/api-keys/views"
import { ApiKeyRow, apiKeyViewColumns, selectApiKeyRows } from "./api-key-record.ts"
import { ApiKeyVerifier } from "./api-key-verifier.ts"
import { ApiKeyHasher } from "./api-key-hasher.ts"
import { distinctScopes, insertApiKey, type IssueApiKeyInput, issueApiKey, newKeyMaterial } from "./issue-api-key.ts"

const notFound = () => new NotFound({ message: "API key not found or already revoked" })

export class ApiKeys extends Context.Service<ApiKeys, {
  readonly list: Effect.Effect<ReadonlyArray<ApiKey>>
  readonly create: (input: IssueApiKeyInput) => Effect.Effect<IssuedApiKey, ValidationError>
  readonly update: (id: ApiKeyId, patch: ApiKeyPatch) => Effect.Effect<ApiKey, NotFound | EmptyPatch>
  readonly rotate: (
    id: ApiKeyId,
    input: ApiKeyRotation,
    rotatedBy: UserId | null
  ) => Effect.Effect<RotatedApiKey, NotFound | ApiKeyExpired | ValidationError>
  readonly revoke: (id: ApiKeyId) => Effect.Effect<void, NotFound>
}>()("@quote/adapters/ApiKeys") {
  /** Needs `ApiKeyVerifier` and `ApiKeyHasher` from outside (tests swap the hasher). */
  static readonly layerNoDeps = Layer.effect(
    ApiKeys,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const verifier = yield* ApiKeyVerifier
      // What issuing a key needs, captured once for the methods.
      const issuing = yield* Effect.context<SqlClient.SqlClient | ApiKeyHasher>()

      const listKeys = SqlSchema.findAll({
        Request: Schema.Void,
        Result: ApiKey,
        execute: () => sql`select ${sql.literal(apiKeyViewColumns)} from api_keys order by created_at desc, id`
      })
      /** Only an unrevoked key can change; the condition and the write are one statement. */
      const updateKey = SqlSchema.findOneOption({
        Request: Schema.Struct({
          id: ApiKeyId,
          name: Schema.NullOr(Schema.String),
          scopes: Schema.NullOr(Schema.Array(Schema.String)),
          // Whether the limit changes (null is a value: back to the default).
          setLimit: Schema.Boolean,
          rateLimitPerMinute: Schema.NullOr(Schema.Int)
        }),
        Result: ApiKey,
        execute: ({ id, name, rateLimitPerMinute, scopes, setLimit }) => sql`
          update api_keys
             set name = coalesce(${name}, name), scopes = coalesce(${scopes}::text[], scopes),
                 rate_limit_per_minute = case when ${setLimit} then ${rateLimitPerMinute}::integer
                                              else rate_limit_per_minute end
           where id = ${id} and active and revoked_at is null
          returning ${sql.literal(apiKeyViewColumns)}`
      })
      const lockRow = SqlSchema.findOneOption({
        Request: ApiKeyId,
        Result: ApiKeyRow,
        execute: (id) => sql`${sql.literal(selectApiKeyRows)} where id = ${id} for update`
      })

      const list = Effect.orDie(listKeys(undefined)).pipe(Effect.withSpan("ApiKeys.list"))

      const create = Effect.fn("ApiKeys.create")(function*(input: IssueApiKeyInput) {
        // In a transaction, like every audited write (docs/security.md).
        return yield* issueApiKey(input).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die), Effect.provideContext(issuing))
      })

      const update = Effect.fn("ApiKeys.update")(function*(id: ApiKeyId, patch: ApiKeyPatch) {
        if (patch.name === undefined && patch.scopes === undefined && patch.rateLimitPerMinute === undefined) {
          return yield* new EmptyPatch({ message: "Send name, scopes and/or rateLimitPerMinute to change" })
        }
        const updated = yield* updateKey({
          id,
          name: patch.name === undefined ? null : patch.name.trim(),
          scopes: patch.scopes === undefined ? null : distinctScopes(patch.scopes),
          setLimit: patch.rateLimitPerMinute !== undefined,
          rateLimitPerMinute: patch.rateLimitPerMinute ?? null
        }).pipe(sql.withTransaction, Effect.orDie)
        if (Option.isNone(updated)) return yield* notFound()
        yield* verifier.invalidate(id)
        return updated.value
      })

      const rotate = Effect.fn("ApiKeys.rotate")(function*(id: ApiKeyId, input: ApiKeyRotation, rotatedBy: UserId | null) {
        // Hashing is slow: do it before the transaction holds the old key's row lock.
        const material = yield* newKeyMaterial().pipe(Effect.provideContext(issuing))
        const result = yield* Effect.gen(function*() {
          const old = yield* Effect.orDie(lockRow(id))
          if (Option.isNone(old)) return yield* notFound()
          const now = yield* Clock.currentTimeMillis
          const newKeyId = randomUUID()
          const plan = yield* Effect.fromResult(planRotation(old.value, {
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
            rateLimitPerMinute: input.rateLimitPerMinute === undefined ? old.value.rateLimitPerMinute : input.rateLimitPerMinute,
            createdAt: new Date(now),
            createdBy: rotatedBy,
            lineageId: old.value.lineageId
          })
          yield* sql`
            update api_keys
               set active = ${plan.old.active}, revoked_at = ${plan.old.revokedAt},
                   expires_at = ${plan.old.expiresAt}, replaced_by = ${plan.old.replacedBy}
             where id = ${id}`.pipe(Effect.orDie)
          return { ...created, previous: { id, expiresAt: plan.previous.expiresAt } } satisfies RotatedApiKey
        }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die), Effect.provideContext(issuing))
        yield* verifier.invalidate(id)
        return result
      })

      const revoke = Effect.fn("ApiKeys.revoke")(function*(id: ApiKeyId) {
        yield* Effect.gen(function*() {
          const row = yield* Effect.orDie(lockRow(id))
          if (Option.isNone(row)) return yield* notFound()
          const plan = yield* Effect.fromResult(planRevocation(row.value, yield* Clock.currentTimeMillis))
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
