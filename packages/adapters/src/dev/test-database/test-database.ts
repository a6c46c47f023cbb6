/**
 * A migrated database of its own for each test file.
 *
 * ```ts
 * import { layer } from "@effect/vitest"
 * import { TestDatabase } from "@quote/adapters/dev/test-database/test-database"
 *
 * layer(TestDatabase.layer)("quotations repository", (it) => {
 *   it.effect("inserts", () => Effect.gen(function*() {
 *     const sql = yield* SqlClient.SqlClient // result columns in camelCase
 *     ...
 *   }))
 * })
 * ```
 *
 * - `TEST_DATABASE_URL` unset: an in-memory PGlite loaded from the migrated
 *   template tarball (see `database-templates.ts`).
 * - `TEST_DATABASE_URL=postgres://.../postgres`: a new database
 *   `quote_test_<pid>_<random>` on that server, cloned from the migrated
 *   template database, dropped when the layer is released.
 *
 * The layer provides `SqlClient`, `DatabaseNotifications` and `TestDatabase`
 * (which says where the database is, so a test can start the HTTP server on
 * the same database, e.g. with the Postgres `url`).
 */
import * as Config from "effect/Config"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type { ConfigError } from "effect/Config"
import type * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import type { EmbeddedDatabaseLocked } from "../../infra/database/embedded-lock.ts"
import type { MigrationError } from "../../infra/database/migrator.ts"
import { DatabaseNotifications } from "../../infra/database/notifications.ts"
import { PgliteClient } from "../../infra/database/pglite-client.ts"
import { camelCaseResults } from "../../infra/database/result-names.ts"
import * as Postgres from "../../infra/database/postgres.ts"
import { pgliteTemplate, postgresTestDatabase } from "./database-templates.ts"

export interface TestDatabaseInfo {
  /** `"pglite"`, or `"pg"` when `TEST_DATABASE_URL` is set. */
  readonly driver: "pglite" | "pg"
  /** The fresh Postgres database's name, or `"memory"`. */
  readonly databaseName: string
  /** On Postgres, the URL of this test file's database (usable as `DATABASE_URL`; the pooled one behind a pooler). */
  readonly url: Option.Option<Redacted.Redacted>
  /** `transaction` when the tests run through a pooler (`TEST_DATABASE_POOL_URL`). */
  readonly poolMode: "session" | "transaction"
  /** How long creating this database took, in milliseconds (clone, not migrate). */
  readonly setupMillis: number
}

export type TestDatabaseError = SqlError | MigrationError | EmbeddedDatabaseLocked | ConfigError

/** Reads `TEST_DATABASE_URL`; empty counts as unset. */
export const testDatabaseUrl: Effect.Effect<Option.Option<Redacted.Redacted>, ConfigError> = Config.option(
  Config.Redacted("TEST_DATABASE_URL")
).pipe(Effect.map(Option.filter((url) => Redacted.value(url).trim() !== "")))

const pgliteLayer: Layer.Layer<TestDatabase | SqlClient.SqlClient | DatabaseNotifications, TestDatabaseError> = Layer
  .unwrap(
    Effect.gen(function*() {
      const template = yield* pgliteTemplate
      const started = Date.now()
      return Layer.effectContext(
        Effect.gen(function*() {
          const client = yield* PgliteClient
          return TestDatabase.context({
            driver: "pglite",
            databaseName: client.config.dataDir ?? "memory",
            url: Option.none(),
            poolMode: "session",
            setupMillis: Date.now() - started
          })
        })
      ).pipe(
        Layer.provideMerge(PgliteClient.layerWithNotifications({ loadDataDir: template, ...camelCaseResults }))
      )
    })
  )

/** `TEST_DATABASE_POOL_URL`: a transaction pooler in front of the `TEST_DATABASE_URL` server. */
export const testDatabasePoolUrl: Effect.Effect<Option.Option<string>, ConfigError> = Config.option(
  Config.String("TEST_DATABASE_POOL_URL")
).pipe(Effect.map(Option.filter((url) => url.trim() !== "")))

/** `database`'s URL on the pooler: the pooler's host and port, the same credentials and database. */
const throughPooler = (database: Redacted.Redacted, pooler: string): Redacted.Redacted => {
  const url = new URL(Redacted.value(database))
  const via = new URL(pooler)
  url.host = via.host
  return Redacted.make(url.toString())
}

const postgresLayer = (
  adminUrl: Redacted.Redacted
): Layer.Layer<TestDatabase | SqlClient.SqlClient | DatabaseNotifications, TestDatabaseError> =>
  Layer.unwrap(
    Effect.gen(function*() {
      const started = Date.now()
      const database = yield* postgresTestDatabase(adminUrl)
      const setupMillis = Date.now() - started
      const pooler = yield* testDatabasePoolUrl
      const url = Option.match(pooler, { onNone: () => database.url, onSome: (via) => throughPooler(database.url, via) })
      const poolMode = Option.isSome(pooler) ? "transaction" as const : "session" as const
      return Layer.succeed(TestDatabase, {
        driver: "pg",
        databaseName: database.name,
        url: Option.some(url),
        poolMode,
        setupMillis
      }).pipe(Layer.provideMerge(Postgres.layer({ url, poolMode, maxConnections: 5 })))
    })
  )

export class TestDatabase extends Context.Service<TestDatabase, TestDatabaseInfo>()(
  "@quote/adapters/TestDatabase"
) {
  /** A migrated database for the test file (or `layer(...)` block) that builds it. */
  static readonly layer: Layer.Layer<TestDatabase | SqlClient.SqlClient | DatabaseNotifications, TestDatabaseError> =
    Layer.unwrap(
      Effect.map(testDatabaseUrl, Option.match({ onNone: () => pgliteLayer, onSome: postgresLayer }))
    )
}
