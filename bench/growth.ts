/**
 * `npm run bench -- growth [--scale S]`: the reads of the web panel, at the test
 * scenarios' size and at production size in the same run (issue #14).
 *
 * Two PostgreSQL databases (`growth_*`, cloned from the migrated template on
 * `BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else the local server; dropped
 * afterwards), each with the scenarios seeded and a server started in this process:
 * "small" adds a token growth world (100 quotations), "full" the world of
 * `growth-seed.ts` at `--scale` (default 1: 100k clients over 20k companies, 1M
 * quotations). Each request is timed one at a time (latency, not throughput): a warm-up,
 * then `SAMPLES` requests; p50 and p95 are printed and the full p50 must stay within 2×
 * the small one (small figures floored at 5 ms), 5× for statistics over one month.
 * The unpaginated lists are served at full size while a worker samples the process RSS:
 * the peak increase over the RSS before the request must stay ≤ 50 MB (after one
 * unmeasured pass; the body is counted as it arrives, not kept: the server is in this
 * process).
 *
 * For profiling: `--keep` leaves both databases in place and prints their names;
 * `--reuse <small>,<full>` measures kept databases again without building them; and
 * `bench/growth-explain.ts` prints the plans of the panel reads on a kept database.
 */
import { Config, Context, Effect, Layer, Option, Redacted, References } from "effect"
import { HttpServer } from "effect/http"
import { SqlClient } from "effect/sql"
import { randomBytes } from "node:crypto"
import { Worker } from "node:worker_threads"
import { AppConfig } from "@quote/core/app-config"
import * as Postgres from "../packages/adapters/src/infra/database/postgres.ts"
import { seedScenarios } from "../packages/adapters/src/dev/seed/scenarios.ts"
import { ensurePostgresTemplate, withDatabase } from "../packages/adapters/src/dev/test-database/database-templates.ts"
import { serveOn } from "../packages/http/src/server.ts"
import { clientSearchWord, companySearchWord, growthSize, seedGrowth } from "./growth-seed.ts"
import type { BenchResult } from "./run.ts"

const ADMIN_PASSWORD = "bench-admin-password"
const SAMPLES = 25
const WARMUP = 3
const FLOOR_MS = 5
const FLAT_TARGET = 2
const RANGE_TARGET = 5
const MEMORY_TARGET_MB = 50

const databaseUrl = Config.String("BENCH_DATABASE_URL").pipe(
  Config.orElse(() => Config.String("TEST_DATABASE_URL")),
  Config.withDefault("postgres://postgres@127.0.0.1:5432/postgres")
)

/** `--keep`: leave the `growth_*` databases in place (names printed) for investigation. */
const keepDatabases = (): boolean => process.argv.includes("--keep")

/**
 * `--reuse <small>,<full>`: measure two databases kept by an earlier `--keep` run instead
 * of building them (neither seeded nor dropped): for profiling, e.g. with `auto_explain`
 * set on the kept database (`docs/performance.md`).
 */
const reusedDatabases = (): { readonly small: string; readonly full: string } | undefined => {
  const index = process.argv.indexOf("--reuse")
  if (index === -1) return undefined
  const [small, full] = (process.argv[index + 1] ?? "").split(",")
  if (small === undefined || full === undefined) throw new Error("--reuse takes <small database>,<full database>")
  return { small, full }
}

const scaleArgument = (): number => {
  const index = process.argv.indexOf("--scale")
  const scale = index === -1 ? 1 : Number(process.argv[index + 1])
  if (!(scale > 0 && scale <= 1)) throw new Error("--scale takes a number in (0, 1]")
  return scale
}

interface Session {
  readonly admin: string
  readonly advisor: string
  readonly client: string
}

interface Target {
  readonly name: string
  readonly as: keyof Session
  readonly path: string
  readonly target: number
}

const request = async (base: string, path: string, token: string, init?: RequestInit): Promise<unknown> => {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...init?.headers }
  })
  const body = await response.text()
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${path}: ${response.status} ${body.slice(0, 300)}`)
  return JSON.parse(body)
}

const login = async (base: string, email: string) => {
  const body = await request(base, "/api/auth/login", "", {
    method: "POST",
    body: JSON.stringify({ email, password: ADMIN_PASSWORD })
  }) as { readonly accessToken: string }
  return body.accessToken
}

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

const timeRequests = async (base: string, path: string, token: string) => {
  for (let i = 0; i < WARMUP; i++) await request(base, path, token)
  const times: Array<number> = []
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    await request(base, path, token)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) }
}

/**
 * The number of `items` of a `{"items":[…]}` body, read as it arrives without keeping it:
 * the server runs in this process, so buffering and parsing 100k items here would be
 * counted as the server's memory. Counts the objects opened at depth 2.
 */
const countItems = async (base: string, path: string, token: string): Promise<number> => {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })
  if (!response.ok || response.body === null) throw new Error(`GET ${path}: ${response.status}`)
  let depth = 0
  let inString = false
  let escaped = false
  let items = 0
  for await (const chunk of response.body) {
    for (const byte of chunk) {
      if (inString) {
        if (escaped) escaped = false
        else if (byte === 0x5c) escaped = true
        else if (byte === 0x22) inString = false
      } else if (byte === 0x22) inString = true
      else if (byte === 0x7b || byte === 0x5b) {
        depth++
        if (byte === 0x7b && depth === 3) items++
      } else if (byte === 0x7d || byte === 0x5d) depth--
    }
  }
  if (depth !== 0) throw new Error(`GET ${path}: unbalanced JSON body`)
  return items
}

/** The process's resident set in bytes, sampled by a worker thread every 2 ms. */
const rssSampler = () => {
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads"); const fs = require("node:fs");
     let peak = 0; const read = () => { const m = /VmRSS:\\s+(\\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8")); return m ? Number(m[1]) * 1024 : 0 };
     setInterval(() => { peak = Math.max(peak, read()) }, 2);
     parentPort.on("message", (m) => { if (m === "reset") { peak = read(); parentPort.postMessage(peak) } else parentPort.postMessage(peak) });`,
    { eval: true }
  )
  const ask = (message: string) =>
    new Promise<number>((resolve) => {
      worker.once("message", resolve)
      worker.postMessage(message)
    })
  return { reset: () => ask("reset"), peak: () => ask("peak"), close: () => worker.terminate() }
}

/** A new database cloned from the migrated template, dropped with the scope unless `--keep`. */
const newDatabase = (adminUrl: Redacted.Redacted, label: string) =>
  Effect.gen(function*() {
    const template = yield* ensurePostgresTemplate(adminUrl)
    const name = `growth_${label}_${process.pid}_${randomBytes(3).toString("hex")}`
    const admin = yield* Postgres.layer({ url: adminUrl, applicationName: "quote-bench-growth" }).pipe(Layer.build)
    const adminSql = Context.get(admin, SqlClient.SqlClient)
    yield* Effect.acquireRelease(
      adminSql`create database ${adminSql(name)} template ${adminSql(template)}`,
      () =>
        keepDatabases()
          ? Effect.sync(() => console.log(`growth: kept database ${name}`))
          : Effect.ignore(adminSql`drop database if exists ${adminSql(name)} with (force)`)
    )
    return name
  })

const startWorld = (adminUrl: Redacted.Redacted, label: "small" | "full", scale: number) =>
  Effect.gen(function*() {
    const reused = reusedDatabases()?.[label]
    const name = reused ?? (yield* newDatabase(adminUrl, label))
    const context = yield* Layer.build(
      serveOn(0).pipe(
        Layer.provideMerge(AppConfig.layerTest({ adminPassword: Option.some(Redacted.make(ADMIN_PASSWORD)) })),
        Layer.provideMerge(Postgres.layer({ url: withDatabase(adminUrl, name), applicationName: "quote-bench-growth" }))
      )
    )
    let started = Date.now()
    if (reused === undefined) {
      yield* seedScenarios({ adminPassword: ADMIN_PASSWORD }).pipe(Effect.provideContext(context))
      started = Date.now()
      yield* seedGrowth(growthSize(scale)).pipe(Effect.provideContext(context))
    }
    const sql = Context.get(context, SqlClient.SqlClient).withoutTransforms()
    const [latest] = yield* sql<{ readonly id: string; readonly client_id: string }>`
      select id, client_id from quotations order by created_at desc, code desc limit 1`
    const address = Context.get(context, HttpServer.HttpServer).address
    if (address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected a TCP server"))
    return { base: `http://127.0.0.1:${address.port}`, latest: latest!, seedSeconds: (Date.now() - started) / 1000 }
  })

const previousMonth = () => {
  const now = new Date()
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) }
}

const targets = (latest: { readonly id: string; readonly client_id: string }): ReadonlyArray<Target> => {
  const month = previousMonth()
  return [
    { name: "admin GET /api/quotations", as: "admin", path: "/api/quotations", target: FLAT_TARGET },
    { name: "admin GET /api/quotations?status=pending", as: "admin", path: "/api/quotations?status=pending", target: FLAT_TARGET },
    { name: "advisor GET /api/quotations (own)", as: "advisor", path: "/api/quotations", target: FLAT_TARGET },
    { name: "client GET /api/quotations (its company)", as: "client", path: "/api/quotations", target: FLAT_TARGET },
    { name: "admin GET /api/quotations/:id", as: "admin", path: `/api/quotations/${latest.id}`, target: FLAT_TARGET },
    { name: "admin GET /api/advisor/clients (page 1)", as: "admin", path: "/api/advisor/clients", target: FLAT_TARGET },
    {
      name: "admin GET /api/advisor/clients?search=",
      as: "admin",
      path: `/api/advisor/clients?search=${encodeURIComponent(clientSearchWord.toLowerCase())}`,
      target: FLAT_TARGET
    },
    {
      name: "admin GET /api/advisor/companies?search=",
      as: "admin",
      path: `/api/advisor/companies?search=${encodeURIComponent(companySearchWord.toLowerCase())}`,
      target: FLAT_TARGET
    },
    {
      name: "admin GET /api/advisor/clients/:id/quotations",
      as: "admin",
      path: `/api/advisor/clients/${latest.client_id}/quotations`,
      target: FLAT_TARGET
    },
    { name: "admin GET /api/stats/admin (all time)", as: "admin", path: "/api/stats/admin", target: FLAT_TARGET },
    {
      name: "admin GET /api/stats/admin (one month)",
      as: "admin",
      path: `/api/stats/admin?dateFrom=${month.from}&dateTo=${month.to}`,
      target: RANGE_TARGET
    },
    { name: "advisor GET /api/stats/advisor", as: "advisor", path: "/api/stats/advisor", target: FLAT_TARGET },
    { name: "admin GET /api/price-lists", as: "admin", path: "/api/price-lists", target: FLAT_TARGET },
    { name: "admin GET /api/promotions", as: "admin", path: "/api/promotions", target: FLAT_TARGET }
  ]
}

const unpaginated = ["/api/clients", "/api/companies", "/api/advisor/companies"] as const

type Timing = { readonly p50: number; readonly p95: number }

const measureWorld = (adminUrl: Redacted.Redacted, label: "small" | "full", scale: number, withMemory: boolean) =>
  Effect.scoped(Effect.gen(function*() {
    const world = yield* startWorld(adminUrl, label, scale)
    return yield* Effect.promise(async () => {
      const session: Session = {
        admin: await login(world.base, "admin@example.com"),
        advisor: await login(world.base, "asesor@example.com"),
        client: await login(world.base, "cliente@example.com")
      }
      const timings = new Map<string, Timing>()
      for (const target of targets(world.latest)) {
        timings.set(target.name, await timeRequests(world.base, target.path, session[target.as]))
      }
      const memory = new Map<string, { readonly mb: number; readonly items: number }>()
      if (withMemory) {
        // One unmeasured pass first: the first allocation-heavy work after start grows V8's
        // young generation to its configured size (≈ 100 MB here, once, whatever the
        // list's length: docs/performance.md), which is not memory held for the list.
        for (const path of unpaginated) await countItems(world.base, path, session.admin)
        const sampler = rssSampler()
        try {
          for (const path of unpaginated) {
            await new Promise((resolve) => setTimeout(resolve, 200))
            const before = await sampler.reset()
            const items = await countItems(world.base, path, session.admin)
            await new Promise((resolve) => setTimeout(resolve, 20))
            memory.set(path, { mb: ((await sampler.peak()) - before) / 1024 / 1024, items })
          }
        } finally {
          await sampler.close()
        }
      }
      return { timings, memory, seedSeconds: world.seedSeconds }
    })
  }))

export const runGrowthBench = async (): Promise<Array<BenchResult>> => {
  const scale = scaleArgument()
  const program = Effect.gen(function*() {
    const adminUrl = Redacted.make(yield* databaseUrl)
    const small = yield* measureWorld(adminUrl, "small", 0.0001, false)
    const full = yield* measureWorld(adminUrl, "full", scale, true)
    return { small, full }
  }).pipe(Effect.provideService(References.MinimumLogLevel, "Warn"))
  const { small, full } = await Effect.runPromise(program)
  const size = growthSize(scale)
  const results: Array<BenchResult> = targets({ id: "", client_id: "" }).map((target) => {
    const before = small.timings.get(target.name)!
    const after = full.timings.get(target.name)!
    const ratio = after.p50 / Math.max(before.p50, FLOOR_MS)
    return {
      name: `growth: ${target.name}`,
      ratio,
      targetText: `≤ ${target.target}× the small p50 (floored at ${FLOOR_MS} ms)`,
      pass: ratio <= target.target,
      figures: {
        "small p50 / p95 ms": `${before.p50.toFixed(1)} / ${before.p95.toFixed(1)}`,
        [`full p50 / p95 ms (${size.quotations.toLocaleString("en-US")} quotations, ${size.clients.toLocaleString("en-US")} clients)`]:
          `${after.p50.toFixed(1)} / ${after.p95.toFixed(1)}`
      }
    }
  })
  for (const path of unpaginated) {
    const figure = full.memory.get(path)!
    results.push({
      name: `growth: admin GET ${path} peak RSS increase (MB)`,
      ratio: figure.mb,
      targetText: `≤ ${MEMORY_TARGET_MB} MB`,
      pass: figure.mb <= MEMORY_TARGET_MB,
      figures: { items: figure.items, "seed seconds (full)": Math.round(full.seedSeconds) }
    })
  }
  return results
}
