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

/** Redocly exits 0 on warnings; the contract admits none, so its JSON report is counted too. */
const redoclyClean = (): boolean => {
  const args = ["lint", file, "--config", "redocly.yaml", "--max-problems", "1000"]
  const shown = run("redocly", [...args, "--format", "stylish"])
  const report = spawnSync("redocly", [...args, "--format", "json"], { env, encoding: "utf8" })
  const totals = (JSON.parse(report.stdout) as { totals: { errors: number; warnings: number } }).totals
  console.log(`Redocly: ${totals.errors} error(s), ${totals.warnings} warning(s)`)
  return shown && totals.errors === 0 && totals.warnings === 0
}

try {
  writeFileSync(file, documentText())
  const redocly = redoclyClean()
  const spectral = run("spectral", ["lint", file, "--ruleset", ".spectral.yaml", "--fail-severity=warn"])
  if (!redocly || !spectral) process.exitCode = 1
} finally {
  rmSync(work, { recursive: true, force: true })
}
