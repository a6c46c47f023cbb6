/**
 * The embedded database on a filesystem that fills up (issue #27, `disk-space.ts`): its
 * changes fail as `DiskFull` — before the disk is full, by the free-space reserve, and when
 * a file could not grow (SQLSTATE 53100) — its reads answer, nothing committed is lost,
 * and once space is freed changes work again on the same client. Needs root to mount a
 * small tmpfs (CI runs as root); skipped, with the reason, elsewhere.
 */
import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Exit, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { DatabaseDisk, type DiskSpaceLimits, isDiskFull } from "../../../src/infra/database/disk-space.ts"
import { PgliteClient } from "../../../src/infra/database/pglite-client.ts"
import { fill, freeBytes, smallFilesystem, smallFilesystemsUnavailable } from "../../../src/dev/full-disk/small-filesystem.ts"

const MB = 1024 * 1024
const unavailable = smallFilesystemsUnavailable()
if (unavailable !== undefined) console.log(`disk-full: skipped, ${unavailable}`)

/** An embedded database in a new 96 MB filesystem, with a table and one committed row. */
const databaseOnSmallDisk = (diskSpace: DiskSpaceLimits) =>
  Effect.gen(function*() {
    const mount = yield* smallFilesystem(96)
    const context = yield* Layer.build(PgliteClient.layer({ dataDir: Path.join(mount, "data"), diskSpace }))
    const sql = Context.get(context, SqlClient.SqlClient)
    yield* sql`create table notes (id serial primary key, body text not null)`
    yield* sql`insert into notes (body) values ('committed before')`
    return { mount, sql, disk: Context.get(context, DatabaseDisk) }
  })

const insertMany = (sql: SqlClient.SqlClient, rows: number) =>
  sql`insert into notes (body) select repeat('x', 1000) from generate_series(1, ${rows})`

/** The failure of `effect`, which must fail (typed or as a defect). */
const failureOf = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.map(Effect.exit(effect), (exit) => {
    assert.isTrue(Exit.isFailure(exit), "expected the change to be refused")
    if (Exit.isSuccess(exit)) return undefined
    return exit.cause.reasons.map((reason) => reason._tag === "Fail" ? reason.error : reason._tag === "Die" ? reason.defect : reason)[0]
  })

const count = (sql: SqlClient.SqlClient) =>
  Effect.map(sql<{ readonly n: number }>`select count(*)::int as n from notes`, (rows) => rows[0]!.n)

describe.runIf(unavailable === undefined)("the embedded database on a filesystem that fills up", () => {
  it.effect("stops changes while a reserve is left, answers reads, and resumes once space is freed", () =>
    Effect.gen(function*() {
      const { disk, mount, sql } = yield* databaseOnSmallDisk({ minFreeBytes: 24 * MB, resumeFreeBytes: 32 * MB, checkIntervalMs: 0 })
      assert.isFalse(disk.full())
      // Below the reserve: changes are refused, reads answer.
      fill(Path.join(mount, "filler-1"), 16 * MB)
      assert.isTrue(disk.full())
      const refused = yield* failureOf(sql`insert into notes (body) values ('refused')`)
      assert.isTrue(isDiskFull(refused), String(refused))
      assert.strictEqual(yield* count(sql), 1)
      // Full to the last byte: still refused, still read.
      fill(Path.join(mount, "filler-2"))
      assert.isBelow(freeBytes(mount), 64 * 1024)
      assert.isTrue(isDiskFull(yield* failureOf(sql.withTransaction(insertMany(sql, 10)))))
      assert.strictEqual(yield* count(sql), 1)
      // Space freed: changes again, on the same client.
      Fs.rmSync(Path.join(mount, "filler-2"))
      Fs.rmSync(Path.join(mount, "filler-1"))
      assert.isFalse(disk.full())
      yield* sql`insert into notes (body) values ('after')`
      assert.deepStrictEqual(
        yield* sql<{ readonly body: string }>`select body from notes order by id`,
        [{ body: "committed before" }, { body: "after" }]
      )
    }).pipe(Effect.scoped), 120_000)

  it.effect("answers a file that could not grow (53100) as DiskFull, then refuses changes until space is freed", () =>
    Effect.gen(function*() {
      // No reserve: the disk fills before the guard reads it full.
      const { disk, mount, sql } = yield* databaseOnSmallDisk({ minFreeBytes: 0, resumeFreeBytes: 8 * MB, checkIntervalMs: 0 })
      fill(Path.join(mount, "filler"))
      const refused = yield* failureOf(insertMany(sql, 5_000))
      assert.isTrue(isDiskFull(refused), String(refused))
      // The statement's answer marked the disk full: the next change is refused before it runs.
      assert.isTrue(disk.full())
      assert.isTrue(isDiskFull(yield* failureOf(sql`insert into notes (body) values ('small')`)))
      assert.strictEqual(yield* count(sql), 1)
      Fs.rmSync(Path.join(mount, "filler"))
      assert.isFalse(disk.full())
      yield* insertMany(sql, 100)
      assert.strictEqual(yield* count(sql), 101)
    }).pipe(Effect.scoped), 120_000)
})
