/**
 * Which of the ids a request references do not exist, so the caller can answer
 * `PRODUCT_NOT_FOUND` / `CLIENT_NOT_FOUND` with the exact ids in `details`.
 * Existence only: an inactive product or client may still be priced or promoted (an ERP
 * sync may reactivate it; dropping its prices would lose data).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as SqlClient from "effect/sql/SqlClient"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

export type ReferencedTable = "products" | "clients"

/** The distinct ids of `ids` (lowercased, as Postgres prints UUIDs) with no row in `table`, in request order. */
export const missingIds = Effect.fnUntraced(function*(
  sql: SqlClient.SqlClient,
  table: ReferencedTable,
  ids: ReadonlyArray<string>
) {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))]
  if (wanted.length === 0) return []
  const rows = yield* sql`
    select id::text as id from ${sql(table)} where id = any(${wanted}::uuid[])`.pipe(
    decodedRows(Schema.Struct({ id: Schema.String })),
    Effect.orDie
  )
  const found = new Set(rows.map((row) => row.id))
  return wanted.filter((id) => !found.has(id))
})
