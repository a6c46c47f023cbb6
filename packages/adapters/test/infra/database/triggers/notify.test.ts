/**
 * Every recorded event is announced with pg_notify('webhook_events', <event id>), only
 * once its transaction commits.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Exit, Queue, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { DatabaseNotifications } from "../../../../src/infra/database/notifications.ts"
import { TestDatabase } from "../../../../src/dev/test-database/test-database.ts"
import { makeClient, makeQuotation } from "./fixtures.ts"

layer(TestDatabase.layer)("webhook event notifications", (it) => {
  it.effect("committed events are notified with their id; a rolled-back one is not", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const notifications = yield* DatabaseNotifications
      const received = yield* Queue.unbounded<string>()
      const stream = yield* notifications.subscribe("webhook_events")
      yield* Effect.forkScoped(Stream.runForEach(stream, (payload) => Queue.offer(received, payload)))

      const client = yield* makeClient

      // A change that rolls back: its event exists inside the transaction only.
      let rolledBackId = ""
      const exit = yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`update routes set name = 'rolled back' where id = ${client.routeId}::uuid`
        const rows = yield* sql<{ id: string }>`select id from webhook_events where entity_id = ${client.routeId}::uuid`
        rolledBackId = rows[0]?.id ?? ""
        return yield* Effect.fail("rollback")
      })).pipe(Effect.exit)
      assert.isTrue(Exit.isFailure(exit))
      assert.notStrictEqual(rolledBackId, "")

      // A committed transaction with two events.
      const quotation = yield* makeQuotation(client, "chat")
      yield* sql`update quotations set status = 'approved' where id = ${quotation.id}::uuid`
      const expected = (yield* sql<{ id: string }>`
        select id from webhook_events
         where entity_id in (${client.clientId}::uuid, ${quotation.id}::uuid)
         order by seq`).map((row) => row.id)
      assert.strictEqual(expected.length, 4) // client.created, quotation.created, status_changed, approved

      // Notifications of the database's other activity may interleave: read until all
      // expected ids arrived, and check the rolled-back one never did.
      const seen = new Set<string>()
      while (!expected.every((id) => seen.has(id))) {
        const payload = yield* Queue.take(received)
        assert.notStrictEqual(payload, rolledBackId)
        seen.add(payload)
      }
      const late = yield* Queue.clear(received)
      assert.notInclude(late, rolledBackId)
    }))
})
