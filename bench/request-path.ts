/**
 * `npm run bench -- request-path` (issue #27, item 1): what our own request path costs
 * beside the framework's. Three servers, each in a process of its own, loaded one at a
 * time by autocannon (16 connections, in a worker thread of this process):
 *
 * - raw `node:http` answering a JSON hello — the baseline every ratio divides by;
 * - a bare Effect HTTP server (router, no middleware) answering the same hello
 *   (`hello-servers.ts`) — the framework's own share, printed beside it;
 * - the service as `npm start` starts it on PostgreSQL (`service-process.ts`), at its
 *   default log level (a request log line per request, to a pipe this process drains),
 *   answering `GET /api/health` (no key, no database) and `GET /api/integrations/cutoff`
 *   with an API key.
 *
 * After a warm-up of each, `ROUNDS` interleaved rounds (raw, Effect, health, cutoff);
 * each round's ratios against its own raw figure; the median round counts. Targets:
 * health ≥ 0.6, cutoff ≥ 0.45 of raw hello.
 */
import { Effect, type Scope } from "effect"
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { load, type LoadResult } from "./http-baseline.ts"
import { postgresService } from "./service-process.ts"
import type { BenchResult } from "./run.ts"

const WARMUP_SECONDS = 3
const ROUND_SECONDS = 4
const ROUNDS = 5
const HEALTH_TARGET = 0.6
const CUTOFF_TARGET = 0.45

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** The two hello servers' process, killed with the scope. */
const helloServers: Effect.Effect<{ readonly raw: string; readonly effect: string }, never, Scope.Scope> = Effect.gen(
  function*() {
    const child = yield* Effect.acquireRelease(
      Effect.sync(() =>
        spawn(process.execPath, ["--conditions=quote-source", fileURLToPath(new URL("./hello-servers.ts", import.meta.url))], {
          stdio: ["ignore", "pipe", "inherit"]
        })
      ),
      (child) => Effect.sync(() => child.kill("SIGKILL"))
    )
    const line = yield* Effect.promise(() =>
      new Promise<string>((resolve) => createInterface({ input: child.stdout }).once("line", resolve))
    )
    const ports = JSON.parse(line) as { readonly raw: number; readonly effect: number }
    return { raw: `http://127.0.0.1:${ports.raw}/`, effect: `http://127.0.0.1:${ports.effect}/` }
  }
)

type Target = "raw" | "effect" | "health" | "cutoff"

const measure = Effect.scoped(Effect.gen(function*() {
  const hello = yield* helloServers
  const service = yield* postgresService()
  const targets: Record<Target, Parameters<typeof load>[0]> = {
    raw: { url: hello.raw },
    effect: { url: hello.effect },
    health: { url: `${service.base}/api/health` },
    cutoff: { url: `${service.base}${service.setup.cutoffPath}`, headers: { authorization: `Bearer ${service.setup.apiKey}` } }
  }
  const keys = Object.keys(targets) as Array<Target>
  return yield* Effect.promise(async () => {
    for (const key of keys) await load({ ...targets[key], duration: WARMUP_SECONDS })
    const rounds: Array<Record<Target, LoadResult>> = []
    for (let round = 0; round < ROUNDS; round++) {
      const results = {} as Record<Target, LoadResult>
      for (const key of keys) results[key] = await load({ ...targets[key], duration: ROUND_SECONDS })
      rounds.push(results)
    }
    return rounds
  })
}))

export const runRequestPathBench = async (): Promise<Array<BenchResult>> => {
  const rounds = await Effect.runPromise(measure)
  const perRound = (key: Target) => rounds.map((round) => round[key].requestsPerSec / round.raw.requestsPerSec)
  const reqs = (key: Target) => rounds.map((round) => Math.round(round[key].requestsPerSec)).join(" / ")
  const failures = (key: Target) => rounds.reduce((sum, round) => sum + round[key].failures, 0)
  const figures = {
    "raw node:http hello req/s per round": reqs("raw"),
    "bare Effect HTTP server hello req/s per round": `${reqs("effect")} (median ratio ${median(perRound("effect")).toFixed(3)})`,
    "GET /api/health req/s per round": reqs("health"),
    "GET /api/integrations/cutoff (API key) req/s per round": reqs("cutoff")
  }
  const result = (name: string, key: "health" | "cutoff", target: number): BenchResult => {
    const ratio = median(perRound(key))
    return {
      name,
      ratio,
      targetText: `≥ ${target} of raw node:http hello`,
      pass: ratio >= target && failures(key) === 0,
      figures: {
        "ratio per round": perRound(key).map((value) => value.toFixed(3)).join(" / "),
        "bare Effect hello, median ratio": median(perRound("effect")).toFixed(3),
        failures: failures(key),
        ...(key === "health" ? figures : {})
      }
    }
  }
  return [
    result("request path: GET /api/health (no key, no database)", "health", HEALTH_TARGET),
    result("request path: GET /api/integrations/cutoff (API key)", "cutoff", CUTOFF_TARGET)
  ]
}
