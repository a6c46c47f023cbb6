/**
 * Backup and restore of the embedded database (`npm run cli -- db backup|restore`).
 *
 * A backup is PGlite's own snapshot of its data directory (`dumpDataDir`, a tarball),
 * gzipped, taken under the data directory's lock: the database is stopped (no server
 * holds it), so the snapshot is consistent. Before the file is kept it is loaded into a
 * throw-away in-memory database and read (migrations, tables, rows): a backup that
 * cannot be restored is never reported as made.
 *
 * A restore checks the file the same way first, then unpacks it into a new directory
 * beside `<DATA_DIR>/pglite`, opens it once, and only then swaps it in with renames.
 * Anything failing before the swap leaves the current database untouched. It refuses
 * to replace an existing database unless forced.
 *
 * Neither touches `<DATA_DIR>/session-secret`: ERP credentials in the database are
 * encrypted with the session secret, which must travel with the backup (see
 * docs/operations.md).
 */
import { PGlite } from "@electric-sql/pglite"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { randomBytes } from "node:crypto"
import * as Fs from "node:fs"
import * as Path from "node:path"
import * as Zlib from "node:zlib"
import { acquireEmbeddedLock, type EmbeddedDatabaseLocked } from "./embedded-lock.ts"
import { loadMigrationFiles, type MigrationError } from "./migrator.ts"
import { embeddedPaths, PgliteClient } from "./pglite-client.ts"
import { qualified, readAppliedMigrations, readTables } from "./schema-catalog.ts"

export class EmbeddedBackupError extends Schema.TaggedError<EmbeddedBackupError>()("EmbeddedBackupError", {
  code: Schema.Literals(["NO_EMBEDDED_DATABASE", "OUTPUT_EXISTS", "BACKUP_INVALID", "DATA_DIR_NOT_EMPTY", "BACKUP_IO"]),
  message: Schema.String
}) {}

export interface BackupContents {
  readonly migrations: ReadonlyArray<string>
  readonly tables: number
  readonly rows: number
}

export interface BackupSummary extends BackupContents {
  readonly file: string
  readonly bytes: number
}

export interface RestoreSummary extends BackupContents {
  readonly dataDir: string
  /** Whether a database was there and has been replaced (`--force`). */
  readonly replaced: boolean
}

type BackupFailure = EmbeddedBackupError | EmbeddedDatabaseLocked | SqlError | MigrationError

const fail = (code: EmbeddedBackupError["code"], message: string) => new EmbeddedBackupError({ code, message })

const messageOf = (cause: unknown) => cause instanceof Error ? cause.message : String(cause)

const io = <A>(what: string, run: () => A) =>
  Effect.try({ try: run, catch: (cause) => fail("BACKUP_IO", `${what}: ${messageOf(cause)}`) })

const ioPromise = <A>(what: string, run: () => Promise<A>) =>
  Effect.tryPromise({ try: run, catch: (cause) => fail("BACKUP_IO", `${what}: ${messageOf(cause)}`) })

/** Whether `<dataDir>/pglite` holds a database (PGlite creates one when it opens an empty directory). */
export const embeddedDatabaseExists = (dataDir: string): boolean =>
  Fs.existsSync(Path.join(embeddedPaths(dataDir).pgdata, "PG_VERSION"))

const requireDatabase = (dataDir: string) =>
  embeddedDatabaseExists(dataDir)
    ? Effect.void
    : Effect.fail(fail("NO_EMBEDDED_DATABASE", `There is no embedded database in ${dataDir}`))

/** A throw-away in-memory database loaded from `tarball`, for the scope. */
const openSnapshot = (tarball: Blob): Effect.Effect<SqlClient.SqlClient, BackupFailure, Scope.Scope> =>
  Effect.map(
    Layer.build(PgliteClient.layer({ loadDataDir: tarball })),
    (context) => Context.get(context, SqlClient.SqlClient)
  ).pipe(
    Effect.catchTag("SqlError", (error) =>
      Effect.fail(fail("BACKUP_INVALID", `The file is not a usable database snapshot: ${error.message}`)))
  )

/**
 * What a snapshot holds; fails `BACKUP_INVALID` unless it is this service's database
 * with no migration this version does not know.
 */
const inspectSnapshot = (tarball: Blob): Effect.Effect<BackupContents, BackupFailure> =>
  Effect.scoped(Effect.gen(function*() {
    const sql = yield* openSnapshot(tarball)
    const migrations = yield* readAppliedMigrations(sql)
    if (migrations.length === 0) {
      return yield* fail("BACKUP_INVALID", "The file holds a database without this service's schema (no migrations applied)")
    }
    const known = new Set((yield* loadMigrationFiles()).map((file) => file.name))
    const unknown = migrations.filter((name) => !known.has(name))
    if (unknown.length > 0) {
      return yield* fail("BACKUP_INVALID", `The backup comes from a newer version (migrations ${unknown.join(", ")})`)
    }
    const tables = yield* readTables(sql)
    let rows = 0
    for (const table of tables) {
      const [row] = yield* sql.unsafe<{ readonly count: string }>(`select count(*)::text as count from ${qualified(table.name)}`)
      rows += Number(row?.count ?? 0)
    }
    return { migrations, tables: tables.length, rows }
  }))

const gzipMagic = [0x1f, 0x8b]

/** The tarball inside a backup file (gzipped, as `db backup` writes it, or a plain `dumpDataDir` tar). */
const readBackupFile = (file: string) =>
  Effect.gen(function*() {
    const bytes = yield* io(`Cannot read ${file}`, () => Fs.readFileSync(file))
    const gzipped = bytes[0] === gzipMagic[0] && bytes[1] === gzipMagic[1]
    const tar = gzipped
      ? yield* Effect.try({
        try: () => Zlib.gunzipSync(bytes),
        catch: (cause) => fail("BACKUP_INVALID", `${file} is not a valid backup: ${messageOf(cause)}`)
      })
      : bytes
    return new Blob([new Uint8Array(tar)])
  })

/**
 * Snapshots the stopped embedded database of `dataDir` into `outFile` (gzipped tar),
 * verified by loading it. Refuses while another process holds the database, and when
 * `outFile` exists.
 */
export const backupEmbeddedDatabase = (options: { readonly dataDir: string; readonly outFile: string }) =>
  Effect.scoped(Effect.gen(function*() {
    const { dataDir, outFile } = options
    yield* requireDatabase(dataDir)
    if (Fs.existsSync(outFile)) {
      return yield* fail("OUTPUT_EXISTS", `${outFile} already exists: choose another file name`)
    }
    const paths = embeddedPaths(dataDir)
    yield* acquireEmbeddedLock({ lockFile: paths.lockFile, dataDir })
    const tarball = yield* Effect.acquireUseRelease(
      ioPromise(`Cannot open the embedded database in ${dataDir}`, () => PGlite.create({ dataDir: paths.pgdata })),
      (pg) => ioPromise("Cannot snapshot the embedded database", () => pg.dumpDataDir("none")),
      (pg) => Effect.promise(() => pg.close()).pipe(Effect.ignore)
    )
    const contents = yield* inspectSnapshot(tarball)
    const gzipped = Zlib.gzipSync(new Uint8Array(yield* ioPromise("Cannot read the snapshot", () => tarball.arrayBuffer())))
    // Written beside the target, then renamed: a half-written file never has the final name.
    const partial = `${outFile}.partial-${randomBytes(4).toString("hex")}`
    yield* io(`Cannot write ${outFile}`, () => {
      try {
        Fs.writeFileSync(partial, gzipped, { flag: "wx", mode: 0o600 })
        Fs.renameSync(partial, outFile)
      } finally {
        Fs.rmSync(partial, { force: true })
      }
    })
    return { file: outFile, bytes: gzipped.byteLength, ...contents } satisfies BackupSummary
  }))

/**
 * Replaces the embedded database of `dataDir` with the backup in `fromFile`, checked
 * first. Refuses while another process holds the database, and when `dataDir` already
 * holds one unless `force`.
 */
export const restoreEmbeddedDatabase = (
  options: { readonly dataDir: string; readonly fromFile: string; readonly force: boolean }
): Effect.Effect<RestoreSummary, BackupFailure> =>
  Effect.scoped(Effect.gen(function*() {
    const { dataDir, fromFile, force } = options
    const tarball = yield* readBackupFile(fromFile)
    const contents = yield* inspectSnapshot(tarball)

    const paths = embeddedPaths(dataDir)
    yield* acquireEmbeddedLock({ lockFile: paths.lockFile, dataDir })
    const existing = Fs.existsSync(paths.pgdata) && Fs.readdirSync(paths.pgdata).length > 0
    if (existing && !force) {
      return yield* fail(
        "DATA_DIR_NOT_EMPTY",
        `${dataDir} already holds an embedded database: pass --force to replace it (take a db backup of it first)`
      )
    }

    const suffix = randomBytes(4).toString("hex")
    const staging = `${paths.pgdata}.restoring-${suffix}`
    const replaced = `${paths.pgdata}.replaced-${suffix}`
    yield* Effect.acquireUseRelease(
      Effect.succeed(staging),
      (directory) =>
        Effect.gen(function*() {
          // Unpacked and opened once: Postgres checks its files before anything is swapped.
          const pg = yield* ioPromise("Cannot unpack the backup", () =>
            PGlite.create({ dataDir: directory, loadDataDir: tarball }))
          yield* ioPromise("The unpacked backup does not open", async () => {
            try {
              await pg.query("select 1")
            } finally {
              await pg.close()
            }
          })
          yield* io(`Cannot put the restored database in place in ${dataDir}`, () => {
            if (existing) Fs.renameSync(paths.pgdata, replaced)
            else Fs.rmSync(paths.pgdata, { recursive: true, force: true })
            try {
              Fs.renameSync(directory, paths.pgdata)
            } catch (cause) {
              if (existing) Fs.renameSync(replaced, paths.pgdata)
              throw cause
            }
          })
          yield* io(`Cannot remove the replaced database ${replaced}`, () =>
            Fs.rmSync(replaced, { recursive: true, force: true }))
        }),
      (directory) => Effect.sync(() => Fs.rmSync(directory, { recursive: true, force: true }))
    )
    return { dataDir, replaced: existing, ...contents }
  }))
