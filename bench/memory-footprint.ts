/**
 * The service's resident memory under load (issue #27, item 2), part of
 * `npm run bench -- footprint`. The service runs in a process of its own, started as
 * `npm start` starts it (`service-process.ts`), so the figure is its RSS alone:
 *
 * - PostgreSQL: 3 s after `/api/ready` first answers 200, then after 60 s of the mixed
 *   traffic of `mixed-traffic.ts` (cutoff, lookup, prices, creates, admin lists) at full
 *   speed, read 1 s after the load stops. Targets ≤ 120 MB and ≤ 160 MB.
 * - Embedded: after 1,000 requests of the same traffic, on an existing database (the
 *   second start). Target ≤ 220 MB.
 */
import { Effect } from "effect"
import { load } from "./http-baseline.ts"
import { mixedRequests } from "./mixed-traffic.ts"
import { embeddedService, postgresService, sleep } from "./service-process.ts"
import type { BenchResult } from "./run.ts"

const POSTGRES_READY_TARGET_MB = 120
const POSTGRES_LOADED_TARGET_MB = 160
const EMBEDDED_LOADED_TARGET_MB = 220
const AFTER_READY_MS = 3_000
const LOAD_SECONDS = 60
const EMBEDDED_REQUESTS = 1_000

const result = (name: string, mb: number, target: number, figures: BenchResult["figures"]): BenchResult => ({
  name,
  ratio: mb / target,
  targetText: `≤ 1 (${target} MB)`,
  pass: mb <= target,
  figures: { "RSS MB": mb.toFixed(1), ...figures }
})

const onPostgres = Effect.scoped(Effect.gen(function*() {
  const service = yield* postgresService()
  return yield* Effect.promise(async () => {
    // The set-up requests (the API key, the admin's login) ran right after ready: read at ready + 3 s.
    await sleep(Math.max(0, AFTER_READY_MS - (performance.now() - service.readyAt)))
    const afterReady = service.rssMb()
    const loaded = await load({ url: service.base, requests: await mixedRequests(service), duration: LOAD_SECONDS })
    const atEnd = service.rssMb()
    await sleep(1_000)
    return { afterReady, afterLoad: service.rssMb(), atEnd, loaded }
  })
}))

const onEmbedded = Effect.scoped(Effect.gen(function*() {
  const service = yield* embeddedService()
  return yield* Effect.promise(async () => {
    const before = service.rssMb()
    const loaded = await load({ url: service.base, requests: await mixedRequests(service), amount: EMBEDDED_REQUESTS })
    await sleep(1_000)
    return { before, after: service.rssMb(), loaded }
  })
}))

export const runMemoryFootprintBench = async (): Promise<ReadonlyArray<BenchResult>> => {
  const postgres = await Effect.runPromise(onPostgres)
  const embedded = await Effect.runPromise(onEmbedded)
  return [
    result("footprint: RSS 3 s after ready (PostgreSQL)", postgres.afterReady, POSTGRES_READY_TARGET_MB, {}),
    result(
      `footprint: RSS after ${LOAD_SECONDS} s of mixed load, 1 s after it stops (PostgreSQL)`,
      postgres.afterLoad,
      POSTGRES_LOADED_TARGET_MB,
      {
        "RSS at the end of the load MB": postgres.atEnd.toFixed(1),
        "mixed requests": postgres.loaded.total,
        "req/s": Math.round(postgres.loaded.requestsPerSec),
        failures: postgres.loaded.failures
      }
    ),
    result(
      `footprint: RSS after ${EMBEDDED_REQUESTS.toLocaleString("en-US")} mixed requests (embedded database)`,
      embedded.after,
      EMBEDDED_LOADED_TARGET_MB,
      {
        "RSS before the requests MB": embedded.before.toFixed(1),
        "req/s": Math.round(embedded.loaded.requestsPerSec),
        failures: embedded.loaded.failures
      }
    )
  ]
}
