/**
 * CLI start-up benchmark (issue #13): how long `cutoff preview` takes as a chatbot
 * developer runs it, against a bare Node start on the same Node.
 *
 * Target: the median wall time of `node packages/cli/src/main.ts cutoff preview … --json`
 * is at most 5 × the median of `node -e 0`, both spawned RUNS times, interleaved, by the
 * same Node (this process's, the pinned Node 24). The command runs as `npm run cli` runs
 * it (`--conditions=quote-source`, the workspace's sources). One warm-up run first fills
 * Node's compile cache, which the CLI enables, as any second run of it finds it; the
 * figure with the cache disabled (a first run after a change) is printed beside it.
 *
 * `npx node --conditions=quote-source bench/cli-startup.ts` prints the figures;
 * `runCliStartupBench()` returns them.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { BenchResult } from "./run.ts"

const TARGET = 5
const RUNS = 15

const root = fileURLToPath(new URL("..", import.meta.url))

const BASELINE = ["-e", "0"]
const PREVIEW = [
  "--conditions=quote-source",
  "packages/cli/src/main.ts",
  "cutoff",
  "preview",
  "--days",
  "1,4",
  "--frequency",
  "weekly",
  "--cutoff-days-before",
  "1",
  "--cutoff-time",
  "17:00",
  "--at",
  "2026-11-24T10:00:00-05:00",
  "--json"
]

const COLD = { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1" }

/** Wall time (ms) of one spawned Node with `args`; throws if the process fails. */
const timeRun = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = process.env): number => {
  const started = process.hrtime.bigint()
  const finished = spawnSync(process.execPath, args, { cwd: root, env, encoding: "utf8" })
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6
  if (finished.status !== 0) throw new Error(`node ${args.join(" ")} exited ${finished.status}: ${finished.stderr}`)
  return elapsed
}

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

export const runCliStartupBench = async (): Promise<BenchResult> => {
  const printed = spawnSync(process.execPath, PREVIEW, { cwd: root, encoding: "utf8" })
  if (printed.status !== 0 || JSON.parse(printed.stdout).isOpen !== true) {
    throw new Error(`cutoff preview did not print the expected status: ${printed.stderr}`)
  }
  const baseline: Array<number> = []
  const preview: Array<number> = []
  const cold: Array<number> = []
  for (let i = 0; i < RUNS; i++) {
    baseline.push(timeRun(BASELINE))
    preview.push(timeRun(PREVIEW))
    cold.push(timeRun(PREVIEW, COLD))
  }
  const ratio = median(preview) / median(baseline)
  return {
    name: "cli startup: cutoff preview vs node -e 0",
    ratio,
    targetText: `≤ ${TARGET}`,
    pass: ratio <= TARGET,
    figures: {
      "node -e 0, median ms": median(baseline).toFixed(1),
      "cutoff preview, median ms": median(preview).toFixed(1),
      "cutoff preview without compile cache, median ms": median(cold).toFixed(1),
      "ratio without compile cache": (median(cold) / median(baseline)).toFixed(2),
      runs: RUNS
    }
  }
}

if (import.meta.main) {
  const result = await runCliStartupBench()
  console.log(result.name)
  for (const [label, value] of Object.entries(result.figures ?? {})) console.log(`  ${label}: ${value}`)
  console.log(`  ratio: ${result.ratio.toFixed(2)} (target ${result.targetText}) ${result.pass ? "PASS" : "FAIL"}`)
}
