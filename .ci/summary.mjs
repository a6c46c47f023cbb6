// Prints one closing line over every test run (vitest's and Playwright's JSON reports): "tests: N passed, N failed, N skipped".
import { readFileSync } from "node:fs"

let passed = 0
let failed = 0
let skipped = 0
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, "utf8"))
  if (report.stats !== undefined) {
    // Playwright's JSON report (the browser tests): expected = passed, unexpected = failed.
    passed += report.stats.expected
    failed += report.stats.unexpected + report.stats.flaky
    skipped += report.stats.skipped
    continue
  }
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + report.numTodoTests
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
