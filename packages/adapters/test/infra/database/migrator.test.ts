/**
 * The migrator on the test database (PGlite, or Postgres with TEST_DATABASE_URL).
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { SqlClient } from "effect/sql"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import {
  loadMigrationFiles,
  MigrationError,
  migrationsDirectory,
  migrationsTable,
  runMigrations
} from "../../../src/infra/database/migrator.ts"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"

/** A directory of migration files for the scope's lifetime. */
const migrationsDir = (files: Record<string, string>) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "quote-migrations-"))
      for (const [name, sql] of Object.entries(files)) Fs.writeFileSync(Path.join(dir, name), sql)
      return dir
    }),
    (dir) => Effect.sync(() => Fs.rmSync(dir, { recursive: true, force: true }))
  )

const recorded = (prefix: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ name: string }>`SELECT name FROM ${sql(migrationsTable)}
      WHERE name LIKE ${`${prefix}%`} ORDER BY name`
    return rows.map((row) => row.name)
  })

const functionMigration = `
-- A comment with a ; semicolon
create table mig_items (id int primary key, note text not null default 'semi;colon ''quoted''');

/* a block comment; /* nested; */ still comment */
create function mig_double(n int) returns int
language plpgsql as $body$
begin
  -- inside the body; semicolons and 'quotes' and $$ are fine
  return n * 2;
end;
$body$;

create function mig_touch() returns trigger language plpgsql as $$
begin
  new.note := new.note || E' \\\\ touched; ok';
  return new;
end;
$$;
`

const triggerMigration = `
create trigger mig_items_touch before insert on mig_items for each row execute function mig_touch();
insert into mig_items (id) values (mig_double(21));
`

layer(TestDatabase.layer)("migrator", (it) => {
  it.effect("the test database is migrated, and re-running is a no-op", () =>
    Effect.gen(function*() {
      const files = yield* loadMigrationFiles()
      assert.isAbove(files.length, 0, `no migrations in ${migrationsDirectory}`)
      assert.deepStrictEqual(yield* runMigrations(), [])
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const rows = yield* sql<{ name: string }>`SELECT name FROM ${sql(migrationsTable)} ORDER BY name`
      assert.deepStrictEqual(rows.map((row) => row.name), files.map((file) => file.name))
    }))

  it.effect("applies new files in name order, with $$ bodies, comments and strings; once", () =>
    Effect.gen(function*() {
      // Written out of order: the second depends on the first.
      const dir = yield* migrationsDir({ "9002_trigger.sql": triggerMigration, "9001_functions.sql": functionMigration })
      assert.deepStrictEqual(yield* runMigrations({ directory: dir }), ["9001_functions.sql", "9002_trigger.sql"])
      assert.deepStrictEqual(yield* runMigrations({ directory: dir }), [])
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      assert.deepStrictEqual(yield* sql`SELECT id, note FROM mig_items`, [{
        id: 42,
        note: "semi;colon 'quoted' \\ touched; ok"
      }])
      assert.deepStrictEqual(yield* recorded("900"), ["9001_functions.sql", "9002_trigger.sql"])
    }))

  it.effect("a failing file leaves nothing behind and is retried next time", () =>
    Effect.gen(function*() {
      const dir = yield* migrationsDir({
        "9101_ok.sql": "create table mig_ok (id int);",
        "9102_bad.sql": "create table mig_bad (id int);\nselect 1 / 0;"
      })
      const first = yield* Effect.exit(runMigrations({ directory: dir }))
      assert.isTrue(Exit.isFailure(first))
      const error = Exit.isFailure(first) ? first.cause.reasons[0] : undefined
      assert.isTrue(error?._tag === "Fail" && error.error instanceof MigrationError)
      if (error?._tag === "Fail" && error.error instanceof MigrationError) {
        assert.strictEqual(error.error.migration, "9102_bad.sql")
        assert.match(error.error.message, /division by zero/)
      }
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const tables = yield* sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
        WHERE table_name IN ('mig_ok', 'mig_bad')`
      assert.deepStrictEqual(tables, [{ name: "mig_ok" }])
      assert.deepStrictEqual(yield* recorded("910"), ["9101_ok.sql"])
      assert.isTrue(Exit.isFailure(yield* Effect.exit(runMigrations({ directory: dir }))))
    }))

  it.effect("a file with BEGIN/COMMIT is refused before anything runs", () =>
    Effect.gen(function*() {
      const dir = yield* migrationsDir({ "9201_tx.sql": "begin;\ncreate table mig_tx (id int);\ncommit;" })
      const exit = yield* Effect.exit(runMigrations({ directory: dir }))
      assert.isTrue(Exit.isFailure(exit))
      assert.deepStrictEqual(yield* recorded("920"), [])
    }))

  it.effect("two migrators starting at once apply each file exactly once", () =>
    Effect.gen(function*() {
      const files: Record<string, string> = {}
      for (let i = 1; i <= 5; i++) {
        files[`930${i}_step.sql`] = `create table mig_step_${i} (id int); select pg_sleep(0.02);`
      }
      const dir = yield* migrationsDir(files)
      const [a, b] = yield* Effect.all([runMigrations({ directory: dir }), runMigrations({ directory: dir })], {
        concurrency: 2
      })
      assert.deepStrictEqual([...a, ...b].sort(), Object.keys(files).sort())
      assert.deepStrictEqual(yield* recorded("930"), Object.keys(files).sort())
    }))
})
