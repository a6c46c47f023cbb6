/**
 * Vitest global setup: builds the migrated template database once, in the main
 * process, before any worker starts, so no worker pays for migrating (and two
 * workers never migrate at once). Optional: without it the first worker that
 * needs the template builds it and the others wait for it.
 *
 * vitest.config.ts: `globalSetup: ["packages/adapters/src/dev/test-database/global-setup.ts"]`
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { ensurePostgresTemplate, pgliteTemplate } from "./database-templates.ts"
import { testDatabaseUrl } from "./test-database.ts"

const prepareTemplate = Effect.gen(function*() {
  const url = yield* testDatabaseUrl
  if (Option.isSome(url)) yield* ensurePostgresTemplate(url.value)
  else yield* pgliteTemplate
})

export default async function setup(): Promise<void> {
  await Effect.runPromise(prepareTemplate)
}
