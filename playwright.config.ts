/**
 * Browser tests of the web console (`npm run test:browser`, issue #23 "Proven how"): the
 * real service, started once by test/browser/support/global-setup.ts on a fresh database
 * (embedded, or PostgreSQL when TEST_DATABASE_URL is set), driven through the machine's
 * Chromium (Playwright's own browser download is not used). Specs are `*.spec.ts` so that
 * vitest, which runs `test/**\/*.test.ts`, leaves them alone. docs/console.md, "How the
 * console is tested".
 */
import { defineConfig, devices } from "@playwright/test"

const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium"

export default defineConfig({
  testDir: "test/browser",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/browser",
  globalSetup: "./test/browser/support/global-setup.ts",
  // One server for every worker; two workers halve the run (≈ 2 min instead of 2.7 on the
  // 2-core machines) and leave a core to the server.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: process.env.CI !== undefined,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME === undefined ? [["list"]] : [["list"], ["json"]],
  use: {
    // Set by the global setup (it picks a free port); the workers read it when they load this file.
    ...(process.env.QUOTE_BROWSER_BASE_URL === undefined ? {} : { baseURL: process.env.QUOTE_BROWSER_BASE_URL }),
    locale: "es-CO",
    timezoneId: "America/Bogota",
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: { executablePath: chromiumPath }
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: { executablePath: chromiumPath } }
    },
    {
      name: "phone",
      // A phone has no keyboard: the keyboard-only test runs on the desktop.
      grepInvert: /@keyboard/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        launchOptions: { executablePath: chromiumPath }
      }
    }
  ]
})
