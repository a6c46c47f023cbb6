/**
 * `npm run bench -- growth [--scale S]`: the reads of the web panel, at the test
 * scenarios' size and at production size in the same run (issue #14).
 *
 * Two PostgreSQL databases (`growth_*`, cloned from the migrated template on
 * `BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else the local server; dropped
 * afterwards), each with the scenarios seeded and a server started in this process:
 * "small" adds a token growth world (100 quotations), "full" the world of
 * `growth-seed.ts` at `--scale` (default 1: 100k clients over 20k companies, 1M
 * quotations). Each request is timed one at a time (latency, not throughput) by a client
 * in a worker thread (`growth-http-client.ts`): a warm-up, then 40 requests; p50 and
 * p95 are printed and the full p50 must stay within 2×
 * the small one (small figures floored at 5 ms), 5× for statistics over one month.
 * The unpaginated lists are served at full size while a worker samples the process RSS:
 * the peak increase over the RSS before the request must stay ≤ 50 MB, the median of
 * three passes after one unmeasured pass (the body is counted as it arrives, not kept:
 * the client thread is in this process).
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
import { AppConfig } from "@quote/core/shared/app-config"
import * as Postgres from "../packages/adapters/src/infra/database/postgres.ts"
import { seedScenarios } from "../packages/adapters/src/dev/seed/scenarios.ts"
import { ensurePostgresTemplate, withDatabase } from "../packages/adapters/src/dev/test-database/database-templates.ts"
import { serveOn } from "../packages/http/src/server.ts"
import { growthSize, seedGrowth } from "./growth-seed.ts"
import { FLOOR_MS, growthTargets, type Session, type Target, type WorldFacts } from "./growth-targets.ts"
import { postJson, prepareIntegration } from "./integration-setup.ts"
import type { BenchResult } from "./run.ts"
import type { ClientAsk, ClientReply, TimedRequest } from "./growth-http-client.ts"

const ADMIN_PASSWORD = "bench-admin-password"
const MEMORY_TARGET_MB = 50
const MEMORY_PASSES = 3

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

const login = async (base: string, email: string): Promise<string> =>
  String((await postJson(`${base}/api/auth/login`, { email, password: ADMIN_PASSWORD })).accessToken)

/** The HTTP client thread (`growth-http-client.ts`), asked one request at a time. */
const httpClient = () => {
  const worker = new Worker(new URL("./growth-http-client.ts", import.meta.url))
  let next = 0
  const ask = <A>(request: ClientAsk) =>
    new Promise<A>((resolve, reject) => {
      const id = next++
      const onReply = (reply: ClientReply) => {
        if (reply.id !== id) return
        worker.off("message", onReply)
        if ("error" in reply) reject(new Error(reply.error))
        else resolve(reply as A)
      }
      worker.on("message", onReply)
      worker.postMessage({ ...request, id })
    })
  return {
    time: (base: string, token: string, request: TimedRequest) =>
      ask<Timing & { readonly ids: ReadonlyArray<string> }>({ kind: "time", base, token, request }),
    count: (base: string, path: string, token: string) =>
      ask<{ readonly items: number }>({ kind: "count", base, path, token }).then((reply) => reply.items),
    close: () => worker.terminate()
  }
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

const unpaginated = ["/api/clients", "/api/companies", "/api/advisor/companies"] as const

type Timing = { readonly p50: number; readonly p95: number }

const variantKey = (target: Target) => `${target.name} / ${target.variant?.label}`

const timingText = (timing: Timing) => `${timing.p50.toFixed(1)} / ${timing.p95.toFixed(1)}`

const measureWorld = (adminUrl: Redacted.Redacted, label: "small" | "full", scale: number, withMemory: boolean) =>
  Effect.scoped(Effect.gen(function*() {
    const world = yield* startWorld(adminUrl, label, scale)
    const client = yield* Effect.acquireRelease(Effect.sync(httpClient), (client) => Effect.promise(client.close))
    return yield* Effect.promise(async () => {
      const integration = await prepareIntegration(world.base, ADMIN_PASSWORD)
      const session: Session = {
        admin: await login(world.base, "admin@example.com"),
        advisor: await login(world.base, "asesor@example.com"),
        client: await login(world.base, "cliente@example.com"),
        apiKey: integration.apiKey
      }
      const facts: WorldFacts = { latest: world.latest, integration }
      const targets = growthTargets(facts)
      const timings = new Map<string, Timing>()
      const answeredIds = new Map<string, ReadonlyArray<string>>()
      for (const target of targets) {
        const paths = target.idsFrom === undefined
          ? [target.path]
          : (answeredIds.get(target.idsFrom) ?? []).map((id) => target.path.replace(":id", id))
        const timing = await client.time(world.base, session[target.as], {
          method: target.method ?? "GET",
          paths,
          body: target.body,
          idempotencyKey: target.idempotencyKey
        })
        timings.set(target.name, timing)
        answeredIds.set(target.name, timing.ids)
        if (target.variant !== undefined) {
          timings.set(
            variantKey(target),
            await client.time(world.base, session[target.as], { method: "GET", paths: [target.variant.path] })
          )
        }
      }
      const memory = new Map<string, { readonly mb: ReadonlyArray<number>; readonly items: number }>()
      if (withMemory) {
        // One unmeasured pass first: the first long list grows V8's young generation to
        // its cap (+36 MB here with --max-semi-space-size=32, once, whatever the list's
        // length: docs/performance.md), which is not memory held for the list.
        for (const path of unpaginated) await client.count(world.base, path, session.admin)
        const sampler = rssSampler()
        try {
          for (const path of unpaginated) {
            // Three measured passes, judged by their median: memory held for the list
            // shows in every pass, the young generation committed again (after V8 gave
            // it back) in one.
            const mb: Array<number> = []
            let items = 0
            for (let pass = 0; pass < MEMORY_PASSES; pass++) {
              await new Promise((resolve) => setTimeout(resolve, 200))
              const before = await sampler.reset()
              items = await client.count(world.base, path, session.admin)
              await new Promise((resolve) => setTimeout(resolve, 20))
              mb.push(((await sampler.peak()) - before) / 1024 / 1024)
            }
            memory.set(path, { mb, items })
          }
        } finally {
          await sampler.close()
        }
      }
      return { targets, timings, memory, seedSeconds: world.seedSeconds }
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
  const results: Array<BenchResult> = small.targets.map((target) => {
    const before = small.timings.get(target.name)!
    const after = full.timings.get(target.name)!
    const ratio = after.p50 / Math.max(before.p50, FLOOR_MS)
    return {
      name: `growth: ${target.name}`,
      ratio,
      targetText: `≤ ${target.target}× the small p50 (floored at ${FLOOR_MS} ms)`,
      pass: ratio <= target.target,
      figures: {
        "small p50 / p95 ms": timingText(before),
        [`full p50 / p95 ms (${size.quotations.toLocaleString("en-US")} quotations, ${size.clients.toLocaleString("en-US")} clients)`]:
          timingText(after),
        ...(target.variant === undefined ? {} : {
          [`${target.variant.label}: small / full p50 / p95 ms`]:
            `${timingText(small.timings.get(variantKey(target))!)} → ${timingText(full.timings.get(variantKey(target))!)}`
        })
      }
    }
  })
  for (const path of unpaginated) {
    const figure = full.memory.get(path)!
    const median = [...figure.mb].sort((a, b) => a - b)[Math.floor(figure.mb.length / 2)]!
    results.push({
      name: `growth: admin GET ${path} peak RSS increase (MB, median of ${figure.mb.length} passes)`,
      ratio: median,
      targetText: `≤ ${MEMORY_TARGET_MB} MB`,
      pass: median <= MEMORY_TARGET_MB,
      figures: {
        items: figure.items,
        "each pass (MB)": figure.mb.map((mb) => mb.toFixed(1)).join(", "),
        "seed seconds (full)": Math.round(full.seedSeconds)
      }
    })
  }
  return results
}
