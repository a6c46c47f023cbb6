/**
 * The service in a process of its own, started as `npm start` starts it (node with the
 * `start` script's arguments), for the benches that watch the process rather than the
 * requests (`soak.ts`, `process-footprint.ts`): its resident memory is the service's
 * alone, not the load generator's or the bench's.
 *
 * - PostgreSQL: a fresh database cloned from the migrated template on
 *   `BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else the local server (dropped with
 *   the scope), seeded with the test scenarios by the bench, and the server in the
 *   `test` environment on it.
 * - Embedded: the development server on a new `DATA_DIR` (its first start migrates and
 *   loads the scenarios, as `npm start` does on a new machine; removed with the scope).
 *
 * Either way the integration API is set up through the API (`integration-setup.ts`) and
 * an admin is logged in, for the mixed traffic of `mixed-traffic.ts`. The server's log
 * lines go where a deployment's go, to its standard output (here /dev/null), at its
 * default level.
 */
import { Config, Effect, Layer, Option, Redacted, References, type Scope } from "effect"
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { AppConfig } from "@quote/core/shared/app-config"
import * as Postgres from "../packages/adapters/src/infra/database/postgres.ts"
import { seedScenarios } from "../packages/adapters/src/dev/seed/scenarios.ts"
import { postgresTestDatabase } from "../packages/adapters/src/dev/test-database/database-templates.ts"
import { freePort, startScriptArguments, startScriptEnvironment } from "../test/support/server-process.ts"
import { type IntegrationSetup, postJson, prepareIntegration } from "./integration-setup.ts"

export const ADMIN_PASSWORD = "bench-admin-password"

const root = fileURLToPath(new URL("..", import.meta.url))

export const benchDatabaseUrl = Config.String("BENCH_DATABASE_URL").pipe(
  Config.orElse(() => Config.String("TEST_DATABASE_URL")),
  Config.withDefault("postgres://postgres@127.0.0.1:5432/postgres")
)

export interface ServiceProcess {
  readonly base: string
  readonly pid: number
  readonly setup: IntegrationSetup
  readonly adminToken: string
  /** The database's URL (PostgreSQL only), for the bench's own checks. */
  readonly databaseUrl: Option.Option<Redacted.Redacted>
  /** The process's resident memory now, in MB (`/proc/<pid>/status`). */
  readonly rssMb: () => number
  /** Milliseconds from the spawn to the first 200 of `/api/ready`. */
  readonly readyMs: number
  /** `performance.now()` at that first 200. */
  readonly readyAt: number
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))


export const rssMegabytes = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
  return match === null ? Number.NaN : Number(match[1]) / 1024
}

const waitReady = async (base: string, exited: () => string | undefined) => {
  const until = Date.now() + 300_000
  while (Date.now() < until) {
    const failure = exited()
    if (failure !== undefined) throw new Error(failure)
    const status = await fetch(`${base}/api/ready`).then((response) => response.status, () => 0)
    if (status === 200) return
    await sleep(10)
  }
  throw new Error(`${base} was not ready within 300 s`)
}

/**
 * The server process on `env`, killed with the scope; resolves once `/api/ready` answers
 * 200. `nodeArguments`: node's arguments, `npm start`'s unless given (for A/B runs of flags).
 */
const spawnServer = (env: NodeJS.ProcessEnv, nodeArguments: ReadonlyArray<string> = startScriptArguments) =>
  Effect.gen(function*() {
    const port = yield* Effect.promise(freePort)
    const base = `http://127.0.0.1:${port}`
    const started = performance.now()
    const child = yield* Effect.acquireRelease(
      Effect.sync(() =>
        spawn(process.execPath, nodeArguments, {
          cwd: root,
          // The console's build is never checked or built (`CONSOLE_DIR` set): not what is measured.
          env: { ...startScriptEnvironment, ...env, PORT: String(port), CONSOLE_DIR: env.CONSOLE_DIR ?? "packages/web/dist" },
          stdio: ["ignore", "pipe", "pipe"]
        })
      ),
      (child) =>
        Effect.promise(async () => {
          if (child.exitCode !== null || child.signalCode !== null) return
          const exited = new Promise((resolve) => child.once("exit", resolve))
          child.kill("SIGTERM")
          if ((await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)])) === false) child.kill("SIGKILL")
        })
    )
    let stdout = ""
    let stderr = ""
    // Only the start is kept (the admin login and demo key of a first start); the rest is read and dropped.
    child.stdout.on("data", (chunk) => {
      if (stdout.length < 20_000) stdout += String(chunk)
    })
    child.stderr.on("data", (chunk) => {
      if (stderr.length < 20_000) stderr += String(chunk)
    })
    yield* Effect.promise(() =>
      waitReady(base, () =>
        child.exitCode === null && child.signalCode === null ? undefined : `the server exited: ${stderr || stdout}`)
    )
    const readyAt = performance.now()
    return { base, pid: child.pid!, readyMs: readyAt - started, readyAt, output: () => stdout }
  })

const describeService = (
  server: { readonly base: string; readonly pid: number; readonly readyMs: number; readonly readyAt: number },
  databaseUrl: Option.Option<Redacted.Redacted>
): Effect.Effect<ServiceProcess> =>
  Effect.promise(async () => {
    const setup = await prepareIntegration(server.base, ADMIN_PASSWORD)
    const login = await postJson(`${server.base}/api/auth/login`, { email: "admin@example.com", password: ADMIN_PASSWORD })
    const { base, pid, readyAt, readyMs } = server
    return { base, pid, readyMs, readyAt, setup, adminToken: String(login.accessToken), databaseUrl, rssMb: () => rssMegabytes(pid) }
  })

const serviceEnvironment = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The mixed traffic runs far over the default per-key limit (600 a minute): not what is measured.
    API_KEY_RATE_LIMIT_PER_MINUTE: "1000000",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    ...extra
  }
  for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "DATA_DIR", "NODE_OPTIONS"]) if (!(name in extra)) delete env[name]
  return env
}

/** The service on a fresh PostgreSQL database seeded with the scenarios, for the scope. */
export const postgresService = (
  extraEnv: NodeJS.ProcessEnv = {},
  nodeArguments?: ReadonlyArray<string>
): Effect.Effect<ServiceProcess, unknown, Scope.Scope> =>
  Effect.gen(function*() {
    const database = yield* postgresTestDatabase(Redacted.make(yield* benchDatabaseUrl))
    // Seeded from the bench through a pool of its own, closed before the server starts.
    yield* seedScenarios({ adminPassword: ADMIN_PASSWORD }).pipe(
      Effect.provide(Layer.mergeAll(
        AppConfig.layerTest({ adminPassword: Option.some(Redacted.make(ADMIN_PASSWORD)) }),
        Postgres.layer({ url: database.url, applicationName: "quote-bench-seed" })
      )),
      Effect.scoped,
      Effect.provideService(References.MinimumLogLevel, "Warn")
    )
    const server = yield* spawnServer(serviceEnvironment({
      APP_ENV: "test",
      DATABASE_URL: Redacted.value(database.url),
      SESSION_SECRET: "bench-session-secret-of-at-least-32-characters",
      ...extraEnv
    }), nodeArguments)
    return yield* describeService(server, Option.some(database.url))
  })

/**
 * The development server on a new embedded database, for the scope: a first start
 * migrates and loads the scenarios (as `npm start` does on a new machine) and stops; the
 * service measured is the next start on that database, as every later start is.
 */
export const embeddedService = (extraEnv: NodeJS.ProcessEnv = {}): Effect.Effect<ServiceProcess, unknown, Scope.Scope> =>
  Effect.gen(function*() {
    const dataDir = yield* Effect.acquireRelease(
      Effect.sync(() => mkdtempSync(join(tmpdir(), "quote-bench-embedded-"))),
      (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
    )
    const env = serviceEnvironment({ APP_ENV: "development", DATA_DIR: dataDir, ADMIN_PASSWORD, ...extraEnv })
    yield* Effect.scoped(spawnServer(env))
    const server = yield* spawnServer(env)
    return yield* describeService(server, Option.none())
  })
