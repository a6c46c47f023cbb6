/**
 * Copies one database into an empty one (`npm run cli -- db copy`: the embedded
 * database into PostgreSQL), all or nothing: everything happens in one transaction on
 * the target, so a failure — or a killed process — leaves the target as it was.
 *
 * In that transaction:
 * 1. the migrations' advisory lock (a server starting on the target meanwhile waits for
 *    the copy, then finds the schema applied), and a check that the target holds no
 *    relation at all;
 * 2. the schema, through the same migrations as every start (they become savepoints);
 * 3. the two schemas compared: same migrations applied, same tables and columns;
 * 4. every table's user triggers disabled and its foreign keys dropped, so rows go in
 *    exactly as they are: no webhook event is recorded nor notified, no `updated_at`,
 *    client inheritance or default-list rule rewrites anything, and the order of the
 *    tables does not matter (users, branches and routes reference each other);
 * 5. every table's rows (any rows a migration inserted are replaced by the source's),
 *    every value as its Postgres text (exact: microseconds, numerics, arrays, JSON);
 * 6. the foreign keys added back (which checks every copied row) and the triggers
 *    enabled again; every sequence set to the source's position (`quotation_code_seq`:
 *    codes continue; identity columns);
 * 7. every table's row count compared with the source's.
 *
 * Tables, columns, foreign keys and sequences are read from the catalog, so what a new
 * migration adds is copied too.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as SqlClient from "effect/sql/SqlClient"
import { SqlClient as SqlClientService } from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { migrationLockKey, type MigrationError, runMigrations } from "./migrator.ts"
import {
  type CatalogTable,
  qualified,
  quoteIdentifier,
  readAppliedMigrations,
  readForeignKeys,
  readSequenceNames,
  readTables,
  readUserRelations
} from "./schema-catalog.ts"

/** The target already holds tables (or other relations): the copy only fills an empty database. */
export class TargetNotEmpty extends Schema.TaggedError<TargetNotEmpty>()("TargetNotEmpty", {
  relations: Schema.Array(Schema.String)
}) {
  static readonly code = "TARGET_NOT_EMPTY"
  override get message(): string {
    return `The target database is not empty (it has ${this.relations.join(", ")}${
      this.relations.length >= sampleSize ? ", …" : ""
    }): copy into a new, empty database`
  }
}

/** Source and target disagree on the schema or, after the copy, on a table's rows. */
export class CopyMismatch extends Schema.TaggedError<CopyMismatch>()("CopyMismatch", {
  message: Schema.String
}) {
  static readonly code = "COPY_MISMATCH"
}

export type CopyProgress =
  | { readonly _tag: "SchemaApplied"; readonly migrations: ReadonlyArray<string> }
  | { readonly _tag: "TableCopying"; readonly table: string; readonly copied: number; readonly total: number }
  | { readonly _tag: "TableCopied"; readonly table: string; readonly rows: number }
  | { readonly _tag: "Finishing"; readonly step: string }

export interface CopiedSequence {
  readonly name: string
  /** The sequence's last value, as text (a bigint). */
  readonly lastValue: string
  readonly isCalled: boolean
}

export interface CopySummary {
  readonly migrations: ReadonlyArray<string>
  readonly tables: ReadonlyArray<{ readonly name: string; readonly rows: number }>
  readonly rows: number
  readonly sequences: ReadonlyArray<CopiedSequence>
  readonly foreignKeys: number
}

export interface CopyOptions {
  readonly source: SqlClient.SqlClient
  readonly target: SqlClient.SqlClient
  /** Called as the copy moves on (the CLI prints it on stderr); a failure here aborts the copy. */
  readonly onProgress?: ((progress: CopyProgress) => Effect.Effect<void>) | undefined
  /** Rows per statement; bounds memory per table. */
  readonly batchSize?: number | undefined
}

export type CopyError = SqlError | MigrationError | TargetNotEmpty | CopyMismatch

const sampleSize = 5
const defaultBatchSize = 500
/** Large tables report progress every this many rows. */
const progressEvery = 20_000

const countRows = (sql: SqlClient.SqlClient, table: string) =>
  Effect.map(
    sql.unsafe<{ readonly count: string }>(`select count(*)::text as count from ${qualified(table)}`),
    ([row]) => Number(row?.count ?? 0)
  )

const describeColumns = (table: CatalogTable) => table.columns.map((column) => `${column.name} ${column.type}`).join(", ")

/** Same tables with the same columns (names and types, in order), or the first difference. */
const compareSchemas = (source: ReadonlyArray<CatalogTable>, target: ReadonlyArray<CatalogTable>) =>
  Effect.gen(function*() {
    const sourceByName = new Map(source.map((table) => [table.name, table]))
    const targetNames = new Set(target.map((table) => table.name))
    const missing = source.filter((table) => !targetNames.has(table.name)).map((table) => table.name)
    const extra = target.filter((table) => !sourceByName.has(table.name)).map((table) => table.name)
    if (missing.length > 0 || extra.length > 0) {
      return yield* new CopyMismatch({
        message: `The schemas differ: tables only in the source: [${missing.join(", ")}]; only in the target: [${
          extra.join(", ")
        }]`
      })
    }
    for (const table of target) {
      const counterpart = sourceByName.get(table.name)!
      if (describeColumns(counterpart) !== describeColumns(table)) {
        return yield* new CopyMismatch({
          message: `The schemas differ on table ${table.name}: source (${describeColumns(counterpart)}), target (${
            describeColumns(table)
          })`
        })
      }
    }
  })

/** Copies one table's rows, page by page in physical order, each value as its text. */
const copyTable = (
  source: SqlClient.SqlClient,
  target: SqlClient.SqlClient,
  table: CatalogTable,
  total: number,
  batchSize: number,
  report: (progress: CopyProgress) => Effect.Effect<void>
) =>
  Effect.gen(function*() {
    const columns = table.columns.filter((column) => column.generated === "")
    // Every output column is a text cast, which Postgres names after its column: `ctid` in
    // ORDER BY would then mean the *text* of the position, so the row source is aliased.
    const selectList = ["t.ctid::text", ...columns.map((column) => `t.${quoteIdentifier(column.name)}::text`)].join(", ")
    const read =
      `select ${selectList} from ${qualified(table.name)} as t where t.ctid > $1::tid order by t.ctid limit ${batchSize}`
    const overriding = columns.some((column) => column.identity === "a") ? " overriding system value" : ""
    const write = `insert into ${qualified(table.name)} (${columns.map((column) => quoteIdentifier(column.name)).join(", ")})${overriding}
      select ${columns.map((column, index) => `(r.value ->> ${index})::${column.type}`).join(", ")}
        from json_array_elements($1::json) as r`
    // Rows a migration inserted are the source's rows too (the source ran the same migrations).
    yield* target.unsafe(`delete from ${qualified(table.name)}`).raw
    let after = "(0,0)"
    let copied = 0
    let reported = 0
    while (true) {
      const page = yield* source.unsafe(read, [after]).values
      if (page.length === 0) break
      after = String(page[page.length - 1]![0])
      yield* target.unsafe(write, [JSON.stringify(page.map((row) => row.slice(1)))]).raw
      copied += page.length
      if (copied - reported >= progressEvery) {
        reported = copied
        yield* report({ _tag: "TableCopying", table: table.name, copied, total })
      }
      if (page.length < batchSize) break
    }
    return copied
  })

/** The source's position of every sequence, applied to the target's sequence of the same name. */
const copySequences = (source: SqlClient.SqlClient, target: SqlClient.SqlClient) =>
  Effect.gen(function*() {
    const names = yield* readSequenceNames(source)
    const targetNames = new Set(yield* readSequenceNames(target))
    const missing = names.filter((name) => !targetNames.has(name))
    if (missing.length > 0) {
      return yield* new CopyMismatch({ message: `Sequences missing in the target: ${missing.join(", ")}` })
    }
    const copied: Array<CopiedSequence> = []
    for (const name of names) {
      const [position] = yield* source.unsafe<{ readonly last_value: string; readonly is_called: boolean }>(
        `select last_value::text as last_value, is_called from ${qualified(name)}`
      )
      if (position === undefined) continue
      yield* target.unsafe(`select setval($1::regclass, $2::bigint, $3::boolean)`, [
        qualified(name),
        position.last_value,
        position.is_called
      ]).raw
      copied.push({ name, lastValue: position.last_value, isCalled: position.is_called })
    }
    return copied
  })

/**
 * Copies `source` into the empty `target` in one target transaction (see the module
 * comment). The source is only read: keep it stopped (the embedded database's lock does).
 */
export const copyDatabase = (options: CopyOptions): Effect.Effect<CopySummary, CopyError> => {
  // Rows travel under their stored column names, whatever the clients' result naming.
  const source = options.source.withoutTransforms()
  const target = options.target.withoutTransforms()
  const batchSize = options.batchSize ?? defaultBatchSize
  const report = options.onProgress ?? (() => Effect.void)
  return target.withTransaction(Effect.gen(function*() {
    yield* target.unsafe(`select pg_advisory_xact_lock(${migrationLockKey})`).raw
    const present = yield* readUserRelations(target, sampleSize)
    if (present.length > 0) return yield* new TargetNotEmpty({ relations: present })

    yield* Effect.provideService(runMigrations(), SqlClientService, target)
    const migrations = yield* readAppliedMigrations(target)
    const sourceMigrations = yield* readAppliedMigrations(source)
    if (sourceMigrations.join("\n") !== migrations.join("\n")) {
      return yield* new CopyMismatch({
        message: `The source has migrations [${sourceMigrations.join(", ")}] and the target [${
          migrations.join(", ")
        }]: bring the source up to date with this version first`
      })
    }
    yield* report({ _tag: "SchemaApplied", migrations })

    const tables = yield* readTables(target)
    yield* compareSchemas(yield* readTables(source), tables)

    const foreignKeys = yield* readForeignKeys(target)
    for (const table of tables) {
      yield* target.unsafe(`alter table ${qualified(table.name)} disable trigger user`).raw
    }
    for (const key of foreignKeys) {
      yield* target.unsafe(`alter table ${qualified(key.table)} drop constraint ${quoteIdentifier(key.name)}`).raw
    }

    const copied: Array<{ name: string; rows: number }> = []
    for (const table of tables) {
      const total = yield* countRows(source, table.name)
      const rows = yield* copyTable(source, target, table, total, batchSize, report)
      copied.push({ name: table.name, rows })
      yield* report({ _tag: "TableCopied", table: table.name, rows })
    }

    yield* report({ _tag: "Finishing", step: `checking ${foreignKeys.length} foreign keys` })
    for (const key of foreignKeys) {
      yield* target.unsafe(
        `alter table ${qualified(key.table)} add constraint ${quoteIdentifier(key.name)} ${key.definition}`
      ).raw
    }
    for (const table of tables) {
      yield* target.unsafe(`alter table ${qualified(table.name)} enable trigger user`).raw
    }
    yield* report({ _tag: "Finishing", step: "setting sequences" })
    const sequences = yield* copySequences(source, target)

    yield* report({ _tag: "Finishing", step: "comparing row counts" })
    for (const table of copied) {
      const [inSource, inTarget] = [yield* countRows(source, table.name), yield* countRows(target, table.name)]
      if (inSource !== table.rows || inTarget !== table.rows) {
        return yield* new CopyMismatch({
          message: `Table ${table.name}: ${inSource} rows in the source, ${table.rows} copied, ${inTarget} in the target`
        })
      }
    }
    return {
      migrations,
      tables: copied,
      rows: copied.reduce((sum, table) => sum + table.rows, 0),
      sequences,
      foreignKeys: foreignKeys.length
    }
  }))
}
