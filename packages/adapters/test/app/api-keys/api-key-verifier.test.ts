/**
 * `ApiKeyVerifier`: at most one bcrypt compare per presented value, negative caching,
 * the state refresh interval and in-process invalidation, and batched `last_used_at`.
 * Compares are counted through an injected `ApiKeyHasher`; time is the `TestClock`.
 */
import { assert, layer } from "@effect/vitest"
import { Clock, Effect, Exit, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { ApiKeyHasher } from "@quote/adapters/app/api-keys/api-key-hasher"
import { ApiKeyVerifier, defaultVerifierOptions } from "@quote/adapters/app/api-keys/api-key-verifier"
import { issueApiKey } from "@quote/adapters/app/api-keys/issue-api-key"
import { LastUsedRecorder } from "@quote/adapters/app/api-keys/last-used-recorder"
import { hashPassword, passwordMatches } from "@quote/adapters/infra/passwords/bcrypt-password-hasher"
import { TestDatabase } from "@quote/adapters/dev/test-database/test-database"

/** A bcrypt hasher that counts compares. */
const countingHasher = () => {
  let compares = 0
  return {
    compares: () => compares,
    layer: Layer.succeed(ApiKeyHasher, {
      hash: hashPassword,
      matches: (apiKey: string, hash: string) => Effect.suspend(() => {
        compares++
        return passwordMatches(apiKey, hash)
      })
    })
  }
}

/** A fresh verifier (empty caches) with `hasher`; the recorder flushes only when asked. */
const verifierWith = (hasher: ReturnType<typeof countingHasher>) =>
  ApiKeyVerifier.layerNoDeps(defaultVerifierOptions).pipe(
    Layer.provideMerge(LastUsedRecorder.layer({ flushInterval: "1 hour" })),
    Layer.provideMerge(hasher.layer)
  )

const newKey = (name: string) => issueApiKey({ name, scopes: ["cutoff:read"], createdBy: null })

const failureTag = <A, E extends { readonly _tag: string }>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? exit.cause.reasons.map((reason) => reason._tag === "Fail" ? reason.error._tag : reason._tag)[0] : "Success"

layer(TestDatabase.layer)("ApiKeyVerifier", (it) => {
  it.effect("N verifications of one key cost one bcrypt compare", () => {
    const hasher = countingHasher()
    return Effect.gen(function*() {
      const key = yield* newKey("Sequential")
      const verifier = yield* ApiKeyVerifier
      for (let i = 0; i < 200; i++) {
        const verified = yield* verifier.verify(key.apiKey)
        assert.strictEqual(verified.id, key.id)
      }
      assert.strictEqual(hasher.compares(), 1)
    }).pipe(Effect.provide(verifierWith(hasher)))
  })

  it.effect("concurrent first uses of one value share one compare", () => {
    const hasher = countingHasher()
    return Effect.gen(function*() {
      const key = yield* newKey("Concurrent")
      const verifier = yield* ApiKeyVerifier
      const results = yield* Effect.all(Array.from({ length: 25 }, () => verifier.verify(key.apiKey)), {
        concurrency: "unbounded"
      })
      assert.isTrue(results.every((result) => result.id === key.id))
      assert.strictEqual(hasher.compares(), 1)
    }).pipe(Effect.provide(verifierWith(hasher)))
  })

  it.effect("unknown values: no compare without a candidate, one compare then remembered with one", () => {
    const hasher = countingHasher()
    return Effect.gen(function*() {
      const key = yield* newKey("Target")
      const verifier = yield* ApiKeyVerifier
      const unknownPrefix = `svc_${"Z".repeat(32)}`
      const knownPrefix = key.apiKey.slice(0, 12) + "q".repeat(24)
      for (let i = 0; i < 20; i++) {
        assert.strictEqual(failureTag(yield* Effect.exit(verifier.verify(unknownPrefix))), "InvalidApiKey")
        assert.strictEqual(failureTag(yield* Effect.exit(verifier.verify(knownPrefix))), "InvalidApiKey")
      }
      assert.strictEqual(hasher.compares(), 1, "the wrong secret under a real prefix was compared once")
      assert.strictEqual(failureTag(yield* Effect.exit(verifier.verify("svc_tooShort"))), "InvalidApiKey")
      assert.strictEqual(hasher.compares(), 1, "a malformed value costs no compare")
    }).pipe(Effect.provide(verifierWith(hasher)))
  })

  it.effect("state is re-read after the state TTL (1 s) without another compare; invalidate forces it at once", () => {
    const hasher = countingHasher()
    return Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const verifier = yield* ApiKeyVerifier
      const key = yield* newKey("Stateful")
      yield* verifier.verify(key.apiKey)

      yield* sql`update api_keys set scopes = '{catalog:read}' where id = ${key.id}`
      assert.deepStrictEqual((yield* verifier.verify(key.apiKey)).scopes, ["cutoff:read"], "within the TTL: remembered")
      yield* TestClock.adjust("1 second")
      assert.deepStrictEqual((yield* verifier.verify(key.apiKey)).scopes, ["catalog:read"], "after the TTL: re-read")

      yield* sql`update api_keys set active = false, revoked_at = now() where id = ${key.id}`
      yield* verifier.invalidate(key.id)
      assert.strictEqual(failureTag(yield* Effect.exit(verifier.verify(key.apiKey))), "InvalidApiKey")
      assert.strictEqual(hasher.compares(), 1)
    }).pipe(Effect.provide(verifierWith(hasher)))
  })

  it.effect("expiry is checked against the clock on every call", () => {
    const hasher = countingHasher()
    return Effect.gen(function*() {
      const verifier = yield* ApiKeyVerifier
      // Issued at TestClock time; expires 10 days later.
      const key = yield* issueApiKey({ name: "Expiring", scopes: ["cutoff:read"], expiresInDays: 10, createdBy: null })
      yield* verifier.verify(key.apiKey)
      yield* TestClock.adjust("10 days")
      assert.strictEqual(failureTag(yield* Effect.exit(verifier.verify(key.apiKey))), "ApiKeyExpired")
    }).pipe(Effect.provide(verifierWith(hasher)))
  })

  it.effect("a key whose hash changed in the database is compared again (and fails)", () => {
    const hasher = countingHasher()
    return Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const verifier = yield* ApiKeyVerifier
      const key = yield* newKey("Rehashed")
      yield* verifier.verify(key.apiKey)
      const otherHash = yield* hashPassword("something else")
      yield* sql`update api_keys set key_hash = ${otherHash} where id = ${key.id}`
      yield* verifier.invalidate(key.id)
      assert.strictEqual(failureTag(yield* Effect.exit(verifier.verify(key.apiKey))), "InvalidApiKey")
      assert.strictEqual(hasher.compares(), 2)
    }).pipe(Effect.provide(verifierWith(hasher)))
  })

  it.effect("uses are written as last_used_at in one batch, not per verification", () => {
    const hasher = countingHasher()
    return Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const verifier = yield* ApiKeyVerifier
      const recorder = yield* LastUsedRecorder
      const first = yield* newKey("Used A")
      const second = yield* newKey("Used B")
      yield* TestClock.adjust("5 minutes")
      for (let i = 0; i < 10; i++) yield* verifier.verify(first.apiKey)
      yield* verifier.verify(second.apiKey)
      const lastUsed = () =>
        sql<{ last_used_at: Date | null }>`
          select last_used_at from api_keys where id in (${first.id}, ${second.id}) order by name`
      assert.deepStrictEqual((yield* lastUsed()).map((row) => row.last_used_at), [null, null], "nothing written per request")
      yield* recorder.flush
      const now = yield* Clock.currentTimeMillis
      assert.deepStrictEqual((yield* lastUsed()).map((row) => row.last_used_at?.getTime()), [now, now])
    }).pipe(Effect.provide(verifierWith(hasher)))
  })
})
