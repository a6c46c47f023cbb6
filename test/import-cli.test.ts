/**
 * `npm run cli -- import` / `export` as a user runs them, on the database of the test
 * run (a fresh PGlite or PostgreSQL database): the samples load with `import all`; a bad
 * file prints every problem as `file:line: CODE message` and exits 2 (`--json`: the same
 * as a list) and writes nothing; an export imports back unchanged.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Option, Redacted } from "effect"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { seedScenarios } from "@quote/adapters/dev/seed/scenarios"
import { TestDatabase } from "@quote/adapters/dev/test-database/test-database"
import { baseEnvironment, runCli as runCliProcess } from "./support/server-process.ts"

const scratch = mkdtempSync(join(tmpdir(), "import-cli-"))

/** The CLI on the test database: its PostgreSQL URL, or (PGlite) a DATA_DIR of its own. */
const runCli = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) => runCliProcess(args, { ...baseEnvironment(), ...env })

layer(TestDatabase.layer, { excludeTestServices: true, timeout: 120_000 })("import CLI", (it) => {
  it.effect("import all, a refused file (exit 2, every problem), export and re-import", () =>
    Effect.gen(function*() {
      const database = yield* TestDatabase
      // PGlite belongs to one process: the CLI gets an embedded database of its own then.
      const env: NodeJS.ProcessEnv = Option.match(database.url, {
        onSome: (url) => ({ DATABASE_URL: Redacted.value(url) }),
        onNone: () => ({ DATA_DIR: mkdtempSync(join(scratch, "data-")) })
      })
      if (Option.isSome(database.url)) yield* seedScenarios({ adminPassword: "admin-password" })
      else {
        const seeded = yield* runCli(["seed", "--scenarios", "--admin-password", "admin-password"], env)
        assert.strictEqual(seeded.code, 0, seeded.stderr)
      }

      const loaded = yield* runCli(["import", "all", "--dir", "docs/import-samples", "--json"], env)
      assert.strictEqual(loaded.code, 0, loaded.stderr)
      const summary = JSON.parse(loaded.stdout) as { written: boolean; counts: Record<string, { created: number }> }
      assert.isTrue(summary.written)
      assert.strictEqual(summary.counts.clients!.created, 3)

      const bad = join(scratch, "bad.csv")
      writeFileSync(bad, "nit,name,company_nit,branch_name,phones\n1,Uno,900100001,Sede Norte,12\n2,,900100001,Sede Norte,\n")
      const refused = yield* runCli(["import", "clients", "--file", bad], env)
      assert.strictEqual(refused.code, 2)
      assert.include(refused.stderr, `${bad}:2: INVALID_PHONE `)
      assert.include(refused.stderr, `${bad}:3: VALIDATION_ERROR name is required`)
      const refusedJson = yield* runCli(["import", "clients", "--file", bad, "--json"], env)
      assert.strictEqual(refusedJson.code, 2)
      const problems = (JSON.parse(refusedJson.stdout) as { problems: Array<{ line: number; code: string }> }).problems
      assert.deepStrictEqual(problems.map((p) => [p.line, p.code]), [[2, "INVALID_PHONE"], [3, "VALIDATION_ERROR"]])

      const exported = join(scratch, "clients-export.csv")
      const exportRun = yield* runCli(["export", "clients", "--out", exported], env)
      assert.strictEqual(exportRun.code, 0, exportRun.stderr)
      const again = yield* runCli(["import", "clients", "--file", exported], env)
      assert.strictEqual(again.code, 0, again.stderr)
      assert.match(again.stdout, /clients: created 0, updated 0, unchanged \d+/)
    }), 240_000)
})
