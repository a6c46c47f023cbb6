/**
 * Which database the application talks to.
 *
 * - `DATABASE_URL=postgres://...` (or `postgresql://`): a Postgres server,
 *   through `@effect/sql-pg` (`postgres.ts`).
 * - no `DATABASE_URL`: the embedded PGlite database in `DATA_DIR`
 *   (`<DATA_DIR>/pglite`), held by one process at a time.
 * - `DATABASE_URL=memory://` (or `pglite://memory`): a throw-away in-memory
 *   PGlite, for tests and demos.
 *
 * Every choice provides the same `SqlClient` and `DatabaseNotifications`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import type { AppSettings } from "@quote/core/shared/app-config"
import type { EmbeddedDatabaseLocked } from "./embedded-lock.ts"
import * as Migrator from "./migrator.ts"
import type { DatabaseNotifications } from "./notifications.ts"
import type { PgliteClientConfig } from "./pglite-client.ts"
import { camelCaseResults } from "./result-names.ts"
import * as Postgres from "./postgres.ts"

export interface DatabaseConfig {
  /** `DATABASE_URL`; absent or `None` selects the embedded database. */
  readonly url: Option.Option<Redacted.Redacted> | undefined
  /** `DATA_DIR`, where the embedded database lives. */
  readonly dataDir: string
  /** `DATABASE_POOL_MODE` (`postgres.ts`); `session` when absent. Postgres only. */
  readonly poolMode?: Postgres.PoolMode | undefined
  /** `DATABASE_DIRECT_URL`: PostgreSQL itself, for migrations and `LISTEN` in transaction mode. */
  readonly directUrl?: Option.Option<Redacted.Redacted> | undefined
}

/** The database part of the service's settings (`DATABASE_URL`, `DATA_DIR`, `DATABASE_POOL_MODE`, `DATABASE_DIRECT_URL`). */
export const configFromSettings = (
  settings: Pick<AppSettings, "databaseUrl" | "dataDir" | "databasePoolMode" | "databaseDirectUrl">
): DatabaseConfig => ({
  url: settings.databaseUrl,
  dataDir: settings.dataDir,
  poolMode: settings.databasePoolMode,
  directUrl: settings.databaseDirectUrl
})

export type DatabaseTarget =
  | { readonly _tag: "Postgres"; readonly url: Redacted.Redacted }
  | { readonly _tag: "Embedded"; readonly dataDir: string }
  | { readonly _tag: "Memory" }

const memoryUrls = new Set(["memory://", "memory:", "pglite://memory", "pglite://memory/"])

/** Reads the configuration into the database to open. */
export const resolveTarget = (config: DatabaseConfig): DatabaseTarget => {
  const url = config.url === undefined ? Option.none() : config.url
  if (Option.isNone(url) || Redacted.value(url.value).trim() === "") {
    return { _tag: "Embedded", dataDir: config.dataDir }
  }
  return memoryUrls.has(Redacted.value(url.value).trim().toLowerCase())
    ? { _tag: "Memory" }
    : { _tag: "Postgres", url: url.value }
}

/** A log-safe description: `postgres://db.example:5432/quote`, `embedded database in ./.data`, ... */
export const describeTarget = (target: DatabaseTarget): string => {
  switch (target._tag) {
    case "Embedded":
      return `embedded database in ${target.dataDir}`
    case "Memory":
      return "in-memory embedded database"
    case "Postgres": {
      try {
        const url = new URL(Redacted.value(target.url))
        return `postgres://${url.host}${url.pathname}`
      } catch {
        return "postgres (unparseable DATABASE_URL)"
      }
    }
  }
}

export type DatabaseServices = SqlClient.SqlClient | DatabaseNotifications

/**
 * The embedded database, its code imported only when it is the one chosen: on
 * PostgreSQL the process never loads PGlite (issue #27; docs/performance.md, "Memory").
 */
const embedded = (config: PgliteClientConfig): Layer.Layer<DatabaseServices, SqlError | EmbeddedDatabaseLocked> =>
  Layer.unwrap(Effect.map(
    Effect.promise(() => import("./pglite-client.ts")),
    ({ PgliteClient }) => PgliteClient.layerWithNotifications(config)
  ))

/** The database of the configuration, not migrated. */
export const layer = (config: DatabaseConfig): Layer.Layer<DatabaseServices, SqlError | EmbeddedDatabaseLocked> => {
  const target = resolveTarget(config)
  switch (target._tag) {
    case "Postgres":
      return Postgres.layer({ url: target.url, poolMode: config.poolMode, directUrl: config.directUrl })
    case "Embedded":
      return embedded({ dataDir: target.dataDir, ...camelCaseResults })
    case "Memory":
      return embedded(camelCaseResults)
  }
}

/**
 * Applies the pending migrations where they must run: over the direct URL when transaction
 * mode has one (a client of its own, closed once they ran), else over the application's
 * pool (they run in transactions under a transaction-level advisory lock, so a transaction
 * pooler carries them too). Answers the names applied. The server's start and `quote
 * migrate` both go through here.
 */
export const runMigrations = (
  config: DatabaseConfig
): Effect.Effect<ReadonlyArray<string>, SqlError | Migrator.MigrationError, SqlClient.SqlClient> => {
  const target = resolveTarget(config)
  const directUrl = target._tag === "Postgres"
    ? Postgres.directUrlOf({ url: target.url, poolMode: config.poolMode, directUrl: config.directUrl })
    : Option.none()
  return Option.match(directUrl, {
    onNone: () => Migrator.runMigrations(),
    onSome: (url) => Migrator.runMigrations().pipe(Effect.provide(Postgres.layerClient({ url, maxConnections: 1 })))
  })
}

/** The database of the configuration, with pending migrations applied (`runMigrations`) before it is provided. */
export const layerMigrated = (
  config: DatabaseConfig
): Layer.Layer<DatabaseServices, SqlError | EmbeddedDatabaseLocked | Migrator.MigrationError> =>
  Layer.provideMerge(Layer.effectDiscard(runMigrations(config)), layer(config))
