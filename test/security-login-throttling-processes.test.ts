/**
 * Login throttling is shared by every instance (docs/security.md): its state lives in the
 * database. Two real server processes on one PostgreSQL database: ten failed logins sent
 * to the first make the eleventh, sent to the second, 429 TOO_MANY_ATTEMPTS.
 *
 * Two processes can share only a PostgreSQL database (the embedded one belongs to one
 * process), so this runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { baseEnvironment, collect, freePort, root, serverEntry, waitForHealth } from "./support/server-process.ts"
import { checkedFetch } from "./support/contract-validation.ts"

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() ?? ""

/** `url` with another database name. */
const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

const adminQuery = (sql: string) =>
  Effect.promise(() =>
    collect(spawn("psql", [testDatabaseUrl, "-v", "ON_ERROR_STOP=1", "-qc", sql])).exited
  ).pipe(Effect.tap((done) => Effect.sync(() => assert.strictEqual(done.code, 0, done.stderr))))

/** A server process on `databaseUrl`, stopped with the scope. */
const startServer = (databaseUrl: string) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const port = await freePort()
      const env = {
        ...baseEnvironment(),
        APP_ENV: "test",
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: "login-throttling-processes-secret-of-sufficient-length",
        PORT: String(port)
      }
      const child: ChildProcess = spawn(process.execPath, [serverEntry], { cwd: root, env })
      const output = collect(child)
      const healthy = await waitForHealth(port, 60_000)
      assert.isTrue(healthy, `the server did not start: ${output.output().stderr}`)
      return { port, child }
    }),
    ({ child }) => Effect.sync(() => child.kill("SIGTERM"))
  )

const login = (port: number, email: string, password: string) =>
  Effect.promise(() =>
    checkedFetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password })
    }).then(async (response) => ({ status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as { readonly error?: { readonly code?: string } } }))
  )

describe.runIf(testDatabaseUrl !== "")("login throttling across server processes", () => {
  it.live("ten failures on one process make the eleventh on another 429 with Retry-After", () =>
    Effect.gen(function*() {
      const database = `throttle_processes_${process.pid}_${Date.now()}`
      yield* Effect.acquireRelease(
        adminQuery(`create database "${database}"`),
        () => Effect.ignore(adminQuery(`drop database if exists "${database}" with (force)`))
      )
      const url = withDatabase(testDatabaseUrl, database)
      // The first process migrates the new database; the second finds it migrated.
      const first = yield* startServer(url)
      const second = yield* startServer(url)
      const email = `nobody-${Date.now()}@example.com`
      for (let attempt = 1; attempt <= 10; attempt++) {
        const answer = yield* login(first.port, email, "wrong password")
        assert.strictEqual(answer.status, 401, `attempt ${attempt}`)
      }
      const eleventh = yield* login(second.port, email, "wrong password")
      assert.strictEqual(eleventh.status, 429)
      assert.strictEqual(eleventh.body.error?.code, "TOO_MANY_ATTEMPTS")
      assert.isAbove(Number(eleventh.retryAfter), 0)
    }).pipe(Effect.scoped), 180_000)
})
