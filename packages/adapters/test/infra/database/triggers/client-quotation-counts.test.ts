/**
 * The backfill of migrations/0012 (each client's quotation count) on a database that
 * already holds quotations, some folded into the rollups and some still pending as
 * deltas: the migration's count minus the pending deltas, plus those deltas as readers
 * add them back (`client_quotation_totals`), is the direct count; so is the count after
 * `rebuild_quotation_rollups()`. The counts kept
 * afterwards by the folds are checked on random histories in
 * test/app/stats/quotation-rollups.test.ts.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { readFileSync } from "node:fs"
import { TestDatabase } from "../../../../src/dev/test-database/test-database.ts"
import { migrationsDirectory } from "../../../../src/infra/database/migrator.ts"
import { splitSqlStatements } from "../../../../src/infra/database/sql-script.ts"
import { makeClient, makeQuotation } from "./fixtures.ts"

/** The migration's lock and backfill statements, as it runs them. */
const backfill = (() => {
  const statements = splitSqlStatements(readFileSync(`${migrationsDirectory}0012_client_quotation_counts.sql`, "utf8"))
  const start = statements.findIndex((statement) => statement.includes("pg_advisory_xact_lock(7305214061)"))
  const recount = statements[start + 1]!
  assert.include(recount, "select recount_client_quotations()")
  return [statements[start]!, recount]
})()

const totals = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.withoutTransforms()<{ readonly client_id: string; readonly quotations: string }>`
    select client_id::text, quotations::text from client_quotation_totals where quotations <> 0 order by 1`)

const direct = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.withoutTransforms()<{ readonly client_id: string; readonly quotations: string }>`
    select client_id::text, count(*)::text as quotations from quotations group by 1 order by 1`)

layer(TestDatabase.layer)("client quotation counts (migrations/0012)", (it) => {
  it.effect("the backfill counts folded and pending quotations once each", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const busy = yield* makeClient
      const quiet = yield* makeClient
      for (let n = 0; n < 5; n++) yield* makeQuotation(busy)
      yield* sql`select fold_quotation_rollups()`
      // Pending after the last fold: two more of one client, one of the other, one moved.
      // A repeatable-read transaction never folds (migrations/0006), so they stay pending.
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`set transaction isolation level repeatable read`
        const moved = yield* makeQuotation(busy)
        yield* makeQuotation(busy)
        yield* makeQuotation(quiet, "chat")
        yield* sql`update quotations set client_id = ${quiet.clientId}::uuid where id = ${moved.id}::uuid`
      }))
      const [pending] = yield* sql<{ readonly n: string }>`select count(*)::text as n from quotation_deltas`
      assert.strictEqual(pending!.n, "5", "three creations and a move (two deltas) pending for the backfill")
      const expected = yield* direct
      assert.deepStrictEqual(
        expected.filter((row) => row.client_id === busy.clientId || row.client_id === quiet.clientId).map((row) =>
          row.quotations
        ),
        busy.clientId < quiet.clientId ? ["6", "2"] : ["2", "6"]
      )

      // The migration's backfill on this database as it stands (over counts gone wrong).
      yield* sql`update client_quotation_counts set quotations = quotations + 7`
      yield* sql.withTransaction(Effect.gen(function*() {
        for (const statement of backfill) yield* sql.unsafe(statement)
      }))
      assert.deepStrictEqual(yield* totals, expected)

      // The folds keep it exact from there.
      yield* sql`select fold_quotation_rollups()`
      assert.deepStrictEqual(yield* totals, expected)
      const [empty] = yield* sql<{ readonly n: string }>`select count(*)::text as n from quotation_deltas`
      assert.strictEqual(empty!.n, "0")

      // And the rebuild (after a bulk load with triggers off) recounts it from the rows.
      yield* sql`update client_quotation_counts set quotations = quotations + 7`
      yield* sql`select rebuild_quotation_rollups()`
      assert.deepStrictEqual(yield* totals, expected)
    }))
})
