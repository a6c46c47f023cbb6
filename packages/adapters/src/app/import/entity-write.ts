/**
 * How every importer writes one entity (a route, company, branch, price list or
 * promotion): a new row when none is stored, else only the columns whose values differ,
 * and nothing at all when none does, so the database records `*.updated` with exactly
 * the changed fields and no event for an unchanged row.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { changedFields } from "@quote/core/import/field-changes"
import type { EntityCounts } from "@quote/core/import/import-kind"
import { storedNamesSql } from "./kind-import.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

type Columns = Readonly<Record<string, unknown>>

/**
 * Writes `values` (the entity's key columns included: they equal the stored row's, so
 * they never count as a change) into `table`; `encode` prepares values for the driver
 * (JSON columns). Returns the entity's id and whether anything was written.
 */
export const writeEntity = Effect.fnUntraced(function*(
  table: string,
  stored: { readonly id: string } | undefined,
  values: Columns,
  encode: (values: Columns) => Columns = (same) => same
) {
  const sql = yield* storedNamesSql
  if (stored === undefined) {
    const [created] = yield* sql`
      insert into ${sql(table)} ${sql.insert(encode(values))} returning id`.pipe(
      decodedRows(Schema.Struct({ id: Schema.String }))
    )
    return { id: created!.id, changed: true }
  }
  const columns = changedFields(stored, values)
  if (columns.length > 0) {
    const patch = Object.fromEntries(columns.map((column) => [column, values[column]]))
    yield* sql`update ${sql(table)} set ${sql.update(encode(patch))} where id = ${stored.id}`
  }
  return { id: stored.id, changed: columns.length > 0 }
})

/** Counts an entity as created (none was stored), updated or unchanged. */
export const countWrite = (counts: EntityCounts, stored: unknown, changed: boolean): void => {
  if (stored === undefined) counts.created++
  else if (changed) counts.updated++
  else counts.unchanged++
}
