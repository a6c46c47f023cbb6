/**
 * `npm run cli -- audit list` (docs/security.md "Audit trail"): the filters of
 * `GET /api/audit`, `--json`, and VALIDATION_ERROR (exit 2) for bad flags. Runs the CLI
 * on an embedded database of its own.
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

describe("audit CLI", () => {
  it.live("audit list --json lists the entries with the filters; bad flags exit 2", () =>
    Effect.gen(function*() {
      const dataDir = mkdtempSync(join(tmpdir(), "audit-cli-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dataDir, { recursive: true, force: true })))

      const created = yield* runCli(["api-keys", "create", "--name", "Audited", "--scopes", "catalog:read", "--json"], dataDir)
      assert.strictEqual(created.code, 0, created.stderr)
      const key = JSON.parse(created.stdout) as { id: string; apiKey: string }

      const listed = yield* runCli(["audit", "list", "--entity-type", "api_key", "--entity-id", key.id, "--json"], dataDir)
      assert.strictEqual(listed.code, 0, listed.stderr)
      const page = JSON.parse(listed.stdout) as { items: Array<Record<string, unknown>>; nextCursor: string | null }
      assert.strictEqual(page.items.length, 1)
      assert.strictEqual(page.items[0].action, "api_key.created")
      assert.strictEqual(page.items[0].entityId, key.id)
      assert.isNull(page.nextCursor)
      assert.notInclude(listed.stdout, key.apiKey)

      const none = yield* runCli(["audit", "list", "--action", "user.deactivated", "--json"], dataDir)
      assert.deepStrictEqual(JSON.parse(none.stdout), { items: [], nextCursor: null })

      for (const args of [["--limit", "201"], ["--from", "yesterday"], ["--actor-id", "not-a-uuid"], ["--cursor", "bogus"]]) {
        const refused = yield* runCli(["audit", "list", ...args, "--json"], dataDir)
        assert.strictEqual(refused.code, 2, args.join(" "))
        assert.match(refused.stderr, /^VALIDATION_ERROR: /m)
      }
    }).pipe(Effect.scoped), 120_000)
})
