/**
 * The running service as layers: settings, the migrated database, the first-start
 * scenarios in development, and the HTTP server. `main.ts` launches it; tests build the
 * same server on their own database.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { AppConfig } from "@quote/core/shared/app-config"
import { AppConfigLive } from "@quote/adapters/infra/config/app-config"
import * as Database from "@quote/adapters/infra/database/database"
import { DevelopmentFirstStart } from "./development-first-start.ts"
import { docsPath, serveOn } from "./server.ts"
import { TelemetryLive } from "./observability/telemetry.ts"

/** The configured database, migrated before anything uses it. */
export const DatabaseLive = Layer.unwrap(
  Effect.map(AppConfig, (settings) =>
    Database.layerMigrated(Database.configFromSettings(settings)))
)

const ServerOnConfiguredPort = Layer.unwrap(
  Effect.map(AppConfig, (settings) => serveOn(settings.port, { shutdownTimeoutSeconds: settings.shutdownTimeoutSeconds, logClose: true }))
)

/** Logs `message` when the layer it is provided to has been closed (its finalizers ran). */
const logWhenClosed = (message: string) => Layer.effectDiscard(Effect.addFinalizer(() => Effect.logInfo(message)))

/** Once the server listens (it binds only when every route and service is ready). */
const announceListening = Layer.effectDiscard(Effect.gen(function*() {
  const settings = yield* AppConfig
  yield* Effect.logInfo("listening").pipe(Effect.annotateLogs({
    environment: settings.environment,
    port: settings.port,
    database: Database.describeTarget(Database.resolveTarget({ url: settings.databaseUrl, dataDir: settings.dataDir })),
    databasePoolMode: settings.databasePoolMode,
    docs: `http://localhost:${settings.port}${docsPath}`
  }))
}))

/**
 * The whole service from environment settings; also provides `AppConfig` and `Readiness`
 * to `main.ts`, which drives the shutdown (`lifecycle/graceful-shutdown.ts`). Closing it
 * runs, in order: the listener (requests in flight finish), the services (webhook leases
 * handed back), the database pool, the telemetry export — each logging its phase.
 */
export const ServiceLive = announceListening.pipe(
  Layer.provideMerge(ServerOnConfiguredPort),
  Layer.provide(DevelopmentFirstStart),
  Layer.provide(Layer.provide(DatabaseLive, logWhenClosed("shutdown: database pool closed"))),
  // Below the database, so migrations and first-start work are traced too.
  Layer.provide(Layer.provide(TelemetryLive, logWhenClosed("shutdown: telemetry flushed"))),
  Layer.provideMerge(AppConfigLive)
)
