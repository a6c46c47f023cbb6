/**
 * The service as a process: `npm start` and the CLI as a user runs them (issue #2 "Done
 * when"): refusing to start without required settings, the development first start on
 * the embedded database, the embedded database's one-process lock, graceful shutdown.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { baseEnvironment, cliEntry, collect, freePort, root, serverEntry, waitForHealth } from "./support/server-process.ts"
import { checkedFetch } from "./support/contract-validation.ts"

const run = (entry: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  Effect.promise(() => collect(spawn(process.execPath, [entry, ...args], { cwd: root, env })).exited)

describe("npm start", () => {
  for (const environment of ["test", "production"]) {
    it.effect(`APP_ENV=${environment} without DATABASE_URL exits non-zero with one line naming it`, () =>
      Effect.gen(function*() {
        const result = yield* run(serverEntry, [], { ...baseEnvironment(), APP_ENV: environment, SESSION_SECRET: "x".repeat(40) })
        assert.notStrictEqual(result.code, 0)
        const lines = result.stderr.trim().split("\n").filter((line) => line.trim() !== "")
        assert.strictEqual(lines.length, 1, result.stderr)
        assert.include(lines[0], "DATABASE_URL")
      }), 30_000)
  }

  it.effect("development: first start loads the scenarios, prints the admin login, serves, holds the embedded database, stops on SIGTERM", () =>
    Effect.gen(function*() {
      const dataDir = mkdtempSync(join(tmpdir(), "quote-start-"))
      const port = yield* Effect.promise(freePort)
      const env = { ...baseEnvironment(), DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: "first-start-password" }
      const server = spawn(process.execPath, [serverEntry], { cwd: root, env })
      const serverOutput = collect(server)
      try {
        const healthy = yield* Effect.promise(() => waitForHealth(port, 60_000))
        assert.isTrue(healthy, `server did not answer: ${JSON.stringify(serverOutput.output())}`)
        assert.include(serverOutput.output().stdout, "admin@example.com / first-start-password")
        const login = yield* Effect.promise(() =>
          checkedFetch(`http://127.0.0.1:${port}/api/auth/login`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: "admin@example.com", password: "first-start-password" })
          })
        )
        assert.strictEqual(login.status, 200)

        // A second process on the same embedded database stops with one clear line.
        const cli = yield* run(cliEntry, ["migrate"], { ...baseEnvironment(), DATA_DIR: dataDir })
        assert.notStrictEqual(cli.code, 0)
        assert.match(cli.stderr, /DATABASE_LOCKED: The embedded database in .* is in use by another process \(pid \d+\)/)

        server.kill("SIGTERM")
        const exit = yield* Effect.promise(() =>
          Promise.race([serverOutput.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000))])
        )
        assert.isNotNull(exit, "the server did not stop within 15 s of SIGTERM")
        // Effect's runtime exits 130 after an orderly interruption (server and database closed).
        assert.include([0, 130], exit?.code)

        // Once stopped, the database is free again, and a restart does not seed twice.
        const migrate = yield* run(cliEntry, ["migrate", "--json"], { ...baseEnvironment(), DATA_DIR: dataDir })
        assert.strictEqual(migrate.code, 0, migrate.stderr)
        assert.deepStrictEqual(JSON.parse(migrate.stdout), { applied: [] })
      } finally {
        if (server.exitCode === null) server.kill("SIGKILL")
      }
    }), 120_000)
})
