/**
 * What every kind's importer is given and returns. An importer reads its file's batches,
 * reports each problem with its line (and goes on: every problem is reported), writes
 * the rows that differ from the stored ones inside the caller's transaction, and counts
 * created / updated / unchanged entities. The caller rolls back when anything was
 * reported.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import type { RowProblem } from "@quote/core/import/field-reader"
import type { ImportRecord } from "@quote/core/import/import-record"
import type { ImportCounts } from "@quote/core/import/import-kind"
import type { RecordBatches } from "@quote/core/import/record-batches"

export interface KindRun {
  readonly batches: RecordBatches
  readonly report: (line: number, problem: RowProblem) => void
  /** Called after each batch with the rows read so far. */
  readonly progress: (rows: number) => Effect.Effect<void>
}

export type KindImporter = (run: KindRun) => Effect.Effect<ImportCounts, SqlError, SqlClient.SqlClient>

/**
 * The SQL client of an importer's own statements, with result columns named as stored
 * (snake_case): an importer compares a stored row with the file's fields column by
 * column (`changedFields`; the file's columns are the table's, docs/import.md) and
 * writes the differences back by those same names (`sql.insert`, `sql.update`).
 */
export const storedNamesSql = Effect.map(SqlClient.SqlClient, (sql) => sql.withoutTransforms())

/**
 * A stored row as an importer reads it: the columns it uses itself typed by `fields`,
 * the others (compared with the file's fields by `changedFields`) kept as read.
 */
export const StoredColumns = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.StructWithRest(Schema.Struct(fields), [Schema.Record(Schema.String, Schema.Unknown)])

/** Every record of a (small) file; for kinds whose rows group across the file. */
export const allRecords = Effect.fnUntraced(function*(run: KindRun) {
  const records: Array<ImportRecord> = []
  while (true) {
    const batch = yield* run.batches.next
    if (batch === undefined) return records
    records.push(...batch)
    yield* run.progress(records.length)
  }
})

/** Reads each record with `read`, reporting its problems; returns the rows. */
export const readRows = <Row>(
  run: KindRun,
  records: ReadonlyArray<ImportRecord>,
  read: (record: ImportRecord) => { readonly row: Row; readonly problems: ReadonlyArray<RowProblem> }
): Array<Row> =>
  records.flatMap((record) => {
    const { problems, row } = read(record)
    for (const problem of problems) run.report(record.line, problem)
    return problems.length === 0 ? [row] : []
  })

/** Reports a key seen before in the file; true when it is new. */
export const firstOccurrence = (
  seen: Map<string, number>,
  key: string,
  line: number,
  run: KindRun,
  problem: (firstLine: number) => RowProblem
): boolean => {
  const first = seen.get(key)
  if (first !== undefined) {
    run.report(line, problem(first))
    return false
  }
  seen.set(key, line)
  return true
}
