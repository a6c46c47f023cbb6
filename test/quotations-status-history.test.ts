/**
 * A quotation's `statusHistory` (docs/quotations.md "Status history"), black-box: the
 * creation entry of a web create (its user) and of a chat create (no user), the admin's
 * approval with the admin as `changedBy`, a direct SQL change (no user), oldest first,
 * on every answer of one quotation and on none of a list's items or the integration
 * shape. Recorded by the triggers of migrations/0008.
 *
 * Real clock at an ordinary business hour: the seeded "Always open" route is open.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { apiWith, createKey, scenarioClient } from "./support/integration-api.ts"
import { ordinaryBusinessHour, SqlClient, TestServer, testUsers, wireItems, wireObject } from "./support/test-server.ts"

const loggedIn = (credentials: { readonly email: string; readonly password: string }) =>
  Effect.flatMap(TestServer, (server) => Effect.flatMap(server.login(credentials), server.api))

/** `[previousStatus, status, changedBy name]` of each entry. */
const summary = (history: ReadonlyArray<{
  readonly status: string
  readonly previousStatus: string | null
  readonly changedBy: { readonly name: string } | null
}>) => history.map((entry) => [entry.previousStatus, entry.status, entry.changedBy?.name ?? null])

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("quotations: status history", (it) => {
  it.effect("created by the client, approved by the admin, then changed by SQL: oldest first, each with its user", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* loggedIn(testUsers.client)
      const admin = yield* loggedIn(testUsers.admin)
      const me = yield* client.auth.me()
      const boss = yield* admin.auth.me()

      const created = yield* client.quotations.create({ headers: {}, payload: { items: [{ sku: "ABA-003", quantity: 1 }] } })
      assert.deepStrictEqual(created.statusHistory, [
        { status: "pending", previousStatus: null, changedAt: created.createdAt, changedBy: { id: me.id, name: me.name } }
      ])
      // The create's answer is what the database recorded.
      assert.deepStrictEqual((yield* client.quotations.get({ params: { id: created.id } })).statusHistory, created.statusHistory)

      const approved = yield* admin.quotations.changeStatus({ params: { id: created.id }, payload: { status: "approved" } })
      assert.deepStrictEqual(summary(approved.statusHistory), [[null, "pending", me.name], ["pending", "approved", boss.name]])
      assert.deepStrictEqual(approved.statusHistory[1]!.changedBy, { id: boss.id, name: boss.name })
      assert.isAtLeast(approved.statusHistory[1]!.changedAt.getTime(), created.createdAt.getTime())
      // Setting the same status again records nothing.
      yield* admin.quotations.changeStatus({ params: { id: created.id }, payload: { status: "approved" } })

      yield* sql`update quotations set status = 'synced' where id = ${created.id}::uuid`
      const read = yield* client.quotations.get({ params: { id: created.id } })
      assert.deepStrictEqual(summary(read.statusHistory), [
        [null, "pending", me.name],
        ["pending", "approved", boss.name],
        ["approved", "synced", null]
      ])
      assert.strictEqual(read.status, "synced")
    }))

  it.effect("a chat create's entry has no user; lists and the integration shape carry no history", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const integration = yield* apiWith(key)
      const [chat, chatAnswer] = yield* integration.integrations.createQuotation({
        headers: { "idempotency-key": randomUUID() },
        payload: { clientId: first.clientId, branchId: first.branchId, items: [{ sku: "BEB-003", quantity: 2 }] },
        responseMode: "decoded-and-response"
      })
      assert.notProperty(yield* wireObject(chatAnswer), "statusHistory")
      const [, read] = yield* integration.integrations.getQuotation({ params: { id: chat.id }, responseMode: "decoded-and-response" })
      assert.notProperty(yield* wireObject(read), "statusHistory")

      const admin = yield* loggedIn(testUsers.admin)
      const asAdmin = yield* admin.quotations.get({ params: { id: chat.id } })
      assert.deepStrictEqual(summary(asAdmin.statusHistory), [[null, "pending", null]])

      const [, list] = yield* admin.quotations.list({ query: { limit: 5 }, responseMode: "decoded-and-response" })
      const items = yield* wireItems(list)
      assert.isAbove(items.length, 0)
      for (const item of items) assert.notProperty(item, "statusHistory")
    }))
})
