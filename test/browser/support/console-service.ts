/**
 * The service with its console, started as a user starts it (`npm start`'s node
 * arguments, APP_ENV=development, so the first start seeds the test scenarios) on a fresh
 * database: an embedded one in a temporary DATA_DIR, or a new `quote_browser_<random>`
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped on stop), serving a
 * build of the console's current sources made for it (`buildConsole`). Used by the
 * browser tests' global setup and by the `console` bench.
 */
import { spawn, spawnSync } from "node:child_process"
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { randomBytes } from "node:crypto"
import { baseEnvironment, collect, freePort, root, startScriptArguments, startScriptEnvironment } from "../../support/server-process.ts"

/** Every seeded user's password in the browser tests and the console bench. */
export const seedPassword = "browser-password"

export interface ConsoleService {
  readonly baseUrl: string
  /** The fresh PostgreSQL database it runs on (for a scene set in SQL); undefined on the embedded one. */
  readonly databaseUrl: string | undefined
  /** What the server printed so far. */
  readonly output: () => string
  readonly stop: () => Promise<void>
}

export interface ConsoleServiceOptions {
  /** Extra variables for the server (e.g. a small LOGIN_MAX_FAILURES_PER_ACCOUNT). */
  readonly env?: Record<string, string>
  /** PostgreSQL server to create the fresh database on; default TEST_DATABASE_URL, embedded when unset. */
  readonly postgresUrl?: string | undefined
  /** Also write the server's output to this file as it comes. */
  readonly logFile?: string
}

/** Node 24 (the `node` devDependency) even when this process runs on the machine's older node. */
const node24 = (): string =>
  Number(process.versions.node.split(".")[0]) >= 24 ? process.execPath : join(root, "node_modules/node/bin/node")

/**
 * Builds the console's current sources into a directory of its own (Vite, ~3 s), served
 * through CONSOLE_DIR: a rebuild of packages/web/dist by someone else on the machine (or
 * `npm start`'s build-when-stale) cannot pull the files from under a running test.
 * `extraViteArguments` go to `vite build` (`--manifest`, for the console's budget bench).
 */
export const buildConsole = (outDir: string, extraViteArguments: ReadonlyArray<string> = []): void => {
  const build = spawnSync("npm", ["run", "build", "-w", "@quote/web", "--", "--outDir", outDir, "--emptyOutDir", ...extraViteArguments], {
    cwd: root,
    encoding: "utf8"
  })
  if (build.status !== 0) throw new Error(`the console did not build:\n${build.stdout}\n${build.stderr}`)
}

const psql = (url: string, statement: string): void => {
  const result = spawnSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-q", "-c", statement], { encoding: "utf8" })
  if (result.status !== 0) throw new Error(`psql failed (${statement}): ${result.stderr}`)
}

interface Database {
  readonly env: Record<string, string>
  readonly url: string | undefined
  readonly drop: () => void
}

const freshDatabase = (postgresUrl: string | undefined): Database => {
  if (postgresUrl === undefined || postgresUrl.trim() === "") {
    const dataDir = mkdtempSync(join(tmpdir(), "quote-browser-"))
    return { env: { DATA_DIR: dataDir }, url: undefined, drop: () => rmSync(dataDir, { recursive: true, force: true }) }
  }
  const name = `quote_browser_${randomBytes(4).toString("hex")}`
  psql(postgresUrl, `create database ${name}`)
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  // The development session secret is kept in DATA_DIR even on PostgreSQL.
  const dataDir = mkdtempSync(join(tmpdir(), "quote-browser-"))
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    url: url.toString(),
    drop: () => {
      psql(postgresUrl, `drop database if exists ${name} with (force)`)
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** Polls `/api/ready` until it answers 200; otherwise answers why it gave up. */
const waitReady = async (baseUrl: string, exited: () => boolean, deadline: number): Promise<string | undefined> => {
  let last = "no answer"
  while (Date.now() < deadline) {
    if (exited()) return `the server exited (last poll: ${last})`
    try {
      const answer = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(5_000) })
      if (answer.status === 200) return undefined
      last = `${answer.status} ${await answer.text()}`
    } catch (error) {
      last = `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return `not ready in time (last poll: ${last})`
}

export const startConsoleService = async (options: ConsoleServiceOptions = {}): Promise<ConsoleService> => {
  const consoleDir = mkdtempSync(join(tmpdir(), "quote-browser-console-"))
  try {
    buildConsole(consoleDir)
  } catch (error) {
    rmSync(consoleDir, { recursive: true, force: true })
    throw error
  }
  const database = freshDatabase("postgresUrl" in options ? options.postgresUrl : process.env.TEST_DATABASE_URL)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const environment = baseEnvironment()
  // The test runner's own module hooks (Playwright's TypeScript loader) are not the server's.
  delete environment.NODE_OPTIONS
  const child = spawn(node24(), startScriptArguments, {
    cwd: root,
    env: {
      ...startScriptEnvironment,
      ...environment,
      APP_ENV: "development",
      PORT: String(port),
      ADMIN_PASSWORD: seedPassword,
      CONSOLE_DIR: consoleDir,
      ...database.env,
      ...options.env
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  const { output, exited } = collect(child)
  if (options.logFile !== undefined) {
    mkdirSync(dirname(options.logFile), { recursive: true })
    const log = createWriteStream(options.logFile)
    child.stdout.pipe(log)
    child.stderr.pipe(log)
  }
  let ended = false
  void exited.then(() => (ended = true))
  const printed = () => {
    const { stdout, stderr } = output()
    return `${stdout}${stderr}`
  }
  const stop = async () => {
    if (!ended) {
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
      await exited
      clearTimeout(timer)
    }
    database.drop()
    rmSync(consoleDir, { recursive: true, force: true })
  }
  const notReady = await waitReady(baseUrl, () => ended, Date.now() + 180_000)
  if (notReady !== undefined) {
    await stop()
    throw new Error(`the service did not become ready at ${baseUrl}: ${notReady}; its output:\n${printed()}`)
  }
  return { baseUrl, databaseUrl: database.url, output: printed, stop }
}
