/**
 * `npm run cli -- api-keys create` as a user runs it (CONTRACT.md "Test scenarios"): on a
 * fresh embedded database in a temporary DATA_DIR, `--json` prints `{id, apiKey, name,
 * scopes, createdAt, expiresAt}`; bad flags print one `VALIDATION_ERROR` line and exit 2.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const cliEntry = join(root, "packages/cli/src/main.ts")

interface Finished {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

const runCli = (args: ReadonlyArray<string>, dataDir: string) =>
  Effect.promise(() =>
    new Promise<Finished>((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
      for (const name of ["APP_ENV", "DATABASE_URL", "TEST_DATABASE_URL"]) delete env[name]
      const child = spawn(process.execPath, [cliEntry, ...args], { cwd: root, env })
      let stdout = ""
      let stderr = ""
      child.stdout.on("data", (chunk) => (stdout += String(chunk)))
      child.stderr.on("data", (chunk) => (stderr += String(chunk)))
      child.on("exit", (code) => resolve({ code, stdout, stderr }))
    })
  )

describe("api-keys CLI", () => {
  it.live("create --json prints the new key; bad flags exit 2 with VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      const dataDir = mkdtempSync(join(tmpdir(), "api-keys-cli-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dataDir, { recursive: true, force: true })))

      const created = yield* runCli(
        ["api-keys", "create", "--name", "Chatbot", "--scopes", "catalog:read, cutoff:read", "--expires-in-days", "30", "--json"],
        dataDir
      )
      assert.strictEqual(created.code, 0, created.stderr)
      const key = JSON.parse(created.stdout) as Record<string, unknown>
      assert.deepStrictEqual(Object.keys(key), ["id", "apiKey", "name", "scopes", "createdAt", "expiresAt"])
      assert.match(String(key.apiKey), /^svc_[A-Za-z0-9]{32}$/)
      assert.strictEqual(key.name, "Chatbot")
      assert.deepStrictEqual(key.scopes, ["catalog:read", "cutoff:read"])
      const days = (Date.parse(String(key.expiresAt)) - Date.parse(String(key.createdAt))) / 86_400_000
      assert.strictEqual(days, 30)

      for (const args of [
        ["--name", "X", "--scopes", "catalog:write"],
        ["--name", " ", "--scopes", "catalog:read"],
        ["--name", "X", "--scopes", ""],
        ["--name", "X", "--scopes", "catalog:read", "--expires-in-days", "731"]
      ]) {
        const refused = yield* runCli(["api-keys", "create", ...args, "--json"], dataDir)
        assert.strictEqual(refused.code, 2, args.join(" "))
        assert.match(refused.stderr, /^VALIDATION_ERROR: /m)
        assert.strictEqual(refused.stdout, "")
      }
    }).pipe(Effect.scoped), 120_000)
})
