/**
 * Commands load only what they use: `cutoff preview` loads neither Effect nor the
 * server, database or ERP code, and `--help` (which builds the whole command tree)
 * loads no adapter or HTTP module. A module hook in the spawned CLI lists every module
 * it loads.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"

const root = fileURLToPath(new URL("../../..", import.meta.url))

const LIST_LOADED_MODULES = `
import { registerHooks } from "node:module"
import { writeSync } from "node:fs"
registerHooks({ load(url, context, next) { writeSync(2, "LOADED " + url + "\\n"); return next(url, context) } })
`

const runCli = (args: ReadonlyArray<string>) => {
  const run = spawnSync(
    process.execPath,
    [
      "--conditions=quote-source",
      `--import=data:text/javascript,${encodeURIComponent(LIST_LOADED_MODULES)}`,
      "packages/cli/src/main.ts",
      ...args
    ],
    { cwd: root, encoding: "utf8" }
  )
  const loaded = run.stderr.split("\n").filter((line) => line.startsWith("LOADED ")).map((line) => line.slice(7))
  const stderr = run.stderr.split("\n").filter((line) => !line.startsWith("LOADED ")).join("\n")
  return { status: run.status, stdout: run.stdout, stderr, loaded }
}

const HEAVY = /\/packages\/(adapters|http)\/|node_modules\/(pg|@electric-sql|bcrypt|nodemailer|@effect\/sql-pg)\//

describe("what each command loads", () => {
  it("cutoff preview loads no Effect, server, database or ERP module", () => {
    const run = runCli([
      "cutoff", "preview", "--days", "1,4", "--frequency", "weekly", "--cutoff-days-before", "1",
      "--cutoff-time", "17:00", "--at", "2026-11-24T10:00:00-05:00", "--json"
    ])
    assert.strictEqual(run.status, 0, run.stderr)
    assert.isTrue(JSON.parse(run.stdout).isOpen)
    assert.isTrue(run.loaded.some((url) => url.endsWith("/packages/core/src/preview.ts")), run.loaded.join("\n"))
    assert.deepStrictEqual(run.loaded.filter((url) => /node_modules\/(effect|@effect)\//.test(url) || HEAVY.test(url)), [])
  })

  it("--help lists every command without loading adapters or the HTTP package", () => {
    const run = runCli(["--help"])
    assert.strictEqual(run.status, 0, run.stderr)
    for (const command of ["migrate", "seed", "users", "api-keys", "cutoff", "erp"]) {
      assert.match(run.stdout, new RegExp(`^\\s+${command}\\s`, "m"), command)
    }
    assert.isTrue(run.loaded.some((url) => url.includes("node_modules/effect/")), "effect/cli runs --help")
    assert.deepStrictEqual(run.loaded.filter((url) => HEAVY.test(url)), [])
  })

  it("cutoff preview --help goes to effect/cli and lists every flag", () => {
    const run = runCli(["cutoff", "preview", "--help"])
    assert.strictEqual(run.status, 0, run.stderr)
    for (const flag of ["--days", "--frequency", "--anchor-date", "--cutoff-days-before", "--cutoff-time", "--at", "--json"]) {
      assert.include(run.stdout, flag)
    }
    assert.deepStrictEqual(run.loaded.filter((url) => HEAVY.test(url)), [])
  })

  it("cutoff preview with a flag the fast path does not read is still effect/cli's", () => {
    const run = runCli(["cutoff", "preview", "--days", "1,4", "--frequency", "weekly", "--cutoff-days-before", "1"])
    assert.notStrictEqual(run.status, 0)
    assert.include(run.stderr + run.stdout, "cutoff-time")
    assert.isTrue(run.loaded.some((url) => url.includes("node_modules/effect/")))
  })
})
