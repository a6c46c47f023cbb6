/**
 * Webhook delivery, all in this process and this run, against a local receiver:
 *
 * - throughput: 2,000 events committed at once (one `UPDATE routes` over 2,000 rows,
 *   so the triggers record 2,000 `route.updated`), delivered by the running dispatcher
 *   (LISTEN wake-up, fan-out, lease, payload from the database, signature, POST,
 *   record), from the commit to the last arrival; against a bare `fetch` loop POSTing
 *   the same number of envelope-sized bodies one after the other to the same receiver
 *   (measured before and after, averaged). Target ≥ 50 %.
 * - latency: 50 single-row changes, one at a time; each from the return of its COMMIT
 *   to the arrival of its first attempt. Target p50 ≤ 50 ms (reported as p50 / 50 ms).
 *
 * The dispatcher runs on PostgreSQL, as deployed: a fresh database cloned from the
 * migrated template on `BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else
 * `postgres://postgres@127.0.0.1:5432/postgres`, dropped afterwards.
 *
 * `npx node bench/webhooks.ts` prints the figures; `npm run bench` runs it with the others.
 */
import { Config, Context, Effect, Layer, Redacted, References } from "effect"
import { SqlClient } from "effect/sql"
import { AppConfig } from "@quote/core/shared/app-config"
import * as Postgres from "../packages/adapters/src/infra/database/postgres.ts"
import { postgresTestDatabase } from "../packages/adapters/src/dev/test-database/database-templates.ts"
import { startTestReceiver, type TestReceiver } from "../packages/adapters/src/dev/webhook-test-receiver.ts"
import { WebhookEndpoints } from "../packages/adapters/src/app/webhooks/webhook-endpoints.ts"
import { webhooksLayer } from "../packages/adapters/src/live/webhooks-live.ts"
import type { BenchResult } from "./run.ts"

const EVENTS = 2_000
const LATENCY_SAMPLES = 50
const THROUGHPUT_TARGET = 0.5
const LATENCY_TARGET_MS = 50

const databaseUrl = Config.String("BENCH_DATABASE_URL").pipe(
  Config.orElse(() => Config.String("TEST_DATABASE_URL")),
  Config.withDefault("postgres://postgres@127.0.0.1:5432/postgres")
)

/** A body the size of a real `route.updated` envelope. */
const sampleBody = JSON.stringify({
  id: "00000000-0000-4000-8000-000000000000",
  type: "route.updated",
  apiVersion: "2026-11-22",
  createdAt: new Date().toISOString(),
  data: {
    changes: ["name"],
    route: {
      id: "00000000-0000-4000-8000-000000000001",
      name: "Ruta de carga",
      active: true,
      schedule: {
        operationDays: [1, 4],
        frequency: "weekly",
        anchorDate: null,
        cutoffDaysBefore: 1,
        cutoffTime: "17:00",
        label: "Lunes y jueves, cada semana. Cierre: 1 día antes a las 5:00 p. m."
      },
      branchIds: []
    }
  }
})

/** Requests per second of a plain sequential `fetch` loop. */
const fetchLoop = async (url: string, count: number): Promise<number> => {
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: sampleBody })
    await response.arrayBuffer()
  }
  return count / ((performance.now() - started) / 1000)
}

const waitForArrivals = (receiver: TestReceiver, count: number) => receiver.waitFor(count, () => true, 120_000)

const percentile = (values: ReadonlyArray<number>, p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

const program = Effect.gen(function*() {
  const database = yield* postgresTestDatabase(Redacted.make(yield* databaseUrl))
  const context = yield* Layer.build(
    webhooksLayer().pipe(
      Layer.provideMerge(AppConfig.layerTest()),
      Layer.provideMerge(Postgres.layer({ url: database.url, maxConnections: 10, applicationName: "quote-bench" }))
    )
  )
  const sql = Context.get(context, SqlClient.SqlClient)
  const endpoints = Context.get(context, WebhookEndpoints)
  const receiver = yield* startTestReceiver()
  yield* endpoints.create({ name: "bench", url: `${receiver.url}/hook`, events: ["route.updated"] })

  yield* Effect.promise(() => fetchLoop(`${receiver.url}/baseline`, 300)) // warm-up
  const fetchBefore = yield* Effect.promise(() => fetchLoop(`${receiver.url}/baseline`, EVENTS))
  receiver.clear()

  // Throughput: everything committed at once.
  yield* sql`insert into routes (name, operation_days, frequency, cutoff_days_before, cutoff_time)
             select 'Bench ' || n, '{1,4}', 'weekly', 1, '17:00' from generate_series(1, ${EVENTS}) as n`
  yield* sql`update routes set name = name || ' v2' where name like 'Bench %'`
  // The statement returns once committed; the dispatcher can only start then.
  const committed = yield* Effect.sync(() => performance.now())
  const arrivals = yield* waitForArrivals(receiver, EVENTS)
  const lastArrival = Math.max(...arrivals.map((request) => request.receivedAt))
  const dispatcherPerSec = EVENTS / ((lastArrival - committed) / 1000)
  const fetchAfter = yield* Effect.promise(() => fetchLoop(`${receiver.url}/baseline`, EVENTS))

  // Latency: one change at a time, from its commit to its first attempt.
  const [route] = yield* sql<{ id: string }>`select id from routes where name like 'Bench %' limit 1`
  const latencies: Array<number> = []
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    receiver.clear()
    yield* sql`update routes set name = ${`Latency ${i}`} where id = ${route!.id}::uuid`
    const done = performance.now()
    const [request] = yield* waitForArrivals(receiver, 1)
    latencies.push(request!.receivedAt - done)
  }
  return { fetchBefore, fetchAfter, dispatcherPerSec, latencies }
}).pipe(
  Effect.scoped,
  Effect.provideService(References.MinimumLogLevel, "Warn")
)

export const runWebhookBench = async (): Promise<Array<BenchResult>> => {
  const { dispatcherPerSec, fetchAfter, fetchBefore, latencies } = await Effect.runPromise(program)
  const baseline = (fetchBefore + fetchAfter) / 2
  const share = dispatcherPerSec / baseline
  const p50 = percentile(latencies, 50)
  return [
    {
      name: `webhook deliveries/s (${EVENTS} events committed at once)`,
      ratio: share,
      targetText: `≥ ${THROUGHPUT_TARGET} of a sequential fetch loop`,
      pass: share >= THROUGHPUT_TARGET,
      figures: {
        "deliveries/s (commit → last arrival)": Math.round(dispatcherPerSec),
        "fetch loop req/s (baseline, mean of before/after)": Math.round(baseline),
        "fetch loop req/s before / after": `${Math.round(fetchBefore)} / ${Math.round(fetchAfter)}`
      }
    },
    {
      name: `webhook commit → first attempt latency (${LATENCY_SAMPLES} changes)`,
      ratio: p50 / LATENCY_TARGET_MS,
      targetText: `p50 ≤ ${LATENCY_TARGET_MS} ms (ratio ≤ 1)`,
      pass: p50 <= LATENCY_TARGET_MS,
      figures: {
        "p50 ms": Math.round(p50 * 10) / 10,
        "p90 ms": Math.round(percentile(latencies, 90) * 10) / 10,
        "max ms": Math.round(Math.max(...latencies) * 10) / 10
      }
    }
  ]
}

if (import.meta.main) {
  for (const result of await runWebhookBench()) {
    console.log(`\n${result.name}`)
    for (const [label, value] of Object.entries(result.figures ?? {})) console.log(`  ${label}: ${value}`)
    console.log(`  ratio: ${result.ratio.toFixed(3)} (target ${result.targetText}) ${result.pass ? "PASS" : "FAIL"}`)
  }
}
