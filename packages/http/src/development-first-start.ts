/**
 * The development first start: on an empty development database, load the test
 * scenarios so the service is usable at once. The only module of the server that loads
 * development tooling (`@quote/adapters/dev`), and only in `development`
 * (test/import-rules.test.ts lists it as an exception).
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as SqlClient from "effect/sql/SqlClient"
import { randomBytes } from "node:crypto"
import { ApiKeyScope } from "@quote/core/auth/access"
import { ApiKeyHasherLive } from "@quote/adapters/live/auth-live"
import { issueApiKey } from "@quote/adapters/app/api-keys/issue-api-key"
import { AppConfig } from "@quote/core/shared/app-config"
import { seedScenarios } from "@quote/adapters/dev/seed/scenarios"
import { advisorEmail, clientUserEmail } from "@quote/adapters/dev/seed/scenario-data"
import { docsPath } from "./server.ts"

const generatedPassword = () => randomBytes(12).toString("base64url")

/**
 * On an empty development database: load the test scenarios so the service is usable
 * at once, and say how to log in and which demo API key (all scopes) to call with.
 */
export const DevelopmentFirstStart = Layer.effectDiscard(Effect.gen(function*() {
  const settings = yield* AppConfig
  if (settings.environment !== "development") return
  const sql = yield* SqlClient.SqlClient
  const [{ count }] = yield* sql<{ count: number }>`select count(*)::int as count from users`
  if (count > 0) return
  const adminPassword = Option.match(settings.adminPassword, {
    onNone: generatedPassword,
    onSome: Redacted.value
  })
  const summary = yield* seedScenarios({ adminPassword })
  const demoKey = yield* issueApiKey({ name: "Demo", scopes: ApiKeyScope.literals, createdBy: null }).pipe(
    Effect.provide(ApiKeyHasherLive),
    Effect.orDie
  )
  yield* Console.log([
    "",
    "First start: the test scenarios are loaded.",
    `  Console: http://localhost:${settings.port}/`,
    `  Admin login: ${summary.adminEmail} / ${adminPassword}`,
    `  Advisor login: ${advisorEmail} / ${adminPassword}`,
    `  Client login (orders for the first test client): ${clientUserEmail} / ${adminPassword}`,
    `  Demo API key (every scope, shown only now): ${demoKey.apiKey}`,
    `  API reference: http://localhost:${settings.port}${docsPath}`,
    ""
  ].join("\n"))
}))

