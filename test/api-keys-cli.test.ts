/**
 * `npm run cli -- api-keys create` as a user runs it (CONTRACT.md "Test scenarios"): on a
 * fresh embedded database in a temporary DATA_DIR, `--json` prints `{id, apiKey, name,
 * scopes, createdAt, expiresAt}`; bad flags print one `VALIDATION_ERROR` line and exit 2.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { embeddedCliEnvironment, runCli } from "./support/server-process.ts"

describe("api-keys CLI", () => {
  it.live("create --json prints the new key; bad flags exit 2 with VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      const dataDir = mkdtempSync(join(tmpdir(), "api-keys-cli-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dataDir, { recursive: true, force: true })))

      const created = yield* runCli(
        ["api-keys", "create", "--name", "Chatbot", "--scopes", "catalog:read, cutoff:read", "--expires-in-days", "30", "--json"],
        embeddedCliEnvironment(dataDir)
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
        const refused = yield* runCli(["api-keys", "create", ...args, "--json"], embeddedCliEnvironment(dataDir))
        assert.strictEqual(refused.code, 2, args.join(" "))
        assert.match(refused.stderr, /^VALIDATION_ERROR: /m)
        assert.strictEqual(refused.stdout, "")
      }
    }).pipe(Effect.scoped), 120_000)
})
