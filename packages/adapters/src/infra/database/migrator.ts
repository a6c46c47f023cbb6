/**
 * Runs the repository's `migrations/*.sql` on either database.
 *
 * Files are applied in name order (`0001_schema.sql`, `0002_...`), each in its
 * own transaction together with its row in `schema_migrations`, so a failed
 * file leaves nothing behind and the next start retries it. Every step takes
 * a transaction-scoped advisory lock first, so two processes starting at once
 * on one Postgres apply each file exactly once (the second waits, then finds
 * it applied). Re-running is a no-op. A file is split into statements (see
 * `sql-script.ts`), so it may hold functions with `$$` bodies, but must not
 * hold `BEGIN`/`COMMIT`: the migrator owns the transaction.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import * as Crypto from "node:crypto"
import * as Fs from "node:fs/promises"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { postgresMessage } from "./sql-errors.ts"
import { isTransactionControl, splitSqlStatements } from "./sql-script.ts"

/** `<repo>/migrations`, found from this file rather than the working directory. */
export const migrationsDirectory: string = fileURLToPath(new URL("../../../../../migrations/", import.meta.url))

/** The table recording applied migrations. */
export const migrationsTable = "schema_migrations"

/** Key of the advisory lock that serializes migrators (and `db copy`) on one database. */
export const migrationLockKey = 7_305_214_021
const advisoryLockKey = migrationLockKey

export class MigrationError extends Schema.TaggedError<MigrationError>()("MigrationError", {
  message: Schema.String,
  migration: Schema.optional(Schema.String),
  cause: Schema.optional(Schema.Defect())
}) {}

export interface MigrationFile {
  /** The file name, e.g. `0001_schema.sql`; also its key in `schema_migrations`. */
  readonly name: string
  readonly sql: string
  /** SHA-256 of the contents, to warn when an applied file was edited. */
  readonly checksum: string
}

export interface MigrateOptions {
  /** Defaults to {@link migrationsDirectory}. */
  readonly directory?: string | undefined
}

const sha256 = (text: string): string => Crypto.createHash("sha256").update(text).digest("hex")

/** Reads every `*.sql` file of the directory, sorted by name. */
export const loadMigrationFiles = (
  directory: string = migrationsDirectory
): Effect.Effect<ReadonlyArray<MigrationFile>, MigrationError> =>
  Effect.tryPromise({
    try: async () => {
      const names = (await Fs.readdir(directory)).filter((name) => name.endsWith(".sql")).sort()
      return Promise.all(names.map(async (name) => {
        const sql = await Fs.readFile(Path.join(directory, name), "utf8")
        return { name, sql, checksum: sha256(sql) }
      }))
    },
    catch: (cause) =>
      new MigrationError({ message: `Cannot read the migrations in ${directory}: ${String(cause)}`, cause })
  })

/** A fingerprint of a set of migration files: equal sets give equal fingerprints. */
export const migrationsFingerprint = (files: ReadonlyArray<MigrationFile>): string =>
  sha256(files.map((file) => `${file.name}\n${file.checksum}`).join("\n"))

interface AppliedRow {
  readonly name: string
  readonly checksum: string
}

/**
 * Applies the pending migration files; returns the names applied now (empty
 * when the database was up to date).
 */
export const runMigrations = (
  options: MigrateOptions = {}
): Effect.Effect<ReadonlyArray<string>, MigrationError | SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const files = yield* loadMigrationFiles(options.directory)
    for (const file of files) {
      const bad = splitSqlStatements(file.sql).find(isTransactionControl)
      if (bad !== undefined) {
        return yield* new MigrationError({
          message: `Migration ${file.name} must not control transactions (found "${bad.split("\n")[0]}")`,
          migration: file.name
        })
      }
    }

    const table = sql(migrationsTable)
    const lockAndRead = Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(${advisoryLockKey})`
      yield* sql`CREATE TABLE IF NOT EXISTS ${table} (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`
      return yield* sql<AppliedRow>`SELECT name, checksum FROM ${table}`
    })

    const applyNext = sql.withTransaction(Effect.gen(function*() {
      const applied = new Map((yield* lockAndRead).map((row) => [row.name, row.checksum]))
      const file = files.find((candidate) => !applied.has(candidate.name))
      if (file === undefined) return { applied, file: undefined }
      yield* Effect.logInfo(`Applying migration ${file.name}`)
      for (const statement of splitSqlStatements(file.sql)) {
        yield* sql.unsafe(statement).unprepared.pipe(
          Effect.mapError((error) =>
            new MigrationError({
              message: `Migration ${file.name} failed: ${postgresMessage(error) ?? error.message}; in: ${statement.slice(0, 200)}`,
              migration: file.name,
              cause: error
            })
          )
        )
      }
      yield* sql`INSERT INTO ${table} ${sql.insert({ name: file.name, checksum: file.checksum })}`
      return { applied, file }
    }))

    const done: Array<string> = []
    let applied = new Map<string, string>()
    while (true) {
      const step = yield* applyNext
      applied = step.applied
      if (step.file === undefined) break
      done.push(step.file.name)
    }

    for (const file of files) {
      const checksum = applied.get(file.name)
      if (checksum !== undefined && checksum !== file.checksum && !done.includes(file.name)) {
        yield* Effect.logWarning(
          `Migration ${file.name} changed after it was applied; write a new migration instead of editing it`
        )
      }
    }
    yield* done.length === 0
      ? Effect.logInfo(`Database schema is up to date (${files.length} migrations)`)
      : Effect.logInfo(`Applied ${done.length} migration(s): ${done.join(", ")}`)
    return done
  }).pipe(Effect.withSpan("Migrator.run"))

/** Runs the migrations while the layer is built. */
export const layer = (
  options: MigrateOptions = {}
): Layer.Layer<never, MigrationError | SqlError, SqlClient.SqlClient> =>
  Layer.effectDiscard(runMigrations(options))
