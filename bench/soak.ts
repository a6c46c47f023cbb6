/**
 * `npm run bench -- soak [--minutes N]` (default 15): the service on PostgreSQL under
 * mixed traffic at about half of its measured capacity, for long enough to see what a
 * benchmark round hides (issue #27, item 4).
 *
 * The service runs in a process of its own (`service-process.ts`), on a fresh database,
 * with a webhook endpoint for `quotation.created` pointing at a local receiver in this
 * process (answering 200 at once). Capacity is the mixed traffic's throughput at full
 * speed (16 connections, after a warm-up); the soak then runs at half of it
 * (`overallRate`), one autocannon run per minute, while the server's resident memory is
 * read every 5 s.
 *
 * Targets: RSS slope after the first 2 minutes ≤ 0.5 MB/min (least squares over the
 * samples); p99 of the last 3 minutes ≤ 1.5× that of the first 3 (each the mean of its
 * minutes' p99s: autocannon gives percentiles per run, not its samples); no error (a
 * non-2xx, a socket error or a time-out); the webhook backlog drained within 60 s of the
 * end (no event left to fan out, no delivery pending, and the receiver got one
 * `quotation.created` per quotation created). Printed with a per-minute series of RSS,
 * p99, throughput and errors.
 *
 * It runs with PostgreSQL's autovacuum on, as production does (`autovacuum.ts`: turned on
 * for the run on a local server configured without it, and said in the figures).
 *
 * The "Always open" route of the scenarios closes 23:59–00:00 Bogotá (04:59–05:00 UTC):
 * a soak over that minute fails its creates.
 */
import { Effect, Option, Redacted } from "effect"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { load, type LoadResult } from "./http-baseline.ts"
import { mixedRequests } from "./mixed-traffic.ts"
import { postJson } from "./integration-setup.ts"
import { withAutovacuum } from "./autovacuum.ts"
import { benchDatabaseUrl, postgresService, type ServiceProcess, sleep } from "./service-process.ts"
import type { BenchResult } from "./run.ts"

const DEFAULT_MINUTES = 15
const RSS_SLOPE_TARGET_MB_PER_MINUTE = 0.5
const P99_GROWTH_TARGET = 1.5
const SETTLE_MINUTES = 2
const WINDOW_MINUTES = 3
const RSS_EVERY_MS = 5_000
const DRAIN_TIMEOUT_MS = 60_000

const minutesArgument = (): number => {
  const index = process.argv.indexOf("--minutes")
  const minutes = index === -1 ? DEFAULT_MINUTES : Number(process.argv[index + 1])
  if (!(Number.isInteger(minutes) && minutes >= 1)) throw new Error("--minutes takes a whole number of minutes ≥ 1")
  return minutes
}

/** A receiver that answers 200 at once and counts the `quotation.created` deliveries (by webhook id, once each). */
const startReceiver = () =>
  new Promise<{ readonly url: string; readonly created: () => number; readonly close: () => Promise<void> }>((resolve) => {
    const ids = new Set<string>()
    const server: Server = createServer((request, response) => {
      const id = request.headers["webhook-id"]
      request.resume()
      request.on("end", () => {
        if (typeof id === "string") ids.add(id)
        response.writeHead(200).end()
      })
    })
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        created: () => ids.size,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => done())
          })
      }))
  })

const psql = promisify(execFile)

/** Events not fanned out yet plus deliveries pending, and the quotations created. */
const backlog = async (url: Redacted.Redacted) => {
  const { stdout } = await psql("psql", [
    Redacted.value(url),
    "-At",
    "-c",
    `select (select count(*) from webhook_events where dispatched_at is null)
          + (select count(*) from webhook_deliveries where status = 'pending'),
            (select count(*) from quotations where source = 'chat')`
  ])
  const [pending, quotations] = stdout.trim().split("|").map(Number)
  return { pending: pending!, quotations: quotations! }
}

/** Least-squares slope of `points` (minutes, MB), in MB per minute. */
const slope = (points: ReadonlyArray<readonly [number, number]>): number => {
  const n = points.length
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0)
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0)
  return variance === 0 ? 0 : covariance / variance
}

const mean = (values: ReadonlyArray<number>) => values.reduce((sum, value) => sum + value, 0) / values.length

interface Minute {
  readonly load: LoadResult
  readonly rssMb: number
}

const soak = (service: ServiceProcess, minutes: number) =>
  Effect.promise(async () => {
    const receiver = await startReceiver()
    try {
      await postJson(`${service.base}/api/webhooks`, {
        name: "soak receiver",
        url: receiver.url,
        events: ["quotation.created"]
      }, service.adminToken)
      const requests = await mixedRequests(service)
      const options = { url: service.base, requests }
      await load({ ...options, duration: 10 })
      const capacity = await load({ ...options, duration: 20 })
      const rate = Math.max(1, Math.round(capacity.requestsPerSec / 2))
      const startedAt = performance.now()
      const samples: Array<readonly [number, number]> = []
      const sample = () => samples.push([(performance.now() - startedAt) / 60_000, service.rssMb()])
      sample()
      const sampler = setInterval(sample, RSS_EVERY_MS)
      const series: Array<Minute> = []
      try {
        for (let minute = 0; minute < minutes; minute++) {
          const result = await load({ ...options, duration: 60, overallRate: rate })
          series.push({ load: result, rssMb: service.rssMb() })
          console.log(
            `  soak minute ${minute + 1}/${minutes}: RSS ${series.at(-1)!.rssMb.toFixed(1)} MB, p99 ${result.p99Ms} ms, ` +
              `${Math.round(result.requestsPerSec)} req/s, errors ${result.failures}`
          )
        }
      } finally {
        clearInterval(sampler)
      }
      const endedAt = performance.now()
      let drained = await backlog(Option.getOrThrow(service.databaseUrl))
      while (
        (drained.pending > 0 || receiver.created() < drained.quotations) && performance.now() - endedAt < DRAIN_TIMEOUT_MS
      ) {
        await sleep(500)
        drained = await backlog(Option.getOrThrow(service.databaseUrl))
      }
      return {
        capacity,
        rate,
        series,
        samples,
        drained,
        delivered: receiver.created(),
        drainSeconds: (performance.now() - endedAt) / 1000
      }
    } finally {
      await receiver.close()
    }
  })

export const runSoakBench = async (): Promise<Array<BenchResult>> => {
  const minutes = minutesArgument()
  const serverUrl = await Effect.runPromise(Effect.gen(function*() {
    return yield* benchDatabaseUrl
  }))
  const { autovacuum, run } = await withAutovacuum(serverUrl, async (autovacuum) => ({
    autovacuum,
    run: await Effect.runPromise(Effect.scoped(Effect.flatMap(postgresService(), (service) => soak(service, minutes))))
  }))
  const { capacity, delivered, drainSeconds, drained, rate, samples, series } = run
  const settled = samples.filter(([minute]) => minute >= Math.min(SETTLE_MINUTES, minutes - 1))
  const rssSlope = slope(settled)
  const window = Math.min(WINDOW_MINUTES, series.length)
  const firstP99 = mean(series.slice(0, window).map((minute) => minute.load.p99Ms))
  const lastP99 = mean(series.slice(-window).map((minute) => minute.load.p99Ms))
  const errors = series.reduce((sum, minute) => sum + minute.load.failures, 0)
  const requests = series.reduce((sum, minute) => sum + minute.load.total, 0)
  const backlogDrained = drained.pending === 0 && delivered >= drained.quotations
  const seriesText = series.map((minute, index) =>
    `\n    ${String(index + 1).padStart(3)}  ${minute.rssMb.toFixed(1).padStart(7)} MB  p99 ${
      String(minute.load.p99Ms).padStart(5)
    } ms  p50 ${String(minute.load.p50Ms).padStart(4)} ms  ${Math.round(minute.load.requestsPerSec)} req/s  errors ${minute.load.failures}`
  ).join("")
  const figures = {
    minutes,
    "PostgreSQL autovacuum": autovacuum,
    "capacity, mixed traffic at full speed (req/s)": Math.round(capacity.requestsPerSec),
    "soak rate (req/s, half of capacity)": rate,
    requests,
    errors,
    "RSS at the start / after 2 min / at the end (MB)": `${samples[0]![1].toFixed(1)} / ${
      (settled[0]?.[1] ?? Number.NaN).toFixed(1)
    } / ${samples.at(-1)![1].toFixed(1)}`,
    [`RSS slope after ${SETTLE_MINUTES} min (MB/min)`]: rssSlope.toFixed(3),
    [`p99 first / last ${window} min (ms, mean of the minutes' p99)`]: `${firstP99.toFixed(1)} / ${lastP99.toFixed(1)}`,
    "webhooks: quotations created / quotation.created received / pending at the end":
      `${drained.quotations} / ${delivered} / ${drained.pending} (after ${drainSeconds.toFixed(1)} s)`,
    "per minute: RSS, p99, p50, throughput, errors": seriesText
  }
  return [
    {
      name: `soak: RSS slope after the first ${SETTLE_MINUTES} minutes (MB/min)`,
      ratio: rssSlope,
      targetText: `≤ ${RSS_SLOPE_TARGET_MB_PER_MINUTE} MB/min`,
      pass: rssSlope <= RSS_SLOPE_TARGET_MB_PER_MINUTE,
      figures
    },
    {
      name: `soak: p99 of the last ${window} minutes against the first ${window}`,
      ratio: lastP99 / firstP99,
      targetText: `≤ ${P99_GROWTH_TARGET}`,
      pass: lastP99 / firstP99 <= P99_GROWTH_TARGET
    },
    {
      name: "soak: errors (non-2xx, socket errors, time-outs)",
      ratio: errors,
      targetText: "0",
      pass: errors === 0
    },
    {
      name: "soak: webhook backlog at the end (events to fan out + deliveries pending)",
      ratio: drained.pending,
      targetText: "0, every quotation.created received",
      pass: backlogDrained
    }
  ]
}
