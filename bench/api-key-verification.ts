/**
 * API key verification benchmark.
 *
 * Target: verifying a valid key through `ApiKeyVerifier` (the path of every integration
 * request) costs at most 1/1000 of one bcrypt compare (cost 10), both measured in the
 * same run. The verifier runs on an in-memory PGlite with the real bcrypt hasher, so the
 * figure includes the one compare of the first use, the state re-read every second and
 * the usage recording; the baseline is `bcrypt.compare` of the same key and hash.
 * Each figure is the best of several rounds (filters out GC pauses and busy neighbours).
 *
 * `npx node bench/api-key-verification.ts` prints the figures;
 * `runApiKeyVerificationBench()` returns them.
 */
import { Effect, Layer, Option, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { ApiKeyHasher } from "../packages/adapters/src/app/api-keys/api-key-hasher.ts"
import { PasswordHasherLive } from "../packages/adapters/src/live/auth-live.ts"
import { ApiKeyVerifier } from "../packages/adapters/src/app/api-keys/api-key-verifier.ts"
import { issueApiKey } from "../packages/adapters/src/app/api-keys/issue-api-key.ts"
import { passwordMatches } from "../packages/adapters/src/infra/passwords/bcrypt-password-hasher.ts"
import * as Database from "../packages/adapters/src/infra/database/database.ts"
import type { BenchResult } from "./run.ts"

const TARGET = 1000
const ROUNDS = 3
// About a second per round, so each round includes the once-a-second state re-read.
const VERIFICATIONS_PER_ROUND = 150_000
const COMPARES_PER_ROUND = 3

const InMemoryDatabase = Database.layerMigrated({ url: Option.some(Redacted.make("memory://")), dataDir: "" })

/** Best (lowest) milliseconds per operation over ROUNDS rounds of `ops` runs of `operation`. */
const bestPerOp = <E, R>(operation: Effect.Effect<unknown, E, R>, ops: number) =>
  Effect.gen(function*() {
    let best = Number.POSITIVE_INFINITY
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now()
      for (let i = 0; i < ops; i++) yield* operation
      best = Math.min(best, (performance.now() - start) / ops)
    }
    return best
  })

const program = Effect.gen(function*() {
  const key = yield* issueApiKey({ name: "Bench", scopes: ["cutoff:read"], createdBy: null })
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const [row] = yield* sql<{ key_hash: string }>`select key_hash from api_keys where id = ${key.id}`
  const verifier = yield* ApiKeyVerifier
  // Warm-up: the first use pays the one compare; then the JIT settles.
  yield* bestPerOp(verifier.verify(key.apiKey), 2_000)
  const verifyMs = yield* bestPerOp(verifier.verify(key.apiKey), VERIFICATIONS_PER_ROUND)
  const compareMs = yield* bestPerOp(passwordMatches(key.apiKey, row!.key_hash), COMPARES_PER_ROUND)
  return { verifyMs, compareMs }
}).pipe(
  Effect.provide(
    Layer.mergeAll(ApiKeyVerifier.layer, ApiKeyHasher.layer).pipe(
      Layer.provide(PasswordHasherLive),
      Layer.provideMerge(InMemoryDatabase)
    )
  )
)

export const runApiKeyVerificationBench = async (): Promise<BenchResult> => {
  const { compareMs, verifyMs } = await Effect.runPromise(program)
  const ratio = compareMs / verifyMs
  return {
    name: "API key verification vs one bcrypt compare (cost 10)",
    ratio,
    targetText: `≥ ${TARGET}× faster`,
    pass: ratio >= TARGET,
    figures: {
      "verifications/s": Math.round(1000 / verifyMs),
      "µs per verification": Math.round(verifyMs * 1000 * 10) / 10,
      "ms per bcrypt compare (baseline)": Math.round(compareMs * 10) / 10
    }
  }
}

if (import.meta.main) {
  const result = await runApiKeyVerificationBench()
  console.log(result.name)
  for (const [label, value] of Object.entries(result.figures ?? {})) console.log(`  ${label}: ${value}`)
  console.log(`  ratio: ${result.ratio.toFixed(0)} (target ${result.targetText}) ${result.pass ? "PASS" : "FAIL"}`)
}
