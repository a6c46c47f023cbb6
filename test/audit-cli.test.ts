/**
 * `npm run cli -- audit list` (docs/security.md "Audit trail"): the filters of
 * `GET /api/audit`, `--json`, and VALIDATION_ERROR (exit 2) for bad flags. Runs the CLI
 * on an embedded database of its own.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { embeddedCliEnvironment, runCli } from "./support/server-process.ts"

describe("audit CLI", () => {
  it.live("audit list --json lists the entries with the filters; bad flags exit 2", () =>
    Effect.gen(function*() {
      const dataDir = mkdtempSync(join(tmpdir(), "audit-cli-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dataDir, { recursive: true, force: true })))

      const created = yield* runCli(["api-keys", "create", "--name", "Audited", "--scopes", "catalog:read", "--json"], embeddedCliEnvironment(dataDir))
      assert.strictEqual(created.code, 0, created.stderr)
      const key = JSON.parse(created.stdout) as { id: string; apiKey: string }

      const listed = yield* runCli(["audit", "list", "--entity-type", "api_key", "--entity-id", key.id, "--json"], embeddedCliEnvironment(dataDir))
      assert.strictEqual(listed.code, 0, listed.stderr)
      const page = JSON.parse(listed.stdout) as { items: Array<Record<string, unknown>>; nextCursor: string | null }
      assert.strictEqual(page.items.length, 1)
      assert.strictEqual(page.items[0].action, "api_key.created")
      assert.strictEqual(page.items[0].entityId, key.id)
      assert.isNull(page.nextCursor)
      assert.notInclude(listed.stdout, key.apiKey)

      const none = yield* runCli(["audit", "list", "--action", "user.deactivated", "--json"], embeddedCliEnvironment(dataDir))
      assert.deepStrictEqual(JSON.parse(none.stdout), { items: [], nextCursor: null })

      for (const args of [["--limit", "201"], ["--from", "yesterday"], ["--actor-id", "not-a-uuid"], ["--cursor", "bogus"]]) {
        const refused = yield* runCli(["audit", "list", ...args, "--json"], embeddedCliEnvironment(dataDir))
        assert.strictEqual(refused.code, 2, args.join(" "))
        assert.match(refused.stderr, /^VALIDATION_ERROR: /m)
      }
    }).pipe(Effect.scoped), 120_000)
})
