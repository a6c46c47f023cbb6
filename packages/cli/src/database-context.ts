/**
 * What database-backed commands run against: the configured database (DATABASE_URL, or
 * the embedded one in DATA_DIR), opened for the command and closed after it. A database
 * held by a running server, a bad configuration or an unreachable server becomes one
 * line on stderr and a non-zero exit.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { AppConfig } from "@quote/core/shared/app-config"
import { AppConfigLive } from "@quote/adapters/infra/config/app-config"
import * as Database from "@quote/adapters/infra/database/database"
import type { SqlError } from "effect/sql/SqlError"
import type { MigrationError } from "@quote/adapters/infra/database/migrator"
import { type CliFailure, failWith } from "./cli-failure.ts"

const DatabaseFromConfig = Layer.unwrap(
  Effect.map(AppConfig, (settings) => Database.layer(Database.configFromSettings(settings)))
)

const MigratedDatabaseFromConfig = Layer.unwrap(
  Effect.map(AppConfig, (settings) => Database.layerMigrated(Database.configFromSettings(settings)))
)

const failureCodes: Record<string, string> = {
  ConfigurationError: "CONFIGURATION_ERROR",
  EmbeddedDatabaseLocked: "DATABASE_LOCKED",
  MigrationError: "MIGRATION_FAILED",
  SqlError: "DATABASE_ERROR"
}

const report = (error: { readonly _tag: string; readonly message: string }) =>
  failWith(failureCodes[error._tag] ?? "DATABASE_ERROR", error.message)

/** Applies the pending migrations as the server does at start (over `DATABASE_DIRECT_URL` when set); answers their names. */
export const pendingMigrationsApplied = Effect.gen(function*() {
  const settings = yield* AppConfig
  return yield* Database.runMigrations(Database.configFromSettings(settings))
})

/** Runs `effect` with the configured database (not migrated: `migrate` does that itself). */
export const withDatabase = <A, R>(effect: Effect.Effect<A, CliFailure | SqlError | MigrationError, R>) =>
  effect.pipe(
    Effect.provide(DatabaseFromConfig.pipe(Layer.provideMerge(AppConfigLive))),
    Effect.catchTag(["ConfigurationError", "EmbeddedDatabaseLocked", "MigrationError", "SqlError"], report)
  )

/** Runs `effect` with the configured database, migrated first. */
export const withMigratedDatabase = <A, R>(effect: Effect.Effect<A, CliFailure | SqlError | MigrationError, R>) =>
  effect.pipe(
    Effect.provide(MigratedDatabaseFromConfig.pipe(Layer.provideMerge(AppConfigLive))),
    Effect.catchTag(["ConfigurationError", "EmbeddedDatabaseLocked", "MigrationError", "SqlError"], report)
  )
