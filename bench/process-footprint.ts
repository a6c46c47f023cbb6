/**
 * Process footprint benchmark (issue #15, item 3): the development server on the
 * embedded database, started the way `npm start` starts it (node with the `start`
 * script's arguments, read from package.json; measured directly rather than through
 * npm's own process), on a database that already exists (one first start, which
 * loads the scenarios, runs before the measured ones).
 *
 * - ready: wall time from spawning the process to the first 200 of `/api/ready`
 *   (polled every 10 ms). Target ≤ 3 s; also printed against `node -e 0`.
 * - idle RSS: the server's resident memory (Linux `/proc/<pid>/status` VmRSS, else
 *   `ps`) 5 s after it became ready, with no request in between. Target ≤ 200 MB.
 *
 * Medians of RUNS starts. `npm run bench -- footprint`.
 */
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { freePort, startScriptArguments, startScriptEnvironment } from "../test/support/server-process.ts"
import type { BenchResult } from "./run.ts"

const RUNS = 3
const READY_TARGET_MS = 3_000
const RSS_TARGET_MB = 200
const IDLE_SETTLE_MS = 5_000

const root = fileURLToPath(new URL("..", import.meta.url))
/** The arguments `npm start` gives node. */
const SERVER = startScriptArguments

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))


const rssMegabytes = (pid: number): number => {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
    if (match) return Number(match[1]) / 1024
  } catch {
    // not Linux
  }
  return Number(spawnSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).stdout.trim()) / 1024
}

const waitReady = async (port: number, deadline: number): Promise<boolean> => {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200) return true
    } catch {
      // not listening yet
    }
    await sleep(10)
  }
  return false
}

interface Start {
  readonly readyMs: number
  readonly rssMb: number
}

/** One start of the server on `dataDir`: time to ready, RSS once idle; then SIGTERM. */
const startOnce = async (dataDir: string): Promise<Start> => {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...startScriptEnvironment, ...process.env, APP_ENV: "development", DATA_DIR: dataDir, PORT: String(port) }
  delete env.DATABASE_URL
  const started = performance.now()
  const child = spawn(process.execPath, SERVER, { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] })
  let stderr = ""
  child.stderr.on("data", (chunk) => (stderr += String(chunk)))
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()))
  try {
    if (!(await waitReady(port, Date.now() + 120_000))) throw new Error(`the server did not become ready: ${stderr}`)
    const readyMs = performance.now() - started
    await sleep(IDLE_SETTLE_MS)
    return { readyMs, rssMb: rssMegabytes(child.pid!) }
  } finally {
    child.kill("SIGTERM")
    await Promise.race([exited, sleep(15_000)])
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
  }
}

const nodeBaselineMs = (): number => {
  const runs: Array<number> = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    spawnSync(process.execPath, ["-e", "0"])
    runs.push(performance.now() - started)
  }
  return median(runs)
}

export const runProcessFootprintBench = async (): Promise<ReadonlyArray<BenchResult>> => {
  const dataDir = mkdtempSync(join(tmpdir(), "quote-footprint-"))
  try {
    const first = await startOnce(dataDir) // creates, migrates and seeds the database
    const starts: Array<Start> = []
    for (let i = 0; i < RUNS; i++) starts.push(await startOnce(dataDir))
    const readyMs = median(starts.map((start) => start.readyMs))
    const rssMb = median(starts.map((start) => start.rssMb))
    const baselineMs = nodeBaselineMs()
    return [
      {
        name: "footprint: npm start to /api/ready (embedded database, existing)",
        ratio: readyMs / READY_TARGET_MS,
        targetText: `≤ 1 (${READY_TARGET_MS} ms)`,
        pass: readyMs <= READY_TARGET_MS,
        figures: {
          "ready, median ms": readyMs.toFixed(0),
          "ready, each start ms": starts.map((start) => start.readyMs.toFixed(0)).join(", "),
          "first start (create, migrate, seed) ms": first.readyMs.toFixed(0),
          "node -e 0, median ms": baselineMs.toFixed(1),
          "ready / node -e 0": (readyMs / baselineMs).toFixed(1),
          runs: RUNS
        }
      },
      {
        name: "footprint: idle RSS after start (embedded database)",
        ratio: rssMb / RSS_TARGET_MB,
        targetText: `≤ 1 (${RSS_TARGET_MB} MB)`,
        pass: rssMb <= RSS_TARGET_MB,
        figures: {
          "idle RSS, median MB": rssMb.toFixed(0),
          "idle RSS, each start MB": starts.map((start) => start.rssMb.toFixed(0)).join(", "),
          "idle RSS after the first start MB": first.rssMb.toFixed(0),
          "measured after ready, ms": IDLE_SETTLE_MS
        }
      }
    ]
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  for (const result of await runProcessFootprintBench()) {
    console.log(result.name)
    for (const [label, value] of Object.entries(result.figures ?? {})) console.log(`  ${label}: ${value}`)
    console.log(`  ratio: ${result.ratio.toFixed(2)} (target ${result.targetText}) ${result.pass ? "PASS" : "FAIL"}`)
  }
}
