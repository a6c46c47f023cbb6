/**
 * `copyDatabase`: a migrated PGlite (the embedded database's engine) into an empty
 * database — PostgreSQL with TEST_DATABASE_URL, else an empty PGlite. Every table's rows
 * come out identical, the copy records no webhook event, sequences continue, triggers
 * and foreign keys are back afterwards; a non-empty target is refused untouched, and a
 * failure in the middle of the rows leaves the target empty.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { seedScenarios } from "@quote/adapters/dev/seed/scenarios"
import { copyDatabase, type CopyProgress } from "@quote/adapters/infra/database/database-copy"
import { readTables, readUserRelations } from "@quote/adapters/infra/database/schema-catalog"
import { emptyTarget, migratedPgliteSource, tableContents } from "./fixtures/copy-databases.ts"

/** Seeded scenarios plus what the copy must carry: quotations, deliveries, ERP settings, odd values. */
const populate = (sql: SqlClient.SqlClient) =>
  Effect.gen(function*() {
    yield* seedScenarios({ adminPassword: "admin-password" }).pipe(Effect.provideService(SqlClient.SqlClient, sql))
    const [client] = yield* sql<{ readonly id: string }>`select id from clients order by nit limit 1`
    for (const notes of ["first", "second", "third"]) {
      const [quotation] = yield* sql<{ readonly id: string }>`
        insert into quotations (client_id, notes, total) values (${client!.id}, ${notes}, 50000) returning id`
      yield* sql`insert into quotation_items (quotation_id, sku, name, quantity, unit_price, price_type, subtotal)
                 values (${quotation!.id}, 'ABA-001', 'Arroz', 2.5, 20000, 'price_list', 50000)`
    }
    const [endpoint] = yield* sql<{ readonly id: string }>`
      insert into webhook_endpoints (name, url, events, secret)
      values ('Receiver', 'https://hooks.example.com/in', '{quotation.created,route.updated}', 'whsec_copied_secret')
      returning id`
    yield* sql`update routes set name = name || ' (renamed)' where name = 'Biweekly'`
    yield* sql`insert into webhook_deliveries (event_id, endpoint_id)
               select id, ${endpoint!.id} from webhook_events where type in ('quotation.created', 'route.updated')`
    yield* sql`insert into erp_settings (id, partner_id, username, access_key_encrypted)
               values (true, 'QuoteService', 'erp@example.com', 'v1.aXY.dGFn.Y2lwaGVy')`
    yield* sql`update products set stock = 12.345, stock_synced_at = '2026-01-02 03:04:05.123456+00',
                 description = ${"Línea \"uno\"\n\\ dos, {a,b} 'x'"} where sku = 'ABA-001'`
  })

const countFrom = (sql: SqlClient.SqlClient, query: string) =>
  Effect.map(sql.unsafe<{ readonly n: string }>(query), ([row]) => Number(row?.n))

describe("copyDatabase", () => {
  it.effect("copies every table's rows exactly, records no event, and leaves sequences, triggers and keys working", () =>
    Effect.scoped(Effect.gen(function*() {
      const source = yield* migratedPgliteSource
      yield* populate(source)
      const target = yield* emptyTarget
      const progress: Array<CopyProgress> = []
      const summary = yield* copyDatabase({
        source: source,
        target: target.sql,
        batchSize: 4, // several pages per table
        onProgress: (event) => Effect.sync(() => progress.push(event))
      })

      const tables = (yield* readTables(source)).map((table) => table.name)
      assert.deepStrictEqual(summary.tables.map((table) => table.name), tables)
      assert.isTrue(tables.includes("webhook_deliveries") && tables.includes("erp_settings"))
      for (const table of tables) {
        assert.deepStrictEqual(yield* tableContents(target.sql, table), yield* tableContents(source, table), table)
      }
      assert.strictEqual(summary.rows, summary.tables.reduce((sum, table) => sum + table.rows, 0))
      assert.isAbove(summary.tables.find((table) => table.name === "webhook_deliveries")!.rows, 0)
      assert.deepStrictEqual(
        progress.filter((event) => event._tag === "TableCopied").map((event) => event._tag === "TableCopied" && event.table),
        tables
      )

      // Sequences continue: the next quotation code and the next event number follow the source's.
      // Every sequence of the schema is carried, whatever later migrations add.
      const sourceSequences = yield* source<{ readonly name: string }>`
        select sequencename as name from pg_sequences where schemaname = 'public' order by 1`
      assert.deepStrictEqual(
        summary.sequences.map((sequence) => sequence.name).sort(),
        sourceSequences.map((sequence) => sequence.name)
      )
      assert.includeMembers(summary.sequences.map((sequence) => sequence.name), ["quotation_code_seq", "webhook_events_seq_seq"])
      const [code] = yield* target.sql<{ readonly code: string }>`select next_quotation_code() as code`
      assert.strictEqual(code!.code, "COT-000004")

      // Triggers are enabled again: a change records its event, numbered after the copied ones.
      const maxSeq = yield* countFrom(source, "select max(seq)::text as n from webhook_events")
      yield* target.sql`update routes set name = 'Renamed after the copy' where name = 'Always open'`
      const [event] = yield* target.sql<{ readonly type: string; readonly seq: number }>`
        select type, seq from webhook_events order by seq desc limit 1`
      assert.strictEqual(event!.type, "route.updated")
      assert.strictEqual(event!.seq, maxSeq + 1)

      // Foreign keys are back (and enforced).
      const keys = "select count(*)::text as n from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace"
      assert.strictEqual(yield* countFrom(target.sql, keys), yield* countFrom(source, keys))
      assert.strictEqual(yield* countFrom(target.sql, keys), summary.foreignKeys)
      const orphan = yield* Effect.exit(
        target.sql`insert into client_phones (client_id, phone) values (gen_random_uuid(), '+573001112233')`
      )
      assert.isTrue(Exit.isFailure(orphan))
    })), 180_000)

  it.effect("refuses a target that is not empty and leaves it as it was", () =>
    Effect.scoped(Effect.gen(function*() {
      const source = yield* migratedPgliteSource
      const target = yield* emptyTarget
      yield* target.sql`create table already_here (id integer)`
      const result = yield* Effect.flip(copyDatabase({ source, target: target.sql }))
      assert.strictEqual(result._tag, "TargetNotEmpty")
      assert.include(result.message, "public.already_here")
      assert.deepStrictEqual(yield* readUserRelations(target.sql, 10), ["public.already_here"])
    })), 120_000)

  it.effect("a failure in the middle of the rows leaves the target empty", () =>
    Effect.scoped(Effect.gen(function*() {
      const source = yield* migratedPgliteSource
      yield* populate(source)
      // A row the target's schema refuses, in a table copied after others (names in order).
      yield* source`alter table erp_sync_runs drop constraint erp_sync_runs_trigger_source_check`
      yield* source`insert into erp_sync_runs (trigger_source) values ('bogus')`
      const target = yield* emptyTarget
      const copied: Array<string> = []
      const result = yield* Effect.flip(copyDatabase({
        source,
        target: target.sql,
        onProgress: (event) => Effect.sync(() => event._tag === "TableCopied" && copied.push(event.table))
      }))
      assert.strictEqual(result._tag, "SqlError")
      assert.isAbove(copied.length, 3, "tables were copied before the failure")
      assert.notInclude(copied, "erp_sync_runs")
      assert.deepStrictEqual(yield* readUserRelations(target.sql, 10), [])
    })), 180_000)
})
