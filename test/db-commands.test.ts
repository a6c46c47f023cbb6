/**
 * `db backup`, `db restore` and `db copy` as an operator runs them (issue #15): a backup
 * restored elsewhere holds the same rows; restore checks the file and refuses to replace
 * a database without --force; every command refuses with one line while another
 * process holds the embedded database; `db copy` into a fresh PostgreSQL database (with
 * TEST_DATABASE_URL) gives a server that serves the same data, with the API key, the ERP
 * credentials and the quotation numbering of before, and refuses a non-empty target.
 */
import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Layer, Redacted } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { acquireEmbeddedLock } from "@quote/adapters/infra/database/embedded-lock"
import { embeddedPaths, PgliteClient } from "@quote/adapters/infra/database/pglite-client"
import * as Postgres from "@quote/adapters/infra/database/postgres"
import { readTables } from "@quote/adapters/infra/database/schema-catalog"
import { withDatabase } from "@quote/adapters/dev/test-database/database-templates"
import { baseEnvironment, collect, freePort, root, runCli, serverEntry, waitForHealth } from "./support/server-process.ts"
import { checkedFetch } from "./support/contract-validation.ts"

const temporaryDirectory = (prefix: string) =>
  Effect.acquireRelease(
    Effect.sync(() => mkdtempSync(join(tmpdir(), prefix))),
    (directory) => Effect.sync(() => rmSync(directory, { recursive: true, force: true }))
  )

const clientOf = <E>(layer: Layer.Layer<SqlClient.SqlClient, E>) =>
  Effect.map(Layer.build(layer), (context) => Context.get(context, SqlClient.SqlClient))

/** Every table's rows as sorted text, and each table's count. */
const snapshot = (sql: SqlClient.SqlClient) =>
  Effect.gen(function*() {
    const rows: Record<string, ReadonlyArray<string>> = {}
    for (const table of yield* readTables(sql)) {
      const result = yield* sql.unsafe<{ readonly row: string }>(`select t::text as row from "public"."${table.name}" as t`)
      rows[table.name] = result.map((row) => row.row).sort()
    }
    return rows
  })

/** What the embedded database of `dataDir` holds (opened here, then closed). */
const embeddedSnapshot = (dataDir: string) =>
  Effect.scoped(Effect.flatMap(clientOf(PgliteClient.layer({ dataDir })), snapshot))

/** A development data directory with the scenarios, an API key and ERP settings; returns the key. */
const prepareSource = (dataDir: string) =>
  Effect.gen(function*() {
    const env = { ...baseEnvironment(), DATA_DIR: dataDir }
    const seeded = yield* runCli(["seed", "--scenarios", "--admin-password", "admin-password", "--json"], env)
    assert.strictEqual(seeded.code, 0, seeded.stderr)
    const created = yield* runCli(["api-keys", "create", "--name", "Chatbot", "--scopes", "clients:read", "--json"], env)
    assert.strictEqual(created.code, 0, created.stderr)
    const erp = yield* runCli([
      "erp",
      "settings",
      "--partner-id",
      "QuoteService",
      "--username",
      "erp@example.com",
      "--access-key",
      "access-key-0123456789",
      "--json"
    ], env)
    assert.strictEqual(erp.code, 0, erp.stderr)
    return (JSON.parse(created.stdout) as { readonly apiKey: string }).apiKey
  })

const lockedLine = /^DATABASE_LOCKED: The embedded database in .* is in use by another process \(pid \d+\)/m

describe("db backup and restore", () => {
  it.live("a backup restored into another DATA_DIR holds the same rows; restore checks before replacing", () =>
    Effect.gen(function*() {
      const dataDir = yield* temporaryDirectory("db-backup-source-")
      const elsewhere = yield* temporaryDirectory("db-backup-target-")
      const files = yield* temporaryDirectory("db-backup-files-")
      yield* prepareSource(dataDir)
      const env = { ...baseEnvironment(), DATA_DIR: dataDir }
      const file = join(files, "backup.tar.gz")

      const backup = yield* runCli(["db", "backup", "--out", file, "--json"], env)
      assert.strictEqual(backup.code, 0, backup.stderr)
      const summary = JSON.parse(backup.stdout) as { readonly file: string; readonly rows: number; readonly tables: number }
      assert.strictEqual(summary.file, file)
      assert.isAbove(summary.rows, 50)
      const again = yield* runCli(["db", "backup", "--out", file], env)
      assert.strictEqual(again.code, 1)
      assert.match(again.stderr, /^OUTPUT_EXISTS: /m)

      const restoreEnv = { ...baseEnvironment(), DATA_DIR: elsewhere }
      const restored = yield* runCli(["db", "restore", "--from", file, "--json"], restoreEnv)
      assert.strictEqual(restored.code, 0, restored.stderr)
      assert.deepInclude(JSON.parse(restored.stdout) as object, {
        dataDir: elsewhere,
        replaced: false,
        tables: summary.tables,
        rows: summary.rows
      })
      const original = yield* embeddedSnapshot(dataDir)
      assert.deepStrictEqual(yield* embeddedSnapshot(elsewhere), original)

      // A database is there now: replaced only with --force, and never by a bad file.
      const refused = yield* runCli(["db", "restore", "--from", file], restoreEnv)
      assert.strictEqual(refused.code, 1)
      assert.match(refused.stderr, /^DATA_DIR_NOT_EMPTY: /m)
      const garbage = join(files, "garbage.tar.gz")
      writeFileSync(garbage, "not a backup")
      const invalid = yield* runCli(["db", "restore", "--from", garbage, "--force"], restoreEnv)
      assert.strictEqual(invalid.code, 1)
      assert.match(invalid.stderr, /^BACKUP_INVALID: /m)
      assert.deepStrictEqual(yield* embeddedSnapshot(elsewhere), original)
      const forced = yield* runCli(["db", "restore", "--from", file, "--force", "--json"], restoreEnv)
      assert.strictEqual(forced.code, 0, forced.stderr)
      assert.isTrue((JSON.parse(forced.stdout) as { replaced: boolean }).replaced)
      assert.deepStrictEqual(yield* embeddedSnapshot(elsewhere), original)

      // While another process holds the database, each command stops with one line.
      yield* Effect.scoped(Effect.gen(function*() {
        yield* acquireEmbeddedLock({ lockFile: embeddedPaths(dataDir).lockFile, dataDir })
        for (
          const args of [
            ["db", "backup", "--out", join(files, "other.tar.gz")],
            ["db", "restore", "--from", file, "--force"],
            ["db", "copy", "--to", "postgres://postgres@127.0.0.1:1/none"]
          ]
        ) {
          const locked = yield* runCli(args, env)
          assert.strictEqual(locked.code, 1, args.join(" "))
          assert.match(locked.stderr, lockedLine, args.join(" "))
          assert.strictEqual(locked.stderr.trim().split("\n").length, 1, locked.stderr)
        }
      }))
      const invalidTarget = yield* runCli(["db", "copy", "--to", "mysql://example/db"], env)
      assert.strictEqual(invalidTarget.code, 2)
      assert.match(invalidTarget.stderr, /^INVALID_TARGET: /m)
    }).pipe(Effect.scoped), 240_000)
})

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() ?? ""

// The copy's target is a PostgreSQL server: this part runs in the PostgreSQL pass of the
// tests (TEST_DATABASE_URL, as CI does); the PGlite pass covers the copy itself with an
// embedded target (packages/adapters/test/infra/database/database-copy.test.ts).
if (testDatabaseUrl !== "") {
  describe("db copy to PostgreSQL", () => {
    it.live("a server on the copy serves the same data, with the API key and ERP settings of before", () =>
      Effect.gen(function*() {
        const dataDir = yield* temporaryDirectory("db-copy-source-")
        const apiKey = yield* prepareSource(dataDir)
        const admin = yield* clientOf(Postgres.layerClient({ url: Redacted.make(testDatabaseUrl), maxConnections: 1 }))
        const database = `h_ops_cli_copy_${process.pid}_${Date.now()}`
        yield* Effect.acquireRelease(
          admin.unsafe(`create database "${database}"`).raw,
          () => Effect.ignore(admin.unsafe(`drop database if exists "${database}" with (force)`).raw)
        )
        const targetUrl = Redacted.value(withDatabase(Redacted.make(testDatabaseUrl), database))

        const env = { ...baseEnvironment(), DATA_DIR: dataDir }
        const copied = yield* runCli(["db", "copy", "--to", targetUrl, "--json"], env)
        assert.strictEqual(copied.code, 0, copied.stderr)
        const summary = JSON.parse(copied.stdout) as {
          readonly tables: ReadonlyArray<{ readonly name: string; readonly rows: number }>
          readonly sequences: ReadonlyArray<{ readonly name: string }>
        }
        assert.match(copied.stderr, /^api_keys: 1 rows$/m)
        const secretFile = join(dataDir, "session-secret")
        assert.include(copied.stderr, `SESSION_SECRET="$(cat ${secretFile})"`)

        const target = yield* clientOf(Postgres.layerClient({ url: Redacted.make(targetUrl), maxConnections: 2 }))
        const source = yield* embeddedSnapshot(dataDir)
        const copy = yield* snapshot(target)
        assert.deepStrictEqual(copy, source)
        assert.deepStrictEqual(
          summary.tables.map((table) => [table.name, table.rows]),
          Object.entries(source).map(([name, rows]) => [name, rows.length])
        )
        assert.include(summary.sequences.map((sequence) => sequence.name), "quotation_code_seq")

        // A second copy finds the target in use.
        const twice = yield* runCli(["db", "copy", "--to", targetUrl], env)
        assert.strictEqual(twice.code, 1)
        assert.match(twice.stderr, /^TARGET_NOT_EMPTY: /m)
        assert.deepStrictEqual(yield* snapshot(target), source)

        // A server on the copy, with the development secret carried over.
        const sessionSecret = readFileSync(secretFile, "utf8").trim()
        const serverEnv = { ...baseEnvironment(), APP_ENV: "test", DATABASE_URL: targetUrl, SESSION_SECRET: sessionSecret }
        const erp = yield* runCli(["erp", "settings", "--json"], serverEnv)
        assert.strictEqual(erp.code, 0, erp.stderr)
        assert.include(JSON.parse(erp.stdout) as object, { accessKeySet: true, accessKey: "********6789" })

        const port = yield* Effect.promise(freePort)
        const server = spawn(process.execPath, [serverEntry], { cwd: root, env: { ...serverEnv, PORT: String(port) } })
        const output = collect(server)
        yield* Effect.addFinalizer(() => Effect.sync(() => server.kill("SIGKILL")))
        assert.isTrue(yield* Effect.promise(() => waitForHealth(port, 60_000)), JSON.stringify(output.output()))
        const lookup = yield* Effect.promise(async () => {
          const response = await checkedFetch(`http://127.0.0.1:${port}/api/integrations/clients/lookup?phone=%2B573000000001`, {
            headers: { authorization: `Bearer ${apiKey}` }
          })
          return { status: response.status, body: (await response.json()) as { readonly matchCount: number } }
        })
        assert.strictEqual(lookup.status, 200, JSON.stringify(lookup.body))
        assert.strictEqual(lookup.body.matchCount, 1)
        const ready = yield* Effect.promise(() => checkedFetch(`http://127.0.0.1:${port}/api/ready`))
        assert.strictEqual(ready.status, 200)
      }).pipe(Effect.scoped), 240_000)
  })
}
