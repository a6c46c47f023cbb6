/**
 * An `effect/sql` client over PGlite (Postgres compiled to WASM, in-process).
 *
 * It provides the same `SqlClient` service as `@effect/sql-pg`, with the same
 * statement compiler, so repository code runs unchanged on both. PGlite is
 * one Postgres session, so the client shares it through a one-permit
 * semaphore: a statement borrows the session for its duration, and a
 * transaction holds it from `BEGIN` to `COMMIT`/`ROLLBACK` while the
 * statements inside it (on the transaction's fiber) run directly. Nested
 * `withTransaction` uses savepoints.
 *
 * With `dataDir` the database persists in `<dataDir>/pglite`, guarded by the
 * lock file `<dataDir>/pglite.lock` (see `embedded-lock.ts`), and refuses changes
 * while its disk is full (`disk-space.ts`); without it the database lives in
 * memory, optionally starting from a `dumpDataDir` tarball.
 */
import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import { makeCompiler } from "@effect/sql-pg/PgClient"
import type { Notification } from "@effect/sql-pg/PgConnection"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as Queue from "effect/Queue"
import * as Semaphore from "effect/Semaphore"
import * as Stream from "effect/Stream"
import * as Reactivity from "effect/reactivity/Reactivity"
import type * as Scope from "effect/Scope"
import * as SqlClient from "effect/sql/SqlClient"
import type { Connection } from "effect/sql/SqlConnection"
import { ConnectionError, SqlError, UnknownError } from "effect/sql/SqlError"
import * as Statement from "effect/sql/Statement"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { DatabaseDisk, DiskFullCause, type DiskSpaceGuard, diskSpaceGuard, type DiskSpaceLimits, isDiskFullState } from "./disk-space.ts"
import { acquireEmbeddedLock, type EmbeddedDatabaseLocked } from "./embedded-lock.ts"
import { DatabaseNotifications } from "./notifications.ts"
import { keepWasmCodeLean, leanStartParams } from "./embedded-footprint.ts"
import { classifySqlState } from "./sql-errors.ts"
import { pgliteParameters, pgliteParsers } from "./type-mapping.ts"

export type { Notification }

export interface PgliteClientConfig {
  /**
   * The application's data directory. PGlite keeps its files in
   * `<dataDir>/pglite` and the process lock in `<dataDir>/pglite.lock`.
   * Absent: an in-memory database.
   */
  readonly dataDir?: string | undefined
  /** Start an in-memory database from a `dumpDataDir()` tarball (ignored with `dataDir`). */
  readonly loadDataDir?: Blob | undefined
  /** With `dataDir`: the free space below which changes stop (`disk-space.ts`; its defaults when absent). */
  readonly diskSpace?: DiskSpaceLimits | undefined
  readonly spanAttributes?: Record<string, unknown> | undefined
  readonly transformResultNames?: ((str: string) => string) | undefined
  readonly transformQueryNames?: ((str: string) => string) | undefined
  readonly transformJson?: boolean | undefined
}

/** The `SqlClient` of a PGlite database, plus what `PgClient` offers beyond it. */
export interface PgliteSqlClient extends SqlClient.SqlClient {
  readonly config: PgliteClientConfig
  /** A JSON parameter, like `PgClient.json`. */
  readonly json: (value: unknown) => Statement.Fragment
  /**
   * `LISTEN` on a channel until the scope closes; resolves once listening, like
   * `PgClient.listen`. A notification reaches every listener of its channel.
   */
  readonly listen: (
    channel: string
  ) => Effect.Effect<Queue.Dequeue<Notification, SqlError>, SqlError, Scope.Scope>
  /** `pg_notify` through this client: inside `withTransaction` it is sent only if the transaction commits. */
  readonly notify: (channel: string, payload: string) => Effect.Effect<void, SqlError>
  /** An uncompressed tarball of the data directory, to clone the database with `loadDataDir`. */
  readonly dumpDataDir: Effect.Effect<Blob, SqlError>
  /** True while the data directory's disk is full and changes are refused (never for an in-memory database). */
  readonly diskFull: () => boolean
}

/** The file layout inside an embedded data directory. */
export const embeddedPaths = (dataDir: string) => ({
  pgdata: Path.join(dataDir, "pglite"),
  lockFile: Path.join(dataDir, "pglite.lock")
})

// ---------------------------------------------------------------------------

const messageOf = (cause: unknown): string =>
  Predicate.hasProperty(cause, "message") && typeof cause.message === "string" ? cause.message : String(cause)

const stringField = (cause: unknown, name: string): string | undefined =>
  Predicate.hasProperty(cause, name) && typeof cause[name] === "string" ? cause[name] : undefined

/** Postgres' `read_only_sql_transaction`: a change while the session is read-only. */
const READ_ONLY_STATE = "25006"

/**
 * PGlite throws Postgres' error fields (`code`, `constraint`, ...) on the error itself.
 * A change refused for lack of space (the session made read-only by a full disk, or a
 * file that could not grow) carries a `DiskFullCause`.
 */
const toSqlError = (cause: unknown, operation: string, disk?: DiskSession): SqlError => {
  const code = stringField(cause, "code")
  const message = `PGlite: ${messageOf(cause)}`
  if (disk !== undefined && (isDiskFullState(code) || (code === READ_ONLY_STATE && disk.readOnly))) {
    if (isDiskFullState(code)) disk.guard.filled()
    return new SqlError({ reason: new UnknownError({ cause: new DiskFullCause(message), message, operation }) })
  }
  return new SqlError({
    reason: code !== undefined && /^[0-9A-Z]{5}$/.test(code)
      ? classifySqlState(code, stringField(cause, "constraint"), { cause, message, operation })
      : new UnknownError({ cause, message, operation })
  })
}

const connectionError = (cause: unknown, message: string) =>
  new SqlError({ reason: new ConnectionError({ cause, message: `${message}: ${messageOf(cause)}`, operation: "connect" }) })

/** The result shape of `PgConnection.query`, so `statement.raw` reads alike on both drivers. */
export interface RawResult {
  readonly command: string
  readonly rowCount: number
  readonly oid: number | null
  readonly rows: ReadonlyArray<Record<string, unknown>>
  readonly fields: ReadonlyArray<{ readonly name: string; readonly dataTypeId: number }>
}

type Transform = (<A extends object>(row: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined

/** The session's side of the disk guard: whether it was last made read-only. */
interface DiskSession {
  readonly guard: DiskSpaceGuard
  readOnly: boolean
}

/**
 * Before a statement outside a transaction, the session follows the disk: read-only
 * while it is full, read-write again once space is free. (Inside a transaction the
 * setting would apply only to the next one, and a rollback would undo it.)
 */
const followDisk = async (pg: PGlite, disk: DiskSession): Promise<void> => {
  const full = disk.guard.full()
  if (full === disk.readOnly || pg.isInTransaction()) return
  await pg.query(`SET default_transaction_read_only = ${full ? "on" : "off"}`)
  disk.readOnly = full
}

const makeConnection = (pg: PGlite, disk: DiskSession | undefined): Connection => {
  // PGlite cannot cancel a statement, so a statement runs to its end even if
  // its fiber is interrupted: the session is only handed on once it is idle.
  const query = (sql: string, params: ReadonlyArray<unknown>, rowMode: "object" | "array") =>
    Effect.uninterruptible(Effect.tryPromise({
      try: async () => {
        if (disk !== undefined) await followDisk(pg, disk)
        const { types, values } = pgliteParameters(params)
        return pg.query<Record<string, unknown>>(sql, values, { paramTypes: types, rowMode })
      },
      catch: (cause) => toSqlError(cause, "query", disk)
    }))
  const rows = (sql: string, params: ReadonlyArray<unknown>, transform: Transform) =>
    Effect.map(query(sql, params, "object"), (result) => transform ? transform(result.rows) : result.rows)
  const values = (sql: string, params: ReadonlyArray<unknown>) =>
    Effect.map(query(sql, params, "array"), (result) => result.rows as unknown as ReadonlyArray<ReadonlyArray<unknown>>)
  return {
    execute: rows,
    executeUnprepared: rows,
    executeRaw: (sql, params) =>
      Effect.map(query(sql, params, "object"), (result): RawResult => ({
        command: result.command ?? "",
        rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
        oid: null,
        rows: result.rows,
        fields: result.fields.map((field) => ({ name: field.name, dataTypeId: field.dataTypeID }))
      })),
    executeValues: values,
    executeValuesUnprepared: values,
    executeStream: (sql, params, transform) => Stream.unwrap(Effect.map(rows(sql, params, transform), Stream.fromIterable))
  }
}

/** Postgres answers `COMMIT` of an aborted transaction with `ROLLBACK`. */
const commit = (conn: Connection): Effect.Effect<void, SqlError> =>
  Effect.flatMap(conn.executeRaw("COMMIT", []), (result) =>
    (result as RawResult).command === "ROLLBACK"
      ? Effect.fail(
        new SqlError({
          reason: new UnknownError({
            cause: new Error("COMMIT rolled back an aborted transaction"),
            message: "PGlite: COMMIT rolled back an aborted transaction",
            operation: "commit"
          })
        })
      )
      : Effect.void)

const escapeIdentifier = Statement.defaultEscape("\"")

const channelEncoder = new TextEncoder()
const validateChannel = (channel: string, operation: string): Effect.Effect<void, SqlError> => {
  if (channel.length > 0 && channelEncoder.encode(channel).byteLength <= 63) return Effect.void
  const message = "PostgreSQL channel names must be 1 to 63 UTF-8 bytes"
  return Effect.fail(new SqlError({ reason: new UnknownError({ cause: new Error(message), message, operation }) }))
}

const openPglite = (config: PgliteClientConfig): Effect.Effect<PGlite, SqlError | EmbeddedDatabaseLocked, Scope.Scope> =>
  Effect.gen(function*() {
    let dataDir: string | undefined
    if (config.dataDir !== undefined) {
      const paths = embeddedPaths(config.dataDir)
      yield* acquireEmbeddedLock({ lockFile: paths.lockFile, dataDir: config.dataDir })
      yield* Effect.try({
        try: () => Fs.mkdirSync(paths.pgdata, { recursive: true }),
        catch: (cause) => connectionError(cause, `Cannot create ${paths.pgdata}`)
      })
      dataDir = paths.pgdata
      // A persistent database is a long-lived process's (the development server, the CLI).
      keepWasmCodeLean()
    }
    const loadDataDir = dataDir === undefined ? config.loadDataDir : undefined
    return yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () =>
          PGlite.create({
            ...(dataDir === undefined ? {} : { dataDir }),
            ...(loadDataDir === undefined ? {} : { loadDataDir }),
            parsers: pgliteParsers,
            startParams: [...PGlite.defaultStartParams, ...leanStartParams],
            // The trigram indexes of the searches (migrations/0006_growth.sql).
            extensions: { pg_trgm }
          }),
        catch: (cause) => connectionError(cause, "PGlite: failed to open the database")
      }),
      (pg) =>
        Effect.tryPromise(() => pg.close()).pipe(
          Effect.catchCause((cause) => Effect.logWarning("PGlite: failed to close cleanly", cause))
        )
    )
  })

/**
 * Opens a PGlite database for the current scope and builds its client.
 */
export const make = (
  config: PgliteClientConfig
): Effect.Effect<PgliteSqlClient, SqlError | EmbeddedDatabaseLocked, Scope.Scope | Reactivity.Reactivity> =>
  Effect.gen(function*() {
    const pg = yield* openPglite(config)
    const disk: DiskSession | undefined = config.dataDir === undefined
      ? undefined
      : { guard: diskSpaceGuard(embeddedPaths(config.dataDir).pgdata, config.diskSpace), readOnly: false }
    const connection = makeConnection(pg, disk)
    // Both drivers run their sessions in UTC, so timestamps convert alike.
    yield* connection.executeUnprepared("SET TIME ZONE 'UTC'", [], undefined)

    const semaphore = yield* Semaphore.make(1)
    const acquirers = SqlClient.makeSqliteAcquirers({
      connection: Effect.succeed(connection),
      semaphore,
      isTransaction: () => pg.isInTransaction()
    })
    const compiler = makeCompiler(config.transformQueryNames, config.transformJson)
    const transformRows = config.transformResultNames
      ? Statement.defaultTransforms(config.transformResultNames, config.transformJson).array
      : undefined

    const sql = yield* SqlClient.make({
      acquirer: acquirers.acquirer,
      borrower: acquirers.borrower,
      transactionAcquirer: acquirers.transactionAcquirer,
      onCommitFailure: acquirers.onCommitFailure,
      isTransaction: acquirers.isTransaction,
      commit,
      releaseSavepoint: (name) => `RELEASE SAVEPOINT ${name}`,
      compiler,
      driver: "pglite",
      spanAttributes: [
        ...(config.spanAttributes ? Object.entries(config.spanAttributes) : []),
        ["db.system.name", "postgresql"],
        ["db.namespace", config.dataDir ?? "memory"]
      ],
      transformRows
    })

    /** The session for one effect: the transaction's when inside one, else borrowed. */
    const useSession = <A>(f: (conn: Connection) => Effect.Effect<A, SqlError>): Effect.Effect<A, SqlError> =>
      Effect.flatMap(
        Effect.serviceOption(sql.transactionService),
        Option.match({
          onNone: () => acquirers.borrower(f),
          onSome: ([conn]) => f(conn)
        })
      )

    // LISTEN/UNLISTEN bookkeeping runs one at a time, so a channel is never
    // unlistened while a new listener is joining it.
    const listeners = new Map<string, Set<Queue.Queue<Notification, SqlError>>>()
    const listenLock = yield* Semaphore.make(1)
    const stopDispatch = pg.onNotification((channel, payload) => {
      const queues = listeners.get(channel)
      if (queues === undefined) return
      for (const queue of queues) Queue.offerUnsafe(queue, { channel, payload, processId: 0 })
    })
    yield* Effect.addFinalizer(() => Effect.sync(stopDispatch))

    const listen = (channel: string): Effect.Effect<Queue.Dequeue<Notification, SqlError>, SqlError, Scope.Scope> =>
      Effect.gen(function*() {
        yield* validateChannel(channel, "listen")
        const queue = yield* Queue.unbounded<Notification, SqlError>()
        const identifier = escapeIdentifier(channel)
        yield* Effect.acquireRelease(
          listenLock.withPermit(Effect.gen(function*() {
            yield* useSession((conn) => conn.executeUnprepared(`LISTEN ${identifier}`, [], undefined))
            let queues = listeners.get(channel)
            if (queues === undefined) {
              queues = new Set()
              listeners.set(channel, queues)
            }
            queues.add(queue)
          })),
          () =>
            listenLock.withPermit(Effect.gen(function*() {
              const queues = listeners.get(channel)
              queues?.delete(queue)
              if (queues !== undefined && queues.size === 0) {
                listeners.delete(channel)
                if (!pg.closed) {
                  yield* Effect.ignore(useSession((conn) => conn.executeUnprepared(`UNLISTEN ${identifier}`, [], undefined)))
                }
              }
              yield* Queue.shutdown(queue)
            }))
        )
        return queue
      })

    const notify = (channel: string, payload: string): Effect.Effect<void, SqlError> =>
      Effect.andThen(validateChannel(channel, "notify"), Effect.asVoid(sql`SELECT pg_notify(${channel}, ${payload})`))

    const dumpDataDir = acquirers.borrower(() =>
      Effect.uninterruptible(Effect.tryPromise({
        try: () => pg.dumpDataDir("none"),
        catch: (cause) => toSqlError(cause, "dump")
      }))
    )

    return Object.assign(sql, {
      config,
      json: (value: unknown) => Statement.fragment([Statement.parameter(PgTypes.jsonb(value))]),
      listen,
      notify,
      dumpDataDir,
      diskFull: () => disk?.guard.full() ?? false
    }) satisfies PgliteSqlClient
  })

/**
 * The PGlite client as a service: `yield* PgliteClient` inside code that needs
 * PGlite-only features (`dumpDataDir`); everything else asks for `SqlClient`.
 */
export class PgliteClient extends Context.Service<PgliteClient, PgliteSqlClient>()(
  "@quote/adapters/PgliteClient"
) {
  /** `DatabaseNotifications` over this client: its `listen`, and `pg_notify` through it. */
  static readonly notifications: Layer.Layer<DatabaseNotifications, never, PgliteClient | SqlClient.SqlClient> = Layer
    .unwrap(PgliteClient.useSync((client) => DatabaseNotifications.layerListeningOn(client.listen)))

  /** The embedded database as the application's: the client and its notifications. */
  static readonly layerWithNotifications = (
    config: PgliteClientConfig
  ): Layer.Layer<PgliteClient | SqlClient.SqlClient | DatabaseDisk | DatabaseNotifications, SqlError | EmbeddedDatabaseLocked> =>
    PgliteClient.notifications.pipe(Layer.provideMerge(PgliteClient.layer(config)))

  /** Provides `PgliteClient`, `SqlClient` and `DatabaseDisk`; the database closes with the layer. */
  static readonly layer = (
    config: PgliteClientConfig
  ): Layer.Layer<PgliteClient | SqlClient.SqlClient | DatabaseDisk, SqlError | EmbeddedDatabaseLocked> =>
    Layer.effectContext(
      Effect.map(make(config), (client) =>
        Context.make(PgliteClient, client).pipe(
          Context.add(SqlClient.SqlClient, client),
          Context.add(DatabaseDisk, DatabaseDisk.of({ full: client.diskFull }))
        ))
    ).pipe(Layer.provide(Reactivity.layer))
}
