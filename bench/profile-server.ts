/**
 * `npx node --conditions=quote-source bench/profile-server.ts [health|cutoff|mixed] [--seconds N] [--top N]`:
 * a CPU profile of the service under load (issue #27; docs/performance.md, "The request
 * path"). The service runs as `npm start` starts it on PostgreSQL (`service-process.ts`)
 * with `cpu-profile-on-signal.mjs` preloaded; autocannon loads one endpoint (or the mixed
 * traffic) for 3 s of warm-up, then for N seconds (default 15) with the profiler on, so the
 * profile holds the steady load alone. It is written to `/tmp/quote-profile-*` and
 * summarised here: self time by package or source file, and the top functions. Open the
 * `.cpuprofile` in Chrome's DevTools for the call tree.
 */
import { Effect } from "effect"
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { load } from "./http-baseline.ts"
import { mixedRequests } from "./mixed-traffic.ts"
import { postgresService, sleep } from "./service-process.ts"
import { startScriptArguments } from "../test/support/server-process.ts"

interface ProfileNode {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly hitCount?: number
}

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name)
  return index === -1 ? fallback : Number(process.argv[index + 1])
}

const target = process.argv[2] ?? "cutoff"
const seconds = option("--seconds", 15)
const top = option("--top", 30)
const dir = mkdtempSync(join(tmpdir(), "quote-profile-"))

const profileFile = join(dir, "server.cpuprofile")
const preload = fileURLToPath(new URL("./cpu-profile-on-signal.mjs", import.meta.url))

await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
  const service = yield* postgresService({ PROFILE_OUT: profileFile }, ["--import", preload, ...startScriptArguments])
  const key = { authorization: `Bearer ${service.setup.apiKey}` }
  const options = target === "mixed"
    ? { url: service.base, requests: yield* Effect.promise(() => mixedRequests(service)) }
    : target === "health"
    ? { url: `${service.base}/api/health` }
    : { url: `${service.base}${service.setup.cutoffPath}`, headers: key }
  // A warm-up first: the profile holds the steady load, not the compilation of the first requests.
  yield* Effect.promise(() => load({ ...options, duration: 3 }))
  process.kill(service.pid, "SIGUSR2")
  const result = yield* Effect.promise(() => load({ ...options, duration: seconds }))
  process.kill(service.pid, "SIGUSR2")
  yield* Effect.promise(async () => {
    for (let waited = 0; !existsSync(profileFile) && waited < 30_000; waited += 100) await sleep(100)
  })
  console.log(`${target}: ${Math.round(result.requestsPerSec)} req/s, p99 ${result.p99Ms} ms, failures ${result.failures}`)
})))

if (!existsSync(profileFile)) throw new Error(`no profile written to ${profileFile}`)
const profile = JSON.parse(readFileSync(profileFile, "utf8")) as { readonly nodes: ReadonlyArray<ProfileNode> }
const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0)
const where = (url: string) => {
  if (url === "") return "(native / idle / gc)"
  // Effect's own modules by file: the runtime, the HTTP server and the schemas are different costs.
  const effect = /node_modules\/effect\/dist\/(.+)\.js$/.exec(url)
  if (effect !== null) return `effect/${effect[1]}`
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (modules !== null) return modules[1]!
  const source = /\/packages\/(.+)$/.exec(url)
  return source === null ? url.replace(/^node:/, "node:") : source[1]!
}
const sum = (key: (node: ProfileNode) => string) => {
  const totals = new Map<string, number>()
  for (const node of profile.nodes) totals.set(key(node), (totals.get(key(node)) ?? 0) + (node.hitCount ?? 0))
  return [...totals].sort((a, b) => b[1] - a[1])
}
const percent = (hits: number) => `${((100 * hits) / total).toFixed(1).padStart(5)} %`
console.log(`\nself time by package or file (${total} samples; ${profileFile}):`)
for (const [name, hits] of sum((node) => where(node.callFrame.url)).slice(0, top)) console.log(`  ${percent(hits)}  ${name}`)
console.log("\ntop functions:")
for (const [name, hits] of sum((node) => `${node.callFrame.functionName || "(anonymous)"}  ${where(node.callFrame.url)}:${node.callFrame.lineNumber}`).slice(0, top)) {
  console.log(`  ${percent(hits)}  ${name}`)
}
