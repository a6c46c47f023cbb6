/**
 * Route changes in the audit trail, black-box (docs/security.md "Audit trail",
 * migrations/0009_route_audit.sql): creation, a calendar change with each changed
 * column's old and new value, deactivation, all by the admin who made them; a refused
 * change records nothing; a change made in the database directly is recorded too.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import type { AuditEntry } from "@quote/core/audit/views"
import { createRoute } from "./support/routes-fixtures.ts"
import { SqlClient, TestServer, testUsers } from "./support/test-server.ts"

/** A route's entries, oldest first. */
const routeEntries = Effect.fn(function*(token: string, routeId: string) {
  const api = yield* (yield* TestServer).api(token)
  const page = yield* api.audit.list({ query: { entityType: "route", entityId: routeId, limit: 200 } })
  return [...page.items].reverse()
})

const Changes = Schema.Struct({ changes: Schema.Record(Schema.String, Schema.Struct({ from: Schema.Unknown, to: Schema.Unknown })) })
const changesOf = (entry: AuditEntry) => Schema.decodeUnknownSync(Changes)(entry.summary).changes
const Created = Schema.Struct({ created: Schema.Record(Schema.String, Schema.Unknown) })

layer(TestServer.layer())("audit trail: routes", (it) => {
  const admin = Effect.gen(function*() {
    const server = yield* TestServer
    const grant = yield* (yield* server.api()).auth.login({ payload: testUsers.admin })
    return { token: grant.accessToken, id: grant.user.id, api: yield* server.api(grant.accessToken) }
  })

  it.effect("create, a calendar change with old and new values, deactivation: each by the admin", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const { token, id: adminId, api } = yield* admin
      const routeId = yield* createRoute(token, { operationDays: [2, 5], cutoffDaysBefore: 1, cutoffTime: "17:00", city: "Cali" })
      yield* api.routes.update({ params: { id: routeId }, payload: { cutoffTime: "14:30", operationDays: [5, 2, 3] } })
      // Nothing changed: no entry.
      yield* api.routes.update({ params: { id: routeId }, payload: { cutoffTime: "14:30" } })
      assert.strictEqual((yield* server.request("DELETE", `/api/routes/${routeId}`, { token })).status, 204)
      // Already inactive: still 204, no second entry.
      assert.strictEqual((yield* server.request("DELETE", `/api/routes/${routeId}`, { token })).status, 204)

      const entries = yield* routeEntries(token, routeId)
      assert.deepStrictEqual(entries.map((entry) => entry.action), ["route.created", "route.updated", "route.deactivated"])
      for (const entry of entries) {
        assert.deepStrictEqual(entry.actor, { type: "user", id: adminId, role: "admin" })
        assert.strictEqual(entry.entityType, "route")
        assert.strictEqual(entry.entityId, routeId)
        assert.isString(entry.requestId)
      }
      const created = Schema.decodeUnknownSync(Created)(entries[0].summary).created
      assert.strictEqual(created.cutoff_time, "17:00")
      assert.deepStrictEqual(created.operation_days, [2, 5])
      assert.strictEqual(created.city, "Cali")
      // Stored values, days as the database normalizes them (sorted).
      assert.deepStrictEqual(changesOf(entries[1]), {
        cutoff_time: { from: "17:00", to: "14:30" },
        operation_days: { from: [2, 5], to: [2, 3, 5] }
      })
      assert.deepStrictEqual(changesOf(entries[2]), { active: { from: true, to: false } })
    }))

  it.effect("a refused calendar records nothing; a change in the database is recorded as the database's", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const { token } = yield* admin
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const routeId = yield* createRoute(token, { operationDays: [1], cutoffDaysBefore: 0, cutoffTime: "12:00" })
      const refused = yield* server.request("PUT", `/api/routes/${routeId}`, { token, body: { cutoffDaysBefore: 7 } })
      assert.strictEqual(refused.status, 400, refused.text)
      yield* sql`update routes set active = false where id = ${routeId}`
      yield* sql`update routes set active = true, name = 'Reabierta' where id = ${routeId}`

      const entries = yield* routeEntries(token, routeId)
      assert.deepStrictEqual(entries.map((entry) => entry.action), ["route.created", "route.deactivated", "route.activated"])
      assert.strictEqual(entries[1].actor.type, "database")
      assert.strictEqual(changesOf(entries[2]).name?.to, "Reabierta")
      const byAction = (yield* (yield* server.api(token)).audit.list({ query: { action: "route.activated", limit: 200 } })).items
      assert.isTrue(byAction.some((entry) => entry.entityId === routeId))
    }))
})
