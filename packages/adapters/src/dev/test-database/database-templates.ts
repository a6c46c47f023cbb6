/**
 * Migrated template databases, so a test file gets a fresh database without
 * paying for the migrations (a PGlite migrate costs seconds and ~1 GB).
 *
 * Templates are keyed by a fingerprint of the migration files (and the PGlite
 * version), so they are built once per set of migrations, shared by every
 * worker and every run until a migration changes:
 *
 * - PGlite: a tarball of a migrated in-memory database in
 *   `<tmpdir>/quote-db-templates/pglite-<fingerprint>.tar`; a test file loads it
 *   with `loadDataDir` (~0.5 s). Built under a lock file, so concurrent workers
 *   wait for one build instead of each building.
 * - Postgres: a database `quote_tmpl_<fingerprint>` (connections disallowed),
 *   built under an advisory lock; a test file gets `CREATE DATABASE ... TEMPLATE`.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import * as Crypto from "node:crypto"
import * as Fs from "node:fs"
import { createRequire } from "node:module"
import * as Os from "node:os"
import * as Path from "node:path"
import { acquireEmbeddedLock, type EmbeddedDatabaseLocked } from "../../infra/database/embedded-lock.ts"
import * as Migrator from "../../infra/database/migrator.ts"
import * as PgliteClient from "../../infra/database/pglite-client.ts"
import { postgresClientConfig } from "../../infra/database/postgres.ts"

/** Bump when the template's construction changes in a way the fingerprint cannot see. */
const templateFormat = "1"

const pgliteVersion = (): string => {
  try {
    const require = createRequire(import.meta.url)
    const entry = require.resolve("@electric-sql/pglite")
    const manifest = Path.join(Path.dirname(entry), "..", "package.json")
    return (JSON.parse(Fs.readFileSync(manifest, "utf8")) as { version?: string }).version ?? "unknown"
  } catch {
    return "unknown"
  }
}

/** Identifies the migrated state a template holds. */
export const templateFingerprint: Effect.Effect<string, Migrator.MigrationError> = Effect.map(
  Migrator.loadMigrationFiles(),
  (files) =>
    Crypto.createHash("sha256")
      .update(`${templateFormat}\n${pgliteVersion()}\n${Migrator.migrationsFingerprint(files)}`)
      .digest("hex")
      .slice(0, 16)
)

export const templatesDirectory = Path.join(Os.tmpdir(), "quote-db-templates")

/**
 * Retries on the wall clock, not on `Clock`: what it waits for is another
 * process, which the `TestClock` of the test building the layer does not move.
 */
const retryOnWallClock = <A, E, R>(
  self: Effect.Effect<A, E, R>,
  retryable: (error: E) => boolean,
  options: { readonly delayMillis: number; readonly times: number }
): Effect.Effect<A, E, R> => {
  const delay = Effect.callback<void>((resume) => {
    const timer = setTimeout(() => resume(Effect.void), options.delayMillis)
    return Effect.sync(() => clearTimeout(timer))
  })
  const loop = (remaining: number): Effect.Effect<A, E, R> =>
    Effect.catchIf(self, (error) => remaining > 0 && retryable(error), () => Effect.andThen(delay, loop(remaining - 1)))
  return loop(options.times)
}

// ---------------------------------------------------------------------------
// PGlite

const memoKey = Symbol.for("@quote/adapters/testing/pgliteTemplate")
interface Memo {
  readonly fingerprint: string
  readonly blob: Blob
}
const memo = (): Memo | undefined => (globalThis as Record<symbol, Memo | undefined>)[memoKey]

const readTemplate = (file: string): Blob | undefined => {
  try {
    return new Blob([Fs.readFileSync(file)])
  } catch {
    return undefined
  }
}

const buildPgliteTemplate = (file: string): Effect.Effect<Blob, SqlError | Migrator.MigrationError | EmbeddedDatabaseLocked> =>
  Effect.scoped(Effect.gen(function*() {
    const started = Date.now()
    const client = yield* PgliteClient.make({}).pipe(Effect.provide(Reactivity.layer))
    yield* Migrator.runMigrations().pipe(Effect.provideService(SqlClient.SqlClient, client))
    const blob = yield* client.dumpDataDir
    const bytes = new Uint8Array(yield* Effect.promise(() => blob.arrayBuffer()))
    const temporary = `${file}.${process.pid}.tmp`
    Fs.writeFileSync(temporary, bytes)
    Fs.renameSync(temporary, file)
    yield* Effect.logInfo(`Built the PGlite test template in ${Date.now() - started} ms (${file})`)
    return new Blob([bytes])
  }))

/**
 * The tarball of a migrated PGlite database, built if no worker built it yet.
 * Concurrent callers (other workers) wait for the one build.
 */
export const pgliteTemplate: Effect.Effect<Blob, SqlError | Migrator.MigrationError | EmbeddedDatabaseLocked> = Effect
  .gen(function*() {
    const fingerprint = yield* templateFingerprint
    const cached = memo()
    if (cached !== undefined && cached.fingerprint === fingerprint) return cached.blob
    const file = Path.join(templatesDirectory, `pglite-${fingerprint}.tar`)
    const blob = readTemplate(file) ?? (yield* Effect.scoped(Effect.gen(function*() {
      // Another worker may be building it: wait for its lock, then look again.
      yield* retryOnWallClock(
        acquireEmbeddedLock({ lockFile: `${file}.lock`, dataDir: file }),
        (error) => error._tag === "EmbeddedDatabaseLocked",
        { delayMillis: 250, times: 720 }
      )
      return readTemplate(file) ?? (yield* buildPgliteTemplate(file))
    })))
    ;(globalThis as Record<symbol, Memo | undefined>)[memoKey] = { fingerprint, blob }
    return blob
  })

// ---------------------------------------------------------------------------
// Postgres

/** The URL of another database on the same server. */
export const withDatabase = (url: Redacted.Redacted, database: string): Redacted.Redacted => {
  const parsed = new URL(Redacted.value(url))
  parsed.pathname = `/${encodeURIComponent(database)}`
  return Redacted.make(parsed.toString())
}

/** Runs `f` on one connection to the server's administrative database (the URL given). */
const withAdmin = <A, E>(
  url: Redacted.Redacted,
  f: (sql: PgClient.PgClient) => Effect.Effect<A, E>
): Effect.Effect<A, E | SqlError> =>
  Effect.scoped(Effect.flatMap(PgClient.makeClient(postgresClientConfig({ url })), f)).pipe(
    Effect.provide(Reactivity.layer)
  )

const templateLockKey = 7_305_214_022

/** Creates `quote_tmpl_<fingerprint>` on the server of `adminUrl` unless it exists. */
export const ensurePostgresTemplate = (
  adminUrl: Redacted.Redacted
): Effect.Effect<string, SqlError | Migrator.MigrationError> =>
  Effect.gen(function*() {
    const template = `quote_tmpl_${yield* templateFingerprint}`
    yield* withAdmin(adminUrl, (sql) =>
      Effect.gen(function*() {
        yield* sql`SELECT pg_advisory_lock(${templateLockKey})`
        const exists = yield* sql`SELECT 1 FROM pg_database WHERE datname = ${template}`
        if (exists.length > 0) return
        const started = Date.now()
        const building = `${template}_building`
        yield* sql`DROP DATABASE IF EXISTS ${sql(building)} WITH (FORCE)`
        yield* sql`CREATE DATABASE ${sql(building)}`
        yield* Effect.scoped(
          Effect.flatMap(PgClient.make(postgresClientConfig({ url: withDatabase(adminUrl, building) })), (client) =>
            Migrator.runMigrations().pipe(Effect.provideService(SqlClient.SqlClient, client)))
        ).pipe(Effect.provide(Reactivity.layer))
        // The pool is closed; the server may still be ending those sessions.
        yield* retryOnWallClock(sql`ALTER DATABASE ${sql(building)} RENAME TO ${sql(template)}`, () => true, {
          delayMillis: 100,
          times: 50
        })
        yield* sql`ALTER DATABASE ${sql(template)} WITH ALLOW_CONNECTIONS false`
        yield* Effect.logInfo(`Built the Postgres test template ${template} in ${Date.now() - started} ms`)
      }).pipe(Effect.ensuring(Effect.ignore(sql`SELECT pg_advisory_unlock(${templateLockKey})`))))
    return template
  })

/**
 * A fresh database cloned from the template for the scope's lifetime; dropped
 * (forcibly) when the scope closes.
 */
export const postgresTestDatabase = (
  adminUrl: Redacted.Redacted
): Effect.Effect<{ readonly name: string; readonly url: Redacted.Redacted }, SqlError | Migrator.MigrationError, Scope.Scope> =>
  Effect.gen(function*() {
    const template = yield* ensurePostgresTemplate(adminUrl)
    const name = `quote_test_${process.pid}_${Crypto.randomBytes(4).toString("hex")}`
    yield* Effect.acquireRelease(
      withAdmin(adminUrl, (sql) => sql`CREATE DATABASE ${sql(name)} TEMPLATE ${sql(template)}`),
      () =>
        withAdmin(adminUrl, (sql) => sql`DROP DATABASE IF EXISTS ${sql(name)} WITH (FORCE)`).pipe(
          Effect.catchCause((cause) => Effect.logWarning(`Could not drop the test database ${name}`, cause))
        )
    )
    return { name, url: withDatabase(adminUrl, name) }
  })
