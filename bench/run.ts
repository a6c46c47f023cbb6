/**
 * `npm run bench`: every benchmark, each reported as a ratio against a baseline
 * measured in the same run (never as absolute times), then a summary table.
 * Add a benchmark by exporting `run…Bench(): Promise<BenchResult>` (or an array of them) from its own file
 * and listing it below. Exits non-zero when a target is missed.
 */
import { runCutoffBench } from "./cutoff.ts"
import { runIntegrationEndpointsBench } from "./integration-endpoints.ts"
import { runRateLimitBench } from "./rate-limit.ts"
import { runApiKeyVerificationBench } from "./api-key-verification.ts"
import { runWebhookBench } from "./webhooks.ts"
import { runCliStartupBench } from "./cli-startup.ts"
import { runPreviewSizeBench } from "./preview-size.ts"
import { runImportBench } from "./import.ts"
import { runProcessFootprintBench } from "./process-footprint.ts"
import { runMemoryFootprintBench } from "./memory-footprint.ts"
import { runGrowthBench } from "./growth.ts"
import { runConsoleBench } from "./console.ts"
import { runConsolePageBudgetBench } from "./console-page-budget.ts"
import { runConsoleListScaleBench } from "./console-list-scale.ts"
import { runSoakBench } from "./soak.ts"
import { runRequestPathBench } from "./request-path.ts"

export interface BenchResult {
  readonly name: string
  /** The measured ratio (cost against the baseline, or throughput share). */
  readonly ratio: number
  /** What the ratio must satisfy, human-readable, e.g. "≤ 2" or "≥ 0.25". */
  readonly targetText: string
  readonly pass: boolean
  /** Extra figures to print (ops/s, p50, …). */
  readonly figures?: Record<string, string | number>
}

const benches: ReadonlyArray<readonly [string, () => Promise<BenchResult | ReadonlyArray<BenchResult>>]> = [
  ["cutoff", async () => {
    const result = await runCutoffBench()
    return {
      name: result.name,
      ratio: result.ratio,
      targetText: `≤ ${result.target} formatToParts calls`,
      pass: result.pass,
      figures: {
        "cutoff evaluations/s": Math.round(result.opsPerSec),
        "formatToParts calls/s (baseline)": Math.round(result.baselineOpsPerSec)
      }
    }
  }],
  ["integration-endpoints", runIntegrationEndpointsBench],
  ["request-path", runRequestPathBench],
  ["rate-limit", runRateLimitBench],
  ["api-key-verification", runApiKeyVerificationBench],
  ["webhooks", runWebhookBench],
  ["cli-startup", runCliStartupBench],
  ["preview-size", runPreviewSizeBench],
  ["footprint", async () => [...await runProcessFootprintBench(), ...await runMemoryFootprintBench()]],
  ["import", () => runImportBench()],
  ["growth", runGrowthBench],
  ["console", runConsoleBench],
  ["console-back-office", async () => [await runConsolePageBudgetBench(), await runConsoleListScaleBench()]],
  ["soak", runSoakBench]
]

/** Benches run only when named (`npm run bench -- soak`): a 15-minute soak is not part of every run. */
const onlyWhenNamed = new Set(["soak"])

// Bench names among the arguments; options (`--scale 0.05`, `--keep`, `--restart-postgres`, `--minutes 15`) are left to the benches.
const only = process.argv.slice(2).filter((arg) => benches.some(([key]) => key === arg))
const results: Array<BenchResult> = []
for (const [key, run] of benches) {
  if (only.length > 0 ? !only.includes(key) : onlyWhenNamed.has(key)) continue
  for (const result of [await run()].flat()) {
    results.push(result)
    console.log(`\n${result.name}`)
    for (const [label, value] of Object.entries(result.figures ?? {})) {
      console.log(`  ${label}: ${typeof value === "number" ? value.toLocaleString("en-US") : value}`)
    }
    console.log(`  ratio: ${result.ratio.toFixed(3)} (target ${result.targetText}) ${result.pass ? "PASS" : "FAIL"}`)
  }
}

console.log("\nsummary")
for (const result of results) {
  console.log(`  ${result.pass ? "PASS" : "FAIL"}  ${result.name}: ${result.ratio.toFixed(3)} (target ${result.targetText})`)
}
if (results.some((result) => !result.pass)) process.exitCode = 1
