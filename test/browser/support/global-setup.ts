/**
 * Starts the one service every browser test talks to and hands its address to the
 * workers (QUOTE_BROWSER_BASE_URL, read by playwright.config.ts). The returned function
 * is Playwright's teardown: it stops the service and drops its database. The server's
 * output goes to test-results/browser-server.log; a failing test prints its last lines.
 */
import type { FullConfig } from "@playwright/test"
import { startConsoleService } from "./console-service.ts"
import { serverLogFile } from "./output-paths.ts"
import { throttledLoginLimit } from "./scenario.ts"

export default async function globalSetup(_config: FullConfig) {
  const service = await startConsoleService({
    // A few wrong passwords throttle an account (login.spec.ts uses a dedicated user for it);
    // webhooks may target a receiver the test starts on 127.0.0.1 over http
    // (back-office-integrations.spec.ts; never honoured in production).
    env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: String(throttledLoginLimit), WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" },
    logFile: serverLogFile
  })
  process.env.QUOTE_BROWSER_BASE_URL = service.baseUrl
  const database = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"
  console.log(`browser tests: the service runs at ${service.baseUrl} on ${database}`)
  return () => service.stop()
}
