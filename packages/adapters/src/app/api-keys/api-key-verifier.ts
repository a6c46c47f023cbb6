/**
 * Verifies a presented API key without a bcrypt compare per request.
 *
 * - The key is found by its `key_prefix` (indexed) and bcrypt-compared once; the match
 *   is remembered in memory under the SHA-256 of the presented value (never the value
 *   itself), in a bounded LRU. Concurrent first uses of one value share one compare.
 * - The key's state (active, revoked, expiry, scopes, lineage, name) is re-read by id
 *   when the remembered copy is older than `stateTtl` (1 s), so a revocation made by
 *   another instance, or directly in the database, takes effect within a second; in this
 *   process the admin service calls `invalidate` after each change, so it takes effect
 *   on the very next request. Expiry is checked against `Clock` on every call.
 * - A value that matches nothing is remembered as unknown for `negativeTtl` (30 s), and
 *   at most two bcrypt compares run at once, so guessing cannot turn into a flood of
 *   compares (a random value rarely even has a candidate: prefixes are 8 random chars).
 * - Uses go to `LastUsedRecorder` (batched `last_used_at` writes).
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { createHash } from "node:crypto"
import { apiKeyState } from "@quote/core/api-keys/api-key-state"
import { ApiKeyExpired, InvalidApiKey } from "@quote/core/auth/errors"
import { type IntegrationKey } from "@quote/core/auth/access"
import { ApiKeyId } from "@quote/core/shared/ids"
import { apiKeyPrefix, looksLikeApiKey } from "@quote/core/shared/secrets"
import { ApiKeyHasher } from "./api-key-hasher.ts"
import { ApiKeyRow, selectApiKeyRows } from "./api-key-record.ts"
import { ExpiringLru } from "@quote/core/cache/expiring-lru"
import { apiKeyVerificationsTotal, SeriesByLabel } from "@quote/core/observability/service-metrics"
import { LastUsedRecorder } from "./last-used-recorder.ts"

export interface ApiKeyVerifierOptions {
  /** Age after which a remembered key's state is re-read from the database. */
  readonly stateTtl: Duration.Input
  /** How long a remembered match lives without being refreshed. */
  readonly matchTtl: Duration.Input
  /** How long an unknown value is answered from memory. */
  readonly negativeTtl: Duration.Input
  /** Entries of each cache (matches, unknown values). */
  readonly capacity: number
  /** bcrypt compares allowed at once. */
  readonly maxConcurrentCompares: number
}

export const defaultVerifierOptions: ApiKeyVerifierOptions = {
  stateTtl: Duration.seconds(1),
  matchTtl: Duration.hours(1),
  negativeTtl: Duration.seconds(30),
  capacity: 10_000,
  maxConcurrentCompares: 2
}

interface Remembered {
  readonly row: ApiKeyRow
  /** When `row` was read from the database (epoch ms). */
  readonly checkedAt: number
}

const digestOf = (presented: string) => createHash("sha256").update(presented).digest("base64")

const invalidKey = () => new InvalidApiKey({ message: "The API key is not valid or has been revoked" })

export class ApiKeyVerifier extends Context.Service<ApiKeyVerifier, {
  /** The key behind a presented `svc_…` value, if it is valid now. */
  readonly verify: (presented: string) => Effect.Effect<IntegrationKey, InvalidApiKey | ApiKeyExpired>
  /** Forgets the remembered state of a key (after revoke, rotate or update in this process). */
  readonly invalidate: (keyId: ApiKeyId) => Effect.Effect<void>
}>()("@quote/adapters/ApiKeyVerifier") {
  static readonly layerNoDeps = (options: ApiKeyVerifierOptions) =>
    Layer.effect(
      ApiKeyVerifier,
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const hasher = yield* ApiKeyHasher
        const recorder = yield* LastUsedRecorder
        const stateTtl = Duration.toMillis(Duration.fromInputUnsafe(options.stateTtl))
        const matchTtl = Duration.toMillis(Duration.fromInputUnsafe(options.matchTtl))
        const negativeTtl = Duration.toMillis(Duration.fromInputUnsafe(options.negativeTtl))
        const matches = new ExpiringLru<Remembered>(options.capacity)
        const unknown = new ExpiringLru<true>(options.capacity)
        const inFlight = new Map<string, Deferred.Deferred<Option.Option<ApiKeyRow>>>()
        const compares = Semaphore.makeUnsafe(options.maxConcurrentCompares)
        const verifications = new SeriesByLabel(apiKeyVerificationsTotal, "outcome")

        const byId = SqlSchema.findOneOption({
          Request: ApiKeyId,
          Result: ApiKeyRow,
          execute: (id) => sql`${sql.literal(selectApiKeyRows)} where id = ${id}`
        })
        // Revoked keys are not candidates: they are rejected like unknown ones, without a compare.
        const candidates = SqlSchema.findAll({
          Request: Schema.String,
          Result: ApiKeyRow,
          execute: (prefix) =>
            sql`${sql.literal(selectApiKeyRows)} where key_prefix = ${prefix} and active and revoked_at is null`
        })

        const compareCandidates = Effect.fnUntraced(function*(presented: string) {
          for (const row of yield* Effect.orDie(candidates(apiKeyPrefix(presented)))) {
            if (yield* compares.withPermits(1)(hasher.matches(presented, row.keyHash))) return Option.some(row)
          }
          return Option.none<ApiKeyRow>()
        })

        /** One compare per value even when its first uses arrive together. */
        const matchOnce = (presented: string, digest: string): Effect.Effect<Option.Option<ApiKeyRow>> => {
          const pending = inFlight.get(digest)
          if (pending !== undefined) return Deferred.await(pending)
          const deferred = Deferred.makeUnsafe<Option.Option<ApiKeyRow>>()
          inFlight.set(digest, deferred)
          return compareCandidates(presented).pipe(
            Effect.onExit((exit) => {
              inFlight.delete(digest)
              return Deferred.done(deferred, exit)
            }),
            // A compare cannot be cancelled; the waiters need its result.
            Effect.uninterruptible
          )
        }

        /** The row behind a value, fresh within `stateTtl`, or none when nothing matches. */
        const lookup = Effect.fnUntraced(function*(presented: string, digest: string, now: number) {
          const remembered = matches.get(digest, now)
          if (remembered !== undefined) {
            if (now - remembered.checkedAt < stateTtl) return Option.some(remembered.row)
            const fresh = yield* Effect.orDie(byId(remembered.row.id))
            // Same hash: the match still holds. Otherwise (deleted, re-keyed) compare again.
            if (Option.isSome(fresh) && fresh.value.keyHash === remembered.row.keyHash) {
              matches.set(digest, { row: fresh.value, checkedAt: now }, now + matchTtl)
              return fresh
            }
            matches.delete(digest)
          }
          if (unknown.get(digest, now) !== undefined) return Option.none<ApiKeyRow>()
          const matched = yield* matchOnce(presented, digest)
          if (Option.isSome(matched)) matches.set(digest, { row: matched.value, checkedAt: now }, now + matchTtl)
          else unknown.set(digest, true, now + negativeTtl)
          return matched
        })

        /** The key of a row at `now`, or why it is refused; a use is noted. */
        const accept = (row: ApiKeyRow, now: number): Effect.Effect<IntegrationKey, InvalidApiKey | ApiKeyExpired> => {
          const state = apiKeyState(row, now)
          if (state === "revoked") {
            verifications.record("revoked", 1)
            return Effect.fail(invalidKey())
          }
          if (state === "expired") {
            verifications.record("expired", 1)
            return Effect.fail(new ApiKeyExpired({ message: "The API key has expired" }))
          }
          verifications.record("valid", 1)
          recorder.record(row.id, now)
          return Effect.succeed({
            id: row.id,
            lineageId: row.lineageId,
            name: row.name,
            scopes: row.scopes,
            rateLimitPerMinute: row.rateLimitPerMinute
          })
        }

        // A value that is no key, or no key's: counted when the refusal runs.
        const rejectUnknown = Effect.suspend(() => {
          verifications.record("invalid", 1)
          return Effect.fail(invalidKey())
        })

        // Untraced and without a generator on purpose: it runs on every integration request
        // (docs/performance.md). A key checked within `stateTtl` is answered synchronously.
        const verify = (presented: string) =>
          Clock.clockWith((clock) => {
            if (!looksLikeApiKey(presented)) return rejectUnknown
            const now = clock.currentTimeMillisUnsafe()
            const digest = digestOf(presented)
            const remembered = matches.get(digest, now)
            if (remembered !== undefined && now - remembered.checkedAt < stateTtl) return accept(remembered.row, now)
            return Effect.flatMap(
              lookup(presented, digest, now),
              Option.match({ onNone: () => rejectUnknown, onSome: (row) => accept(row, now) })
            )
          })

        const invalidate = (keyId: ApiKeyId) =>
          Effect.sync(() =>
            matches.updateWhere(
              (remembered) => remembered.row.id === keyId,
              (remembered) => ({ ...remembered, checkedAt: Number.NEGATIVE_INFINITY })
            )
          )

        return ApiKeyVerifier.of({ verify, invalidate })
      })
    )

  static readonly layer = ApiKeyVerifier.layerNoDeps(defaultVerifierOptions).pipe(
    Layer.provide(LastUsedRecorder.layer()),
    Layer.provide(ApiKeyHasher.layer)
  )
}
