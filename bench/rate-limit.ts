/**
 * What the per-key rate limiter costs (issue #26, docs/api-keys.md "Rate limits"): the
 * throughput of `GET /api/integrations/cutoff` (API key) on a server that counts every
 * request against the key's limit, against the same server without the limiter
 * (`KeyRateLimit.layerUnlimited`), both on one PostgreSQL database, in interleaved rounds
 * (the median round counts). Target: with the limiter ≥ 0.9 of without (it costs at most
 * 10 %). The key's limit is far above the load, so every request is admitted and counted.
 *
 * `npm run bench -- rate-limit`.
 */
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { HttpServer } from "effect/http"
import { AppConfig } from "@quote/core/shared/app-config"
import * as Postgres from "../packages/adapters/src/infra/database/postgres.ts"
import { seedScenarios } from "../packages/adapters/src/dev/seed/scenarios.ts"
import { postgresTestDatabase } from "../packages/adapters/src/dev/test-database/database-templates.ts"
import { serveOn } from "../packages/http/src/server.ts"
import { KeyRateLimit } from "../packages/http/src/rate-limit/key-rate-limit.ts"
import { load, type LoadResult } from "./http-baseline.ts"
import { prepareIntegration } from "./integration-setup.ts"
import { databaseUrl, median } from "./integration-endpoints.ts"
import type { BenchResult } from "./run.ts"

const WARMUP_SECONDS = 2
const ROUND_SECONDS = 3
const ROUNDS = 7
const TARGET = 0.9
const ADMIN_PASSWORD = "bench-admin-password"

/** A server on the database, with the given rate limit layer; its base URL. */
const server = (keyRateLimit: Layer.Layer<KeyRateLimit, never, never> | undefined, url: Redacted.Redacted) =>
  Effect.gen(function*() {
    const memoMap = yield* Layer.makeMemoMap
    const context = yield* Layer.buildWithMemoMap(
      serveOn(0, keyRateLimit === undefined ? {} : { keyRateLimit }).pipe(
        Layer.provideMerge(AppConfig.layerTest({ adminPassword: Option.some(Redacted.make(ADMIN_PASSWORD)) })),
        Layer.provideMerge(Postgres.layer({ url, applicationName: "quote-bench" }))
      ),
      memoMap,
      yield* Effect.scope
    )
    const address = Context.get(context, HttpServer.HttpServer).address
    if (address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected a TCP server"))
    return { base: `http://127.0.0.1:${address.port}`, context }
  })

export const runRateLimitBench = async (): Promise<BenchResult> => {
  const program = Effect.gen(function*() {
    const database = yield* postgresTestDatabase(Redacted.make(yield* databaseUrl))
    const limited = yield* server(undefined, database.url)
    const unlimited = yield* server(KeyRateLimit.layerUnlimited, database.url)
    yield* seedScenarios({ adminPassword: ADMIN_PASSWORD }).pipe(Effect.provideContext(limited.context))
    const setup = yield* Effect.promise(() => prepareIntegration(limited.base, ADMIN_PASSWORD))
    const auth = { authorization: `Bearer ${setup.apiKey}` }
    const target = (base: string) => ({ url: `${base}${setup.cutoffPath}`, headers: auth })
    return yield* Effect.promise(async () => {
      await load({ ...target(limited.base), duration: WARMUP_SECONDS })
      await load({ ...target(unlimited.base), duration: WARMUP_SECONDS })
      const rounds: Array<{ limited: LoadResult; unlimited: LoadResult }> = []
      // Alternating which goes first, so a neighbour's burst does not always hit the same one.
      for (let round = 0; round < ROUNDS; round++) {
        const limitedFirst = round % 2 === 0
        const first = await load({ ...target(limitedFirst ? limited.base : unlimited.base), duration: ROUND_SECONDS })
        const second = await load({ ...target(limitedFirst ? unlimited.base : limited.base), duration: ROUND_SECONDS })
        rounds.push(limitedFirst ? { limited: first, unlimited: second } : { limited: second, unlimited: first })
      }
      return rounds
    })
  }).pipe(Effect.scoped)
  const rounds = await Effect.runPromise(program)
  const ratios = rounds.map((round) => round.limited.requestsPerSec / round.unlimited.requestsPerSec)
  const ratio = median(ratios)
  const failures = rounds.reduce((sum, round) => sum + round.limited.failures + round.unlimited.failures, 0)
  return {
    name: "GET /api/integrations/cutoff with the per-key rate limiter / without it",
    ratio,
    targetText: `≥ ${TARGET}`,
    pass: ratio >= TARGET && failures === 0,
    figures: {
      "req/s with the limiter per round": rounds.map((round) => Math.round(round.limited.requestsPerSec)).join(" / "),
      "req/s without per round": rounds.map((round) => Math.round(round.unlimited.requestsPerSec)).join(" / "),
      "ratio per round": ratios.map((value) => value.toFixed(3)).join(" / "),
      failures
    }
  }
}
