/**
 * Several processes on one database: three dispatchers (each with its own connection
 * pool and LISTEN session on PostgreSQL) share 1,000 events. Every delivery is attempted
 * exactly once and never by two at the same time (the receiver watches for overlapping
 * requests of one delivery id).
 *
 * On PGlite (no TEST_DATABASE_URL) one process is the only possibility: the embedded
 * database belongs to one process. The three dispatchers then share its one session,
 * which still runs their claims and leases against each other, just never in parallel.
 */
import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { AppConfig } from "@quote/core/shared/app-config"
import * as Postgres from "../../../src/infra/database/postgres.ts"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"
import { startTestReceiver } from "../../../src/dev/webhook-test-receiver.ts"
import { WebhookEndpoints } from "../../../src/app/webhooks/webhook-endpoints.ts"
import { webhooksLayer } from "../../../src/live/webhooks-live.ts"
import { realSleep } from "./test-layer.ts"

const EVENTS = 1_000
const PROCESSES = 3

const TestEnvironment = AppConfig.layerTest().pipe(Layer.provideMerge(TestDatabase.layer))

layer(TestEnvironment, { excludeTestServices: true })("concurrent webhook dispatchers", (it) => {
  it.effect(`${PROCESSES} dispatchers, ${EVENTS} events: each delivery attempted exactly once, never concurrently`, () =>
    Effect.gen(function*() {
      const database = yield* TestDatabase
      const sql = yield* SqlClient.SqlClient
      // A little jitter widens the window in which a double attempt would show.
      const receiver = yield* startTestReceiver(() => ({ status: 200, delayMs: Math.floor(Math.random() * 4) }))

      const dispatcherProcess = Option.match(database.url, {
        onNone: () => webhooksLayer(),
        onSome: (url) =>
          webhooksLayer().pipe(Layer.provide(Postgres.layer({ url, maxConnections: 4, applicationName: "webhook-dispatcher" })))
      })
      const processes = yield* Effect.forEach(Array.from({ length: PROCESSES }), () => Layer.build(dispatcherProcess))
      const endpoints = Context.get(processes[0]!, WebhookEndpoints)
      const endpoint = yield* endpoints.create({ name: "load", url: `${receiver.url}/load`, events: ["route.updated"] })

      const routes = yield* sql<{ id: string }>`
        insert into routes (name, operation_days, frequency, cutoff_days_before, cutoff_time)
        select 'Load ' || n, '{1,4}', 'weekly', 1, '17:00' from generate_series(1, ${EVENTS}) as n
        returning id`
      // Ten commits of 100 events each: notifications and fan-outs interleave with attempts.
      for (let start = 0; start < EVENTS; start += 100) {
        const ids = routes.slice(start, start + 100).map((route) => route.id)
        yield* sql`update routes set name = name || ' renamed' where id in ${sql.in(ids)}`
      }

      const received = yield* receiver.waitFor(EVENTS, () => true, 120_000)
      // Let any stray duplicate arrive before counting.
      yield* realSleep(500)
      assert.strictEqual(receiver.received.length, EVENTS, "exactly one request per delivery")
      assert.deepStrictEqual(receiver.overlaps, [], "no delivery was attempted twice at once")
      const deliveryIds = new Set(received.map((request) => request.headers["x-service-delivery-id"]))
      const eventIds = new Set(received.map((request) => request.headers["x-service-event-id"]))
      assert.strictEqual(deliveryIds.size, EVENTS)
      assert.strictEqual(eventIds.size, EVENTS)
      assert.isTrue(received.every((request) => request.headers["x-service-delivery-attempt"] === "1"))

      const deadline = Date.now() + 30_000
      let rows: ReadonlyArray<{ status: string; attempts: number; count: number }> = []
      for (;;) {
        rows = yield* sql<{ status: string; attempts: number; count: number }>`
          select status, attempts, count(*)::int as count from webhook_deliveries
           where endpoint_id = ${endpoint.id}::uuid group by status, attempts`
        if ((rows.length === 1 && rows[0]?.status === "delivered") || Date.now() > deadline) break
        yield* realSleep(50)
      }
      assert.deepStrictEqual(rows, [{ status: "delivered", attempts: 1, count: EVENTS }])
    }), 240_000)
})
