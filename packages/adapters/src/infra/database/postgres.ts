/**
 * The Postgres adapter: `@effect/sql-pg` from a URL, configured to return the
 * same JavaScript values as the PGlite client (see `type-mapping.ts`) and to
 * run its sessions in UTC like it.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import { Layer, type Redacted } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { DatabaseNotifications } from "./notifications.ts"
import { camelCaseResults } from "./result-names.ts"
import { makePgTypeRegistry } from "./type-mapping.ts"

export interface PostgresOptions {
  readonly url: Redacted.Redacted
  /** Pool size; sql-pg's default when absent. Each active `listen` holds one. */
  readonly maxConnections?: number | undefined
  readonly applicationName?: string | undefined
}

/** The `PgClient` configuration used by the application (exposed for tests and tools). */
export const postgresClientConfig = (options: PostgresOptions): PgClient.PgPoolConfig => ({
  url: options.url,
  types: makePgTypeRegistry(),
  // JIT off: every statement here is short; JIT compilation was seen costing 0.5 s on
  // statements of 20 ms when bloat inflated the estimates (docs/performance.md).
  startupParameters: { TimeZone: "UTC", jit: "off" },
  applicationName: options.applicationName ?? "quote",
  ...camelCaseResults,
  ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections })
})

/** `SqlClient` and `PgClient` over a connection pool to `url`. */
export const layerClient = (
  options: PostgresOptions
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError> => PgClient.layer(postgresClientConfig(options))

/** `SqlClient`, `PgClient` and `DatabaseNotifications` over Postgres. */
export const layer = (
  options: PostgresOptions
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient | DatabaseNotifications, SqlError> =>
  DatabaseNotifications.layerPostgres.pipe(Layer.provideMerge(layerClient(options)))
