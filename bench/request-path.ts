/**
 * `npm run bench -- request-path` (issue #27, item 1): what our own request path costs
 * beside the framework's, layer by layer. Servers in three processes of their own, loaded one
 * at a time by autocannon (16 connections, in a worker thread of this process):
 *
 * - raw `node:http` answering a JSON hello — the baseline every ratio divides by;
 * - a bare Effect HTTP server (router, no middleware) answering the same hello, then the
 *   service's request path rebuilt one layer at a time on `GET /api/health` with its own
 *   middlewares and log output (`hello-servers.ts`) — printed with what each layer adds
 *   to a request's time, in raw hello times;
 * - the same bare Effect hello in a process that has imported the service's modules
 *   (`hello-servers.ts --with-service-modules`): the ceiling of any route in a process of
 *   the service's size, whatever its own path does;
 * - the service as `npm start` starts it on PostgreSQL (`service-process.ts`), at its
 *   default log level (a request log line per request, to a pipe this process drains),
 *   answering `GET /api/health` (no key, no database) and `GET /api/integrations/cutoff`
 *   with an API key.
 *
 * Each load is also printed as the server process's CPU time per request (median of the
 * rounds), a figure a noisy machine moves less than throughput.
 *
 * After a warm-up of each, `ROUNDS` interleaved rounds (raw, the layers, the ceiling, health, cutoff);
 * each round's ratios against its own raw figure; the median round counts. Targets:
 * health ≥ 0.6, cutoff ≥ 0.45 of raw hello.
 */
import { Effect, type Scope } from "effect"
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { load, type LoadResult } from "./http-baseline.ts"
import { postgresService } from "./service-process.ts"
import { startScriptArguments, startScriptEnvironment } from "../test/support/server-process.ts"
import type { BenchResult } from "./run.ts"

/**
 * The V8 flags `npm start` gives the service (heap sizing, no pretenuring) and the variables
 * it sets (the C allocator's): the layered servers run with the same.
 */
const serviceNodeFlags = startScriptArguments.filter((argument) => argument.startsWith("--"))

const WARMUP_SECONDS = 3
const ROUND_SECONDS = 4
const ROUNDS = 5
const HEALTH_TARGET = 0.6
const CUTOFF_TARGET = 0.45

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** The layers of `hello-servers.ts`, in the order they are printed, with what each adds. */
const LAYERS = [
  ["effect", "bare Effect HTTP server hello (router, no middleware)"],
  ["api", "HttpApiBuilder, one endpoint (GET /api/health, no middleware)"],
  ["envelope", "+ request envelope, logging off"],
  ["logged", "+ its request log line"],
  ["edge", "+ edge security (every global middleware of the service)"]
] as const

type Layer = typeof LAYERS[number][0]

/** A round's load, with the server process's CPU time per request served. */
interface Measured extends LoadResult {
  readonly cpuMicrosPerRequest: number
}

/**
 * The process's CPU time so far, in seconds (`/proc/<pid>/stat`: user and system, in
 * clock ticks of 1/100 s): CPU per request moves less with a noisy machine than
 * throughput does.
 */
const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
  return (Number(fields[11]) + Number(fields[12])) / 100
}
/** `ceiling`: the bare Effect hello in a process that has imported the service's modules. */
type Target = "raw" | Layer | "ceiling" | "health" | "cutoff"

/** The baseline and layer servers' process, killed with the scope: its ports by name. */
const helloServers = (
  options: { readonly withServiceModules: boolean }
): Effect.Effect<{ readonly pid: number; readonly ports: Record<"raw" | Layer, number> }, never, Scope.Scope> =>
Effect.gen(function*() {
  const child = yield* Effect.acquireRelease(
    Effect.sync(() =>
      spawn(
        process.execPath,
        [
          ...serviceNodeFlags,
          fileURLToPath(new URL("./hello-servers.ts", import.meta.url)),
          ...(options.withServiceModules ? ["--with-service-modules"] : [])
        ],
        // Standard output carries the ports, then the request log lines (read and dropped).
        { env: { ...startScriptEnvironment, ...process.env }, stdio: ["ignore", "pipe", "inherit"] }
      )
    ),
    (child) => Effect.sync(() => child.kill("SIGKILL"))
  )
  const line = yield* Effect.promise(() =>
    new Promise<string>((resolve) => createInterface({ input: child.stdout }).once("line", resolve))
  )
  return { pid: child.pid!, ports: JSON.parse(line) as Record<"raw" | Layer, number> }
})

const measure = Effect.scoped(Effect.gen(function*() {
  const { pid: helloPid, ports } = yield* helloServers({ withServiceModules: false })
  const ceilingServers = yield* helloServers({ withServiceModules: true })
  const service = yield* postgresService()
  const targets = {
    raw: { url: `http://127.0.0.1:${ports.raw}/` },
    ...Object.fromEntries(LAYERS.map(([key]) => [key, { url: `http://127.0.0.1:${ports[key]}/api/health` }])),
    ceiling: { url: `http://127.0.0.1:${ceilingServers.ports.effect}/api/health` },
    health: { url: `${service.base}/api/health` },
    cutoff: { url: `${service.base}${service.setup.cutoffPath}`, headers: { authorization: `Bearer ${service.setup.apiKey}` } }
  } as Record<Target, Parameters<typeof load>[0]>
  const keys = Object.keys(targets) as Array<Target>
  return yield* Effect.promise(async () => {
    for (const key of keys) await load({ ...targets[key], duration: WARMUP_SECONDS })
    const rounds: Array<Record<Target, Measured>> = []
    for (let round = 0; round < ROUNDS; round++) {
      const results = {} as Record<Target, Measured>
      for (const key of keys) {
        const pid = key === "health" || key === "cutoff" ? service.pid : key === "ceiling" ? ceilingServers.pid : helloPid
        const cpuBefore = cpuSeconds(pid)
        const result = await load({ ...targets[key], duration: ROUND_SECONDS })
        results[key] = { ...result, cpuMicrosPerRequest: ((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, result.total) }
      }
      rounds.push(results)
    }
    return rounds
  })
}))

export const runRequestPathBench = async (): Promise<Array<BenchResult>> => {
  const rounds = await Effect.runPromise(measure)
  const perRound = (key: Target) => rounds.map((round) => round[key].requestsPerSec / round.raw.requestsPerSec)
  const reqs = (key: Target) => rounds.map((round) => Math.round(round[key].requestsPerSec)).join(" / ")
  const cpu = (key: Target) => `${Math.round(median(rounds.map((round) => round[key].cpuMicrosPerRequest)))} µs CPU per request`
  const failures = (key: Target) => rounds.reduce((sum, round) => sum + round[key].failures, 0)
  // Each layer's median ratio, and what it adds to a request's time in raw hellos (1 / ratio − 1 / previous).
  let previous = 1
  const layerFigures: Record<string, string> = {}
  for (const [key, label] of LAYERS) {
    const ratio = median(perRound(key))
    layerFigures[label] = `${ratio.toFixed(3)} of raw (+${(1 / ratio - 1 / previous).toFixed(2)} raw hello times), ${cpu(key)}`
    previous = ratio
  }
  const figures = {
    "raw node:http hello req/s per round": `${reqs("raw")}, ${cpu("raw")}`,
    ...layerFigures,
    "bare Effect hello in a process that imported the service's modules (the ceiling)": `${
      median(perRound("ceiling")).toFixed(3)
    } of raw, ${cpu("ceiling")}`,
    "GET /api/health req/s per round": `${reqs("health")}, ${cpu("health")}`,
    "GET /api/integrations/cutoff (API key) req/s per round": `${reqs("cutoff")}, ${cpu("cutoff")}`
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
