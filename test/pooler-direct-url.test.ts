/**
 * `DATABASE_DIRECT_URL` behind a transaction pooler (issue #26, docs/operations.md "Behind a
 * connection pooler"): the service reaches PostgreSQL through Debian's PgBouncer in
 * transaction mode as a login that may only read and write rows — as managed poolers are
 * often set up — and through the direct URL as the owner. It must then run its migrations
 * over the direct URL (the pooled login cannot create a table, which the test checks first,
 * so a migration sent through the pooler would stop the start) and `LISTEN` there (a
 * backend of the owner's login waits in `LISTEN`; none of the pooled login does), and
 * committed changes reach a webhook receiver within 1 s (p95). The CLI's `migrate` opens
 * the database the same way.
 *
 * Needs `pgbouncer` (`.ci/run` installs it) and PostgreSQL (`TEST_DATABASE_URL`): skipped
 * otherwise, saying why.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdtempSync, readdirSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startTestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import { adminEmail } from "@quote/adapters/dev/seed/scenario-data"
import { baseEnvironment, collect, freePort, isInstalled, root, runCli, serverEntry } from "./support/server-process.ts"
import { checkedFetch } from "./support/contract-validation.ts"

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() ?? ""
const pgbouncerInstalled = isInstalled("pgbouncer")
const skipReason = !pgbouncerInstalled
  ? "pgbouncer is not installed (apt-get install pgbouncer; .ci/run does)"
  : testDatabaseUrl === ""
  ? "a pooler in front of PostgreSQL needs PostgreSQL (TEST_DATABASE_URL)"
  : undefined
if (skipReason !== undefined) console.log(`test/pooler-direct-url.test.ts skipped: ${skipReason}`)

/** The login the pooler lets through: rows only, no DDL (granted by default privileges). */
const POOLED_ROLE = "quote_pooled_rows_only"
const ADMIN_PASSWORD = "direct-url-admin-password"
const CHANGES = 10

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** `TEST_DATABASE_URL` with another database (and login). */
const urlFor = (database: string, user?: string, port?: number) => {
  const url = new URL(testDatabaseUrl)
  url.pathname = `/${database}`
  if (user !== undefined) url.username = user
  if (port !== undefined) url.port = String(port)
  return url.toString()
}

/** Runs `statement` with psql on `url`; answers the unaligned output. */
const psql = (url: string, statement: string) =>
  execFileSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-Atqc", statement], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
    .trim()

describe.skipIf(skipReason !== undefined)("DATABASE_DIRECT_URL behind PgBouncer in transaction mode", () => {
  it.live("migrations and LISTEN over the direct URL, everything else through the pooler; webhooks within 1 s", () =>
    Effect.gen(function*() {
      const database = `quote_direct_${Date.now()}_${process.pid}`
      const owner = urlFor("postgres")
      psql(owner, `create database ${database}`)
      yield* Effect.addFinalizer(() =>
        Effect.sync(() => psql(owner, `drop database if exists ${database} with (force)`))
      )
      const direct = urlFor(database)
      // Rows only: what the migrations (run by the owner) create is granted by default privileges.
      psql(owner, `do $$ begin
          if not exists (select from pg_roles where rolname = '${POOLED_ROLE}') then create role ${POOLED_ROLE} login; end if;
        end $$`)
      psql(direct, `grant connect on database ${database} to ${POOLED_ROLE};
        alter default privileges in schema public grant select, insert, update, delete on tables to ${POOLED_ROLE};
        alter default privileges in schema public grant usage, select, update on sequences to ${POOLED_ROLE}`)

      const pgbouncerDir = mkdtempSync(join(tmpdir(), "direct-url-pgbouncer-"))
      const pgbouncerPort = yield* Effect.promise(freePort)
      execFileSync(join(root, ".ci/pgbouncer"), ["start", pgbouncerDir, String(pgbouncerPort), new URL(testDatabaseUrl).hostname, new URL(testDatabaseUrl).port || "5432"], {
        env: { ...process.env, PGBOUNCER_USERS: `postgres ${POOLED_ROLE}` },
        stdio: ["ignore", "pipe", "pipe"]
      })
      yield* Effect.addFinalizer(() => Effect.sync(() => execFileSync(join(root, ".ci/pgbouncer"), ["stop", pgbouncerDir])))
      const pooled = urlFor(database, POOLED_ROLE, pgbouncerPort)

      // The premise: the pooled login cannot create anything, so a migration through it fails.
      const refused = (() => {
        try {
          psql(pooled, "create table direct_url_probe (id int)")
          return "created"
        } catch (error) {
          return String((error as { stderr?: string }).stderr ?? error)
        }
      })()
      assert.include(refused, "permission denied", "the pooled login may not create tables")

      const port = yield* Effect.promise(freePort)
      const env: NodeJS.ProcessEnv = {
        ...baseEnvironment(),
        APP_ENV: "development",
        ADMIN_PASSWORD,
        DATABASE_URL: pooled,
        DATABASE_POOL_MODE: "transaction",
        DATABASE_DIRECT_URL: direct,
        SESSION_SECRET: "direct-url-session-secret-of-sufficient-length",
        PORT: String(port),
        CONSOLE_DIR: mkdtempSync(join(tmpdir(), "direct-url-console-")),
        WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
        SHUTDOWN_DELAY_SECONDS: "0"
      }
      const server: ChildProcess = spawn(process.execPath, [serverEntry], { cwd: root, env })
      const output = collect(server)
      yield* Effect.addFinalizer(() =>
        Effect.promise(async () => {
          if (server.exitCode === null) {
            server.kill("SIGTERM")
            await output.exited
          }
        })
      )
      const base = `http://127.0.0.1:${port}`
      const ready = yield* Effect.promise(async () => {
        for (const until = Date.now() + 90_000; Date.now() < until && server.exitCode === null;) {
          if (await fetch(`${base}/api/ready`).then((r) => r.status === 200, () => false)) return true
          await sleep(200)
        }
        return false
      })
      assert.isTrue(ready, `the server did not start: ${output.output().stderr}${output.output().stdout.slice(-3000)}`)

      // Every migration ran (over the direct URL: the pooled login could not have run one).
      const migrationFiles = readdirSync(join(root, "migrations")).filter((name) => name.endsWith(".sql"))
      assert.strictEqual(Number(psql(direct, "select count(*) from schema_migrations")), migrationFiles.length)
      // LISTEN waits on a connection of the owner's login, none on the pooled one.
      const listening = yield* Effect.promise(async () => {
        for (const until = Date.now() + 10_000; Date.now() < until;) {
          const rows = psql(owner, `select usename from pg_stat_activity
            where datname = '${database}' and query ilike 'listen%' order by usename`)
          if (rows !== "") return rows.split("\n")
          await sleep(200)
        }
        return []
      })
      assert.deepStrictEqual([...new Set(listening)], ["postgres"])

      // Committed changes reach the receiver through the notifications of that LISTEN.
      const receiver = yield* startTestReceiver()
      const latencies = yield* Effect.promise(async () => {
        const json = async (path: string, init: RequestInit = {}) => {
          const response = await checkedFetch(`${base}${path}`, init)
          return { status: response.status, body: await response.json() as Record<string, unknown> }
        }
        const login = await json("/api/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: adminEmail, password: ADMIN_PASSWORD })
        })
        const admin = { authorization: `Bearer ${String(login.body.accessToken)}`, "content-type": "application/json" }
        const hook = await json("/api/webhooks", {
          method: "POST",
          headers: admin,
          body: JSON.stringify({ name: "direct", url: `${receiver.url}/hooks`, events: ["client.updated"] })
        })
        const clients = await json("/api/clients", { headers: admin })
        const clientId = String((clients.body.items as ReadonlyArray<{ readonly id: string }>)[0]?.id)
        if (login.status !== 200 || hook.status !== 201 || clients.status !== 200) {
          throw new Error(`setup failed: ${JSON.stringify([login.status, hook, clients.status])}`)
        }
        const measured: Array<number> = []
        for (let i = 0; i < CHANGES; i++) {
          const requested = performance.now()
          const renamed = await json(`/api/clients/${clientId}`, {
            method: "PUT",
            headers: admin,
            body: JSON.stringify({ name: `Cliente directo ${i}` })
          })
          if (renamed.status !== 200) throw new Error(`rename: ${JSON.stringify(renamed)}`)
          const arrived = () => receiver.received.filter((request) => request.rawBody.includes(`Cliente directo ${i}"`))
          for (const until = Date.now() + 10_000; arrived().length === 0 && Date.now() < until;) await sleep(5)
          measured.push(arrived()[0] === undefined ? Infinity : arrived()[0]!.receivedAt - requested)
        }
        return measured.sort((a, b) => a - b)
      })
      const p95 = latencies[Math.ceil(0.95 * latencies.length) - 1]!
      assert.isAtMost(p95, 1000, `first attempts in ms: ${latencies.map(Math.round).join(", ")}`)

      // The CLI opens the database as the server does: its migrate goes over the direct URL too.
      const migrate = yield* runCli(["migrate"], env)
      assert.strictEqual(migrate.code, 0, migrate.stderr + migrate.stdout)
    }).pipe(Effect.scoped), 180_000)
})
