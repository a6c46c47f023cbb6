/**
 * The Postgres adapter: `@effect/sql-pg` from a URL, configured to return the
 * same JavaScript values as the PGlite client (see `type-mapping.ts`) and to
 * run its sessions in UTC like it.
 *
 * Two pool modes (`DATABASE_POOL_MODE`, docs/operations.md "Behind a connection pooler"):
 *
 * - `session` (the default): the URL is PostgreSQL itself, or a pooler that keeps a client
 *   on one server connection. Statements are prepared by name and cached per connection,
 *   `jit = off` travels in the startup packet, and `LISTEN` holds a pooled connection.
 * - `transaction`: the URL is a transaction pooler (PgBouncer's `pool_mode = transaction`,
 *   Supabase's and Neon's pooled URLs), which may hand each transaction another server
 *   connection. Nothing may outlive a transaction there: statements are sent unnamed
 *   (parse, bind and execute in one round trip), the startup packet carries only what
 *   PgBouncer tracks itself (`TimeZone`, `application_name`), and `LISTEN` goes to
 *   `DATABASE_DIRECT_URL`, or is replaced by polling without it (`notifications.ts`).
 *   Transactions, transaction-level `set_config(…, true)` and `pg_advisory_xact_lock` are
 *   all the application uses, and they hold through such a pooler.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as Reactivity from "effect/reactivity/Reactivity"
import type * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { DatabaseNotifications } from "./notifications.ts"
import { camelCaseResults } from "./result-names.ts"
import { makePgTypeRegistry } from "./type-mapping.ts"

/** How the connections behind `DATABASE_URL` are shared (see the module's comment). */
export type PoolMode = "session" | "transaction"

/** How often the notification fallback polls, in transaction mode without a direct URL. */
export const NOTIFICATION_POLL_MILLIS = 250

export interface PostgresOptions {
  readonly url: Redacted.Redacted
  /** Pool size; sql-pg's default when absent. Each active `listen` holds one (session mode). */
  readonly maxConnections?: number | undefined
  readonly applicationName?: string | undefined
  /** `session` when absent. */
  readonly poolMode?: PoolMode | undefined
  /**
   * A URL to PostgreSQL itself, for what needs a session (`LISTEN`, and migrations when
   * given). Only read in transaction mode.
   */
  readonly directUrl?: Option.Option<Redacted.Redacted> | undefined
}

/** The `PgClient` configuration used by the application (exposed for tests and tools). */
export const postgresClientConfig = (options: PostgresOptions): PgClient.PgPoolConfig => {
  const pooled = options.poolMode === "transaction"
  return {
    url: options.url,
    types: makePgTypeRegistry(),
    // JIT off: every statement here is short; JIT compilation was seen costing 0.5 s on
    // statements of 20 ms when bloat inflated the estimates (docs/performance.md). A
    // transaction pooler refuses startup parameters it does not track (PgBouncer: "unsupported
    // startup parameter: jit"), so there it is the database's setting (docs/operations.md).
    startupParameters: pooled ? { TimeZone: "UTC" } : { TimeZone: "UTC", jit: "off" },
    applicationName: options.applicationName ?? "quote",
    ...(pooled ? { prepare: false } : {}),
    ...camelCaseResults,
    ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections })
  }
}

/** `SqlClient` and `PgClient` over a connection pool to `url`. */
export const layerClient = (
  options: PostgresOptions
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError> => PgClient.layer(postgresClientConfig(options))

/** The direct URL, when transaction mode has one. */
export const directUrlOf = (options: PostgresOptions): Option.Option<Redacted.Redacted> =>
  options.poolMode === "transaction" && options.directUrl !== undefined ? options.directUrl : Option.none()

/**
 * Notifications as the pool mode allows: `LISTEN` on the pool (session), on a small pool
 * of its own to the direct URL (transaction with `DATABASE_DIRECT_URL`), or polling.
 */
const notificationsLayer = (
  options: PostgresOptions
): Layer.Layer<DatabaseNotifications, SqlError, PgClient.PgClient | SqlClient.SqlClient> => {
  if (options.poolMode !== "transaction") return DatabaseNotifications.layerPostgres
  return Option.match(directUrlOf(options), {
    onNone: () => DatabaseNotifications.layerPolling(NOTIFICATION_POLL_MILLIS),
    onSome: (directUrl) =>
      Layer.unwrap(Effect.gen(function*() {
        // One connection per listening subscription (webhooks, e-mail), plus room for a reconnect.
        const direct = yield* PgClient.make(
          postgresClientConfig({ ...options, url: directUrl, poolMode: "session", maxConnections: 4 })
        ).pipe(Effect.provide(Reactivity.layer))
        return DatabaseNotifications.layerListeningOn(direct.listen)
      }))
  })
}

/** `SqlClient`, `PgClient` and `DatabaseNotifications` over Postgres. */
export const layer = (
  options: PostgresOptions
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient | DatabaseNotifications, SqlError> =>
  notificationsLayer(options).pipe(Layer.provideMerge(layerClient(options)))
