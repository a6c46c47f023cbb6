/**
 * The SqlClient contract both adapters keep: these run on PGlite, and on
 * Postgres when TEST_DATABASE_URL is set, and expect the very same values.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Exit, Fiber, Stream } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { DatabaseNotifications } from "../../../src/infra/database/notifications.ts"
import type { RawResult } from "../../../src/infra/database/pglite-client.ts"
import {
  constraintName,
  isForeignKeyViolation,
  isUniqueViolation,
  sqlState
} from "../../../src/infra/database/sql-errors.ts"
import { jsonb } from "../../../src/infra/database/type-mapping.ts"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"

const failure = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.exit(self), (exit) => {
    if (Exit.isSuccess(exit)) return Effect.die(new Error("expected a failure"))
    const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")
    return error === undefined ? Effect.die(new Error("expected a typed failure")) : Effect.succeed(error.error as E)
  })

layer(TestDatabase.layer)("SqlClient on the test database", (it) => {
  it.effect("runs with the expected driver in UTC", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const info = yield* TestDatabase
      // sql-pg 4.0.5 leaves `driver` unset; ours says "pglite".
      assert.strictEqual(sql.driver ?? "pg", info.driver)
      const rows = yield* sql<{ tz: string }>`SELECT current_setting('TimeZone') AS tz`
      assert.deepStrictEqual(rows, [{ tz: "UTC" }])
    }))

  it.effect("types parameters from their JavaScript values", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const rows = yield* sql`SELECT ${5} AS int4, ${2 ** 40} AS int8, ${1.5} AS float, ${true} AS bool,
        ${"text"} AS text, ${null}::text AS nothing, ${5} + ${6} AS sum, ${[1, 2, 3]} AS ints,
        ${["a", "b"]} AS texts, ${new Date("2025-01-02T03:04:05.678Z")} AS instant`
      assert.deepStrictEqual(rows, [{
        int4: 5,
        int8: 2 ** 40,
        float: 1.5,
        bool: true,
        text: "text",
        nothing: null,
        sum: 11,
        ints: [1, 2, 3],
        texts: ["a", "b"],
        instant: new Date("2025-01-02T03:04:05.678Z")
      }])
    }))

  it.effect("round-trips every mapped type identically", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`CREATE TABLE type_round_trip (
        id int PRIMARY KEY, i8 bigint, num numeric, num_scaled numeric(12,3), f8 float8, flag bool,
        label text, day date, at timestamptz, wall timestamp, clock time, doc jsonb, plain json,
        ints int[], labels text[], bytes bytea, uid uuid, days date[], ats timestamptz[]
      )`
      const at = new Date("2025-03-04T05:06:07.123Z")
      yield* sql`INSERT INTO type_round_trip ${
        sql.insert({
          id: 1,
          i8: Number.MAX_SAFE_INTEGER,
          num: "12345.678",
          num_scaled: 2.5,
          f8: 0.1,
          flag: false,
          label: "héllo 'quoted' \"double\" ; --",
          day: "2025-03-04",
          at,
          wall: "2025-03-04 05:06:07.123456",
          clock: "10:30:00.5",
          doc: jsonb({ a: [1, "x", null], nested: { b: true }, text: "it's" }),
          plain: JSON.stringify({ z: 1 }),
          ints: [1, 2, 3],
          labels: ["a", "b c", "q\"uote", "back\\slash"],
          bytes: new Uint8Array([0, 1, 254, 255]),
          uid: "6f1c3e0a-8b7d-4e2f-9a1b-2c3d4e5f6a7b",
          days: "{2025-01-01,2025-12-31}",
          ats: [at, new Date("2000-01-01T00:00:00.000Z")]
        })
      }`
      const rows = yield* sql`SELECT * FROM type_round_trip`
      assert.deepStrictEqual(rows, [{
        id: 1,
        i8: Number.MAX_SAFE_INTEGER,
        num: 12345.678,
        num_scaled: 2.5,
        f8: 0.1,
        flag: false,
        label: "héllo 'quoted' \"double\" ; --",
        day: "2025-03-04",
        at,
        wall: new Date("2025-03-04T05:06:07.123Z"),
        clock: "10:30:00.5",
        doc: { a: [1, "x", null], nested: { b: true }, text: "it's" },
        plain: { z: 1 },
        ints: [1, 2, 3],
        labels: ["a", "b c", "q\"uote", "back\\slash"],
        bytes: new Uint8Array([0, 1, 254, 255]),
        uid: "6f1c3e0a-8b7d-4e2f-9a1b-2c3d4e5f6a7b",
        days: ["2025-01-01", "2025-12-31"],
        ats: [at, new Date("2000-01-01T00:00:00.000Z")]
      }])
      const computed = yield* sql`SELECT count(*) AS n, sum(i8) AS total, avg(num) AS mean,
        '2025-03-04'::date + 1 AS next_day, '23:59:59.999999'::time AS late, now() AS now,
        '1999-12-31 23:59:59.1235+00'::timestamptz AS before_epoch, '2025-03-04 05:06:07.9999-05'::timestamptz AS offset_at
        FROM type_round_trip`
      assert.strictEqual(computed[0]?.n, 1)
      assert.strictEqual(computed[0]?.total, Number.MAX_SAFE_INTEGER)
      assert.strictEqual(computed[0]?.mean, 12345.678)
      assert.strictEqual(computed[0]?.next_day, "2025-03-05")
      assert.strictEqual(computed[0]?.late, "23:59:59.999999")
      assert.instanceOf(computed[0]?.now, Date)
      assert.deepStrictEqual(computed[0]?.before_epoch, new Date("1999-12-31T23:59:59.124Z"))
      assert.deepStrictEqual(computed[0]?.offset_at, new Date("2025-03-04T10:06:07.999Z"))
    }))

  it.effect("an int8 beyond 2^53 fails instead of losing digits", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const error = yield* failure(sql`SELECT 9223372036854775807::int8 AS n`)
      assert.strictEqual(error._tag, "SqlError")
      const text = yield* sql`SELECT 9223372036854775807::int8::text AS n`
      assert.deepStrictEqual(text, [{ n: "9223372036854775807" }])
    }))

  it.effect("helpers: in, update, unsafe, identifiers, raw row counts", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`CREATE TABLE ${sql("Helper Table")} (id int PRIMARY KEY, name text NOT NULL)`
      yield* sql`INSERT INTO ${sql("Helper Table")} ${sql.insert([{ id: 1, name: "a" }, { id: 2, name: "b" }, { id: 3, name: "c" }])}`
      const some = yield* sql`SELECT id FROM ${sql("Helper Table")} WHERE id IN ${sql.in([1, 3])} ORDER BY id`
      assert.deepStrictEqual(some, [{ id: 1 }, { id: 3 }])
      const none = yield* sql`SELECT id FROM ${sql("Helper Table")} WHERE ${sql.in("id", [])}`
      assert.deepStrictEqual(none, [])
      const updated = yield* sql`UPDATE ${sql("Helper Table")} SET ${sql.update({ name: "B" })} WHERE id = ${2} RETURNING *`
      assert.deepStrictEqual(updated, [{ id: 2, name: "B" }])
      const raw = (yield* sql`UPDATE ${sql("Helper Table")} SET name = upper(name) WHERE id <> ${2}`.raw) as RawResult
      assert.strictEqual(raw.command, "UPDATE")
      assert.strictEqual(raw.rowCount, 2)
      const unsafe = yield* sql.unsafe<{ name: string }>(`SELECT name FROM "Helper Table" WHERE id = $1`, [3])
      assert.deepStrictEqual(unsafe, [{ name: "C" }])
      const values = yield* sql`SELECT id, name FROM ${sql("Helper Table")} ORDER BY id`.values
      assert.deepStrictEqual(values, [[1, "A"], [2, "B"], [3, "C"]])
      const streamed = yield* Stream.runCollect(sql`SELECT id FROM ${sql("Helper Table")} ORDER BY id`.stream)
      assert.deepStrictEqual(streamed, [{ id: 1 }, { id: 2 }, { id: 3 }])
    }))

  it.effect("nested transactions: an inner rollback keeps the outer work", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`CREATE TABLE nested_tx (v text)`
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO nested_tx VALUES ('outer 1')`
        const inner = yield* Effect.exit(sql.withTransaction(Effect.gen(function*() {
          yield* sql`INSERT INTO nested_tx VALUES ('inner')`
          return yield* Effect.fail("inner failed" as const)
        })))
        assert.isTrue(Exit.isFailure(inner))
        yield* sql.withTransaction(sql`INSERT INTO nested_tx VALUES ('inner kept')`)
        yield* sql`INSERT INTO nested_tx VALUES ('outer 2')`
      }))
      const rows = yield* sql`SELECT v FROM nested_tx ORDER BY v`
      assert.deepStrictEqual(rows, [{ v: "inner kept" }, { v: "outer 1" }, { v: "outer 2" }])
    }))

  it.effect("nested transactions: an outer rollback discards everything", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`CREATE TABLE outer_tx (v text)`
      const exit = yield* Effect.exit(sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO outer_tx VALUES ('outer')`
        yield* sql.withTransaction(sql`INSERT INTO outer_tx VALUES ('inner')`)
        return yield* Effect.fail("outer failed" as const)
      })))
      assert.isTrue(Exit.isFailure(exit))
      assert.deepStrictEqual(yield* sql`SELECT v FROM outer_tx`, [])
    }))

  it.effect("a failed statement rolls back its transaction and the client stays usable", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`CREATE TABLE failing_tx (id int PRIMARY KEY)`
      const error = yield* failure(sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO failing_tx VALUES (1)`
        yield* sql`INSERT INTO failing_tx VALUES (1)`
      })))
      assert.isTrue(isUniqueViolation(error))
      assert.deepStrictEqual(yield* sql`SELECT count(*) AS n FROM failing_tx`, [{ n: 0 }])
    }))

  it.effect("unique and foreign key violations are recognised on both drivers", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`CREATE TABLE uv_parent (id int PRIMARY KEY, email text CONSTRAINT uv_parent_email_key UNIQUE)`
      yield* sql`CREATE TABLE uv_child (parent_id int CONSTRAINT uv_child_parent_fkey REFERENCES uv_parent (id))`
      yield* sql`INSERT INTO uv_parent ${sql.insert({ id: 1, email: "a@example.com" })}`
      const duplicate: SqlError = yield* failure(sql`INSERT INTO uv_parent ${sql.insert({ id: 2, email: "a@example.com" })}`)
      assert.strictEqual(duplicate.reason._tag, "UniqueViolation")
      assert.strictEqual(sqlState(duplicate), "23505")
      assert.strictEqual(constraintName(duplicate), "uv_parent_email_key")
      assert.isTrue(isUniqueViolation(duplicate))
      assert.isTrue(isUniqueViolation(duplicate, "uv_parent_email_key"))
      assert.isFalse(isUniqueViolation(duplicate, "uv_parent_pkey"))
      assert.isFalse(isForeignKeyViolation(duplicate))

      const orphan: SqlError = yield* failure(sql`INSERT INTO uv_child VALUES (${99})`)
      assert.strictEqual(orphan.reason._tag, "ConstraintError")
      assert.isTrue(isForeignKeyViolation(orphan, "uv_child_parent_fkey"))
      assert.isFalse(isUniqueViolation(orphan))
    }))

  it.effect("LISTEN/NOTIFY delivers committed notifications only", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const notifications = yield* DatabaseNotifications
      const received = yield* notifications.subscribe("quote_test_channel")
      const other = yield* notifications.subscribe("Other Channel")
      yield* notifications.notify("quote_test_channel", "one")
      const rolledBack = yield* Effect.exit(sql.withTransaction(
        Effect.andThen(notifications.notify("quote_test_channel", "rolled back"), Effect.fail("abort" as const))
      ))
      assert.isTrue(Exit.isFailure(rolledBack))
      yield* sql.withTransaction(notifications.notify("quote_test_channel", "two"))
      yield* notifications.notify("Other Channel", "elsewhere")
      assert.deepStrictEqual(yield* Stream.runCollect(Stream.take(received, 2)), ["one", "two"])
      assert.deepStrictEqual(yield* Stream.runCollect(Stream.take(other, 1)), ["elsewhere"])
    }))

  it.effect("a trigger's pg_notify reaches listeners once its transaction commits", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const notifications = yield* DatabaseNotifications
      yield* sql`CREATE TABLE notified (id int PRIMARY KEY)`
      yield* sql.unsafe(`CREATE FUNCTION notified_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_notify('quote_trigger_channel', new.id::text); RETURN new; END; $$`)
      yield* sql`CREATE TRIGGER notified_notify AFTER INSERT ON notified FOR EACH ROW EXECUTE FUNCTION notified_notify()`
      const received = yield* notifications.subscribe("quote_trigger_channel")
      yield* Effect.exit(sql.withTransaction(Effect.andThen(sql`INSERT INTO notified VALUES (1)`, Effect.fail("no"))))
      yield* sql`INSERT INTO notified VALUES (2)`
      yield* sql.withTransaction(sql`INSERT INTO notified ${sql.insert([{ id: 3 }, { id: 4 }])}`)
      assert.deepStrictEqual(yield* Stream.runCollect(Stream.take(received, 3)), ["2", "3", "4"])
    }))

  it.effect("listen() as a stream", () =>
    Effect.gen(function*() {
      const notifications = yield* DatabaseNotifications
      const fiber = yield* Stream.runCollect(Stream.take(notifications.listen("quote_stream_channel"), 1)).pipe(
        Effect.forkScoped
      )
      // Keep notifying until the listener (subscribing asynchronously) gets one.
      const payloads = yield* notifications.notify("quote_stream_channel", "ping").pipe(
        Effect.andThen(Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))),
        Effect.repeat({ until: () => fiber.pollUnsafe() !== undefined }),
        Effect.andThen(Fiber.join(fiber))
      )
      assert.deepStrictEqual(payloads, ["ping"])
    }))
})
