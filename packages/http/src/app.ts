/**
 * The running service as layers: settings, the migrated database, the first-start
 * scenarios in development, and the HTTP server. `main.ts` launches it; tests build the
 * same server on their own database.
 */
import { Effect, Layer } from "effect"
import { AppConfig } from "@quote/core/shared/app-config"
import { AppConfigLive } from "@quote/adapters/infra/config/app-config"
import * as Database from "@quote/adapters/infra/database/database"
import { DevelopmentFirstStart } from "./development-first-start.ts"
import { docsPath, serveOn } from "./server.ts"
import { TelemetryLive } from "./observability/telemetry.ts"

/** The configured database, migrated before anything uses it. */
export const DatabaseLive = Layer.unwrap(
  Effect.map(AppConfig, (settings) =>
    Database.layerMigrated({ url: settings.databaseUrl, dataDir: settings.dataDir }))
)

const ServerOnConfiguredPort = Layer.unwrap(Effect.map(AppConfig, (settings) => serveOn(settings.port)))

const announceListening = Layer.effectDiscard(Effect.gen(function*() {
  const settings = yield* AppConfig
  yield* Effect.logInfo("listening").pipe(Effect.annotateLogs({
    environment: settings.environment,
    port: settings.port,
    database: Database.describeTarget(Database.resolveTarget({ url: settings.databaseUrl, dataDir: settings.dataDir })),
    docs: `http://localhost:${settings.port}${docsPath}`
  }))
}))

/** The whole service from environment settings. */
export const ServiceLive = Layer.mergeAll(ServerOnConfiguredPort, announceListening).pipe(
  Layer.provide(DevelopmentFirstStart),
  Layer.provide(DatabaseLive),
  // Below the database, so migrations and first-start work are traced too.
  Layer.provide(TelemetryLive),
  Layer.provide(AppConfigLive)
)
