/**
 * Webhooks without `LISTEN` (issue #26, docs/operations.md "Behind a connection pooler"):
 * behind a transaction pooler without `DATABASE_DIRECT_URL` the dispatcher is woken by
 * polling, and a committed change's first attempt still reaches the receiver within 1 s
 * at the 95th percentile. The server here polls whatever the database (the CI pass through
 * PgBouncer runs every test that way; this one also on the embedded database and on
 * PostgreSQL directly).
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { startTestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import { about } from "../packages/adapters/test/app/webhooks/fixtures.ts"
import { registerEndpoint } from "./support/webhook-endpoints.ts"
import { SqlClient, TestServer, testUsers } from "./support/test-server.ts"

const CHANGES = 20

layer(TestServer.layer({ pollNotifications: true }), { excludeTestServices: true })("webhooks, polled", (it) => {
  it.effect("a committed change's first webhook attempt within 1 s (p95) without LISTEN", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      yield* registerEndpoint(server, admin, { url: `${receiver.url}/hooks`, events: ["client.updated"] })
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [client] = yield* sql<{ id: string }>`select id from clients where nit = '900100001'`.pipe(Effect.orDie)
      const clientId = client!.id

      const latencies: Array<number> = []
      for (let i = 0; i < CHANGES; i++) {
        // Spread over the polling interval, so the changes land at every phase of it.
        yield* Effect.sleep(`${Math.floor(Math.random() * 300)} millis`)
        const requested = performance.now()
        const renamed = yield* server.request("PUT", `/api/clients/${clientId}`, {
          token: admin,
          body: { name: `Cliente sondeado ${i} ${crypto.randomUUID().slice(0, 6)}` }
        })
        assert.strictEqual(renamed.status, 200, renamed.text)
        const arrived = yield* receiver.waitFor(i + 1, about(clientId, "client.updated"), 10_000)
        assert.isAtLeast(arrived.length, i + 1, `change ${i + 1} was delivered`)
        // From before the request (the commit is later): the measure can only be longer.
        latencies.push(arrived[i]!.receivedAt - requested)
      }
      const sorted = [...latencies].sort((a, b) => a - b)
      const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1]!
      assert.isAtMost(p95, 1000, `first attempts in ms: ${sorted.map(Math.round).join(", ")}`)
    })), 120_000)
})
