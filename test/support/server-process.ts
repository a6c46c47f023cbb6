/**
 * The service as separate processes, the way a user runs it: entry points, a clean
 * environment, output collection, a free port and readiness.
 */
import { Effect } from "effect"
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { createServer } from "node:net"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { checkFetched } from "./contract-validation.ts"

export const root = fileURLToPath(new URL("../..", import.meta.url))

/**
 * `npm start` as package.json's `start` script spells it: the environment it sets before
 * `node` (`NAME=value` words: the C allocator's settings, docs/operations.md) and the
 * arguments it gives node. Every process that stands for `npm start` takes both.
 */
const startScript = (() => {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }
  const words = manifest.scripts.start.split(/\s+/)
  const environment: Record<string, string> = {}
  let assignment: RegExpExecArray | null
  while (words.length > 0 && (assignment = /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(words[0]!)) !== null) {
    environment[assignment[1]!] = assignment[2]!
    words.shift()
  }
  const [command, ...args] = words
  if (command !== "node") throw new Error(`expected the start script to run node: ${manifest.scripts.start}`)
  return { environment, args }
})()
/** The variables `npm start` sets before running node. */
export const startScriptEnvironment: Readonly<Record<string, string>> = startScript.environment
/** The arguments `npm start` gives node (package.json's `start` script, after `node`). */
export const startScriptArguments: ReadonlyArray<string> = startScript.args
export const serverEntry = join(root, "packages/http/src/main.ts")
export const cliEntry = join(root, "packages/cli/src/main.ts")

/** The variables of this test process, minus the ones a test must control. */
export const baseEnvironment = (): NodeJS.ProcessEnv => {
  const env = { ...process.env }
  for (const name of ["APP_ENV", "DATABASE_URL", "SESSION_SECRET", "DATA_DIR", "PORT", "TEST_DATABASE_URL", "ADMIN_PASSWORD"]) {
    delete env[name]
  }
  return env
}

export interface Finished {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

/** Gathers a child's output from now on; `exited` resolves when it ends. */
export const collect = (child: ChildProcess) => {
  let stdout = ""
  let stderr = ""
  child.stdout?.on("data", (chunk) => (stdout += String(chunk)))
  child.stderr?.on("data", (chunk) => (stderr += String(chunk)))
  return {
    output: () => ({ stdout, stderr }),
    exited: new Promise<Finished>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr }))
    )
  }
}

/** Whether `command` runs here (`command args` exits 0): a machine tool a test needs, such as haproxy or pgbouncer. */
export const isInstalled = (command: string, args: ReadonlyArray<string> = ["--version"]): boolean => {
  try {
    execFileSync(command, args, { stdio: "ignore" })
    return true
  } catch {
    return false
  }
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer()
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

/**
 * Polls `/api/health` until it answers 200 (true) or the deadline passes (false). The
 * answer is checked against the served OpenAPI document (`contract-validation.ts`);
 * tests that call a started process themselves use `checkedFetch` for the same.
 */
export const waitForHealth = async (port: number, deadlineMs: number) => {
  const url = `http://127.0.0.1:${port}/api/health`
  const until = Date.now() + deadlineMs
  while (Date.now() < until) {
    // Undefined while not listening yet.
    const response = await fetch(url).catch(() => undefined)
    if (response?.status === 200) return (await checkFetched(url, {}, response)).ok
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

/** Runs the CLI as a user would, with `env`; succeeds with its exit and output. */
export const runCli = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  Effect.promise(() => collect(spawn(process.execPath, [cliEntry, ...args], { cwd: root, env })).exited)

/** The environment of a CLI on the embedded database in `dataDir` (development). */
export const embeddedCliEnvironment = (dataDir: string): NodeJS.ProcessEnv => ({ ...baseEnvironment(), DATA_DIR: dataDir })
