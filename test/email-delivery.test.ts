/**
 * E-mail delivery inside the running server: the notifications a registration queues
 * are picked up after commit by the server's dispatcher. In the test environment the
 * transport only logs, so the rows end `sent` without anything leaving the process.
 */
import { assert, layer } from "@effect/vitest"
import { Duration, Effect, Option, Schedule } from "effect"
import { randomUUID } from "node:crypto"
import { advisorEmail } from "@quote/adapters/dev/seed/scenario-data"
import { SqlClient, TestServer } from "./support/test-server.ts"

const adminNotificationEmail = "avisos@example.com"

// The wall clock: the test waits for the server's worker in real time.
layer(TestServer.layer({ config: { adminNotificationEmail: Option.some(adminNotificationEmail) } }), {
  excludeTestServices: true
})("e-mail delivery", (it) => {
  it.effect("a registration's e-mails are dispatched right after the commit (log transport in test)", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [branch] = yield* sql<{ id: string }>`
        select b.id from branches b join users u on u.id = b.advisor_id
         where u.email = ${advisorEmail} and b.name = 'Sede Sur'`
      const email = `entrega-${randomUUID().slice(0, 8)}@example.com`
      const response = yield* server.request("POST", "/api/users", {
        body: { name: "Entrega", email, password: "secret-123", branchId: branch!.id }
      })
      assert.strictEqual(response.status, 201, response.text)
      const delivered = yield* sql<{ to_address: string; status: string; attempts: number; sent_at: Date | null }>`
        select to_address, status, attempts, sent_at from email_outbox
         where body like ${`%${email}%`} order by to_address`.pipe(
        Effect.flatMap((rows) =>
          rows.length === 2 && rows.every((row) => row.status === "sent") ? Effect.succeed(rows) : Effect.fail("pending")
        ),
        // Well under the 30 s sweep: the commit's notification woke the worker.
        Effect.retry({ schedule: Schedule.spaced(Duration.millis(100)), times: 100 })
      )
      assert.deepStrictEqual(delivered.map((row) => [row.to_address, row.status, row.attempts]), [
        [advisorEmail, "sent", 1],
        [adminNotificationEmail, "sent", 1]
      ])
      assert.isTrue(delivered.every((row) => row.sent_at instanceof Date))
    }))
})
