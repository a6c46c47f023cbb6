/**
 * `npm run api:lint`: the served OpenAPI document through the two linters integrators
 * use — Redocly's recommended ruleset (`redocly.yaml`) and Spectral's `spectral:oas`
 * (`.spectral.yaml`), failing on any warning. Both must report nothing (issue #25).
 * Runs under `npm run`, so the linters' binaries are on the PATH.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { documentText } from "./openapi-document.ts"

const work = mkdtempSync(join(tmpdir(), "quote-api-lint-"))
const file = join(work, "openapi.json")
// No telemetry or update check from the linters: CI runs offline from their registries.
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" }
const run = (command: string, args: ReadonlyArray<string>) =>
  spawnSync(command, args, { stdio: "inherit", env }).status === 0

try {
  writeFileSync(file, documentText())
  const redocly = run("redocly", ["lint", file, "--config", "redocly.yaml", "--format", "stylish", "--max-problems", "1000"])
  const spectral = run("spectral", ["lint", file, "--ruleset", ".spectral.yaml", "--fail-severity=warn"])
  if (!redocly || !spectral) process.exitCode = 1
} finally {
  rmSync(work, { recursive: true, force: true })
}
