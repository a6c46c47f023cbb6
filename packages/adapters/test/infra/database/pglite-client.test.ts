/**
 * What only the PGlite client has to guarantee: one Postgres session shared
 * by every fiber, with a transaction keeping the session to itself, and
 * cloning through `dumpDataDir`.
 */
import { assert, layer } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { PgliteClient } from "../../../src/infra/database/pglite-client.ts"
import { pgliteTemplate } from "../../../src/dev/test-database/database-templates.ts"

/** A real pause (the test clock does not move PGlite). */
const pause = (millis: number) => Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, millis)))

const PgliteLayer = Layer.unwrap(Effect.map(pgliteTemplate, (template) => PgliteClient.layer({ loadDataDir: template })))

layer(PgliteLayer)("PGlite client", (it) => {
  it.effect("other fibers' statements wait while a transaction is open", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`CREATE TABLE serialized (v text)`
      const inTransaction = yield* Deferred.make<void>()
      const log: Array<string> = []
      const transaction = sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO serialized VALUES ('tx 1')`
        yield* Deferred.succeed(inTransaction, undefined)
        yield* pause(100)
        yield* sql`INSERT INTO serialized VALUES ('tx 2')`
        log.push("transaction done")
        // Rolled back: a statement of another fiber run inside it would vanish too.
        return yield* Effect.fail("roll back" as const)
      }))
      const outside = Effect.gen(function*() {
        yield* Deferred.await(inTransaction)
        const seen = yield* sql<{ n: number }>`SELECT count(*) AS n FROM serialized`
        log.push(`outside saw ${seen[0]?.n}`)
        yield* sql`INSERT INTO serialized VALUES ('outside')`
      })
      const [exit] = yield* Effect.all([Effect.exit(transaction), outside], { concurrency: "unbounded" })
      assert.isTrue(Exit.isFailure(exit))
      assert.deepStrictEqual(log, ["transaction done", "outside saw 0"])
      assert.deepStrictEqual(yield* sql`SELECT v FROM serialized`, [{ v: "outside" }])
    }))

  it.effect("concurrent transactions run one after the other", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`CREATE TABLE tx_order (seq serial PRIMARY KEY, tx text NOT NULL)`
      const transaction = (name: string) =>
        sql.withTransaction(Effect.gen(function*() {
          for (let i = 0; i < 3; i++) {
            yield* sql`INSERT INTO tx_order (tx) VALUES (${name})`
            yield* pause(5)
          }
        }))
      yield* Effect.all([transaction("a"), transaction("b"), transaction("c")], { concurrency: "unbounded" })
      const rows = yield* sql<{ tx: string }>`SELECT tx FROM tx_order ORDER BY seq`
      const order = rows.map((row) => row.tx).join("")
      assert.match(order, /^(aaa|bbb|ccc){3}$/)
      assert.strictEqual(new Set(order).size, 3)
    }))

  it.effect("many concurrent statements all run", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`CREATE TABLE many (id int PRIMARY KEY)`
      yield* Effect.forEach(Array.from({ length: 100 }, (_, i) => i), (i) => sql`INSERT INTO many VALUES (${i})`, {
        concurrency: "unbounded"
      })
      assert.deepStrictEqual(yield* sql`SELECT count(*) AS n FROM many`, [{ n: 100 }])
    }))

  it.effect("an interrupted transaction is rolled back and frees the session", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`CREATE TABLE interrupted (v text)`
      const started = yield* Deferred.make<void>()
      const fiber = yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO interrupted VALUES ('lost')`
        yield* Deferred.succeed(started, undefined)
        yield* Effect.never
      })).pipe(Effect.forkChild)
      yield* Deferred.await(started)
      yield* Fiber.interrupt(fiber)
      assert.deepStrictEqual(yield* sql`SELECT v FROM interrupted`, [])
    }))

  it.effect("dumpDataDir clones the database", () =>
    Effect.gen(function*() {
      const client = yield* PgliteClient
      yield* client`CREATE TABLE cloned (v text)`
      yield* client`INSERT INTO cloned VALUES ('copied')`
      const dump = yield* client.dumpDataDir
      const rows = yield* Effect.gen(function*() {
        const sql = (yield* SqlClient.SqlClient).withoutTransforms()
        return yield* sql`SELECT v FROM cloned`
      }).pipe(Effect.provide(PgliteClient.layer({ loadDataDir: dump })))
      assert.deepStrictEqual(rows, [{ v: "copied" }])
    }))
})
