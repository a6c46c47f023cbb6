/**
 * The database records every webhook event of the spec itself (migrations/0002): these
 * tests make changes with plain SQL, as the application or a person with psql would,
 * and read `webhook_events`.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { SqlClient } from "effect/sql"
import { TestDatabase } from "../../../../src/dev/test-database/test-database.ts"
import { eventsFor, makeBranch, makeClient, makeCompany, makeQuotation, makeRoute, makeUser } from "./fixtures.ts"

const rollback = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const exit = yield* sql.withTransaction(Effect.andThen(self, Effect.fail("rollback" as const))).pipe(Effect.exit)
    assert.isTrue(Exit.isFailure(exit))
  })

const summary = (events: ReadonlyArray<{ readonly type: string; readonly changes: ReadonlyArray<string> }>) =>
  events.map((event) => `${event.type} ${event.changes.join(",")}`.trim())

layer(TestDatabase.layer)("webhook event triggers", (it) => {
  it.effect("a direct UPDATE routes SET name records route.updated with changes [name]", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const routeId = yield* makeRoute
      yield* sql.unsafe(`UPDATE routes SET name = 'Renamed by psql' WHERE id = '${routeId}'`)
      const events = yield* eventsFor(routeId)
      assert.deepStrictEqual(summary(events), ["route.updated name"])
      assert.strictEqual(events[0]?.entityType, "route")
    }))

  it.effect("route changes list each watched column, in vocabulary order", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const routeId = yield* makeRoute
      yield* sql`update routes set cutoff_time = '18:30', name = 'Calendar change', operation_days = '{2,4}'
                  where id = ${routeId}::uuid`
      yield* sql`update routes set frequency = 'biweekly', anchor_date = '2025-01-09' where id = ${routeId}::uuid`
      yield* sql`update routes set cutoff_days_before = 3, active = false where id = ${routeId}::uuid`
      assert.deepStrictEqual(summary(yield* eventsFor(routeId)), [
        "route.updated name,operationDays,cutoffTime",
        "route.updated frequency,anchorDate",
        "route.updated cutoffDaysBefore,active"
      ])
    }))

  it.effect("route updates of unwatched columns, same values or reordered days record nothing", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const routeId = yield* makeRoute
      const advisorId = yield* makeUser("advisor")
      yield* sql`update routes set description = 'd', city = 'Cali', map_zone = 'z', bounds = '{"north":1}'::jsonb,
                                   advisor_id = ${advisorId}::uuid
                  where id = ${routeId}::uuid`
      yield* sql`update routes set name = name, cutoff_time = '17:00', active = true where id = ${routeId}::uuid`
      // {4,1,4} is the calendar {1,4} it already has.
      yield* sql`update routes set operation_days = '{4,1,4}' where id = ${routeId}::uuid`
      assert.deepStrictEqual(yield* eventsFor(routeId), [])
      const days = yield* sql<{ days: ReadonlyArray<number> }>`select operation_days as days from routes where id = ${routeId}::uuid`
      assert.deepStrictEqual(days[0]?.days, [1, 4])
    }))

  it.effect("a rolled-back change records no event", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* makeClient
      yield* rollback(Effect.gen(function*() {
        yield* sql`update routes set name = 'never' where id = ${client.routeId}::uuid`
        yield* sql`update branches set name = 'never' where id = ${client.branchId}::uuid`
        yield* sql`update clients set name = 'never' where id = ${client.clientId}::uuid`
        yield* sql`insert into client_phones (client_id, phone) values (${client.clientId}::uuid, '+573001112233')`
      }))
      assert.deepStrictEqual(yield* eventsFor(client.routeId), [])
      assert.deepStrictEqual(yield* eventsFor(client.branchId), [])
      assert.deepStrictEqual(summary(yield* eventsFor(client.clientId)), ["client.created"])
    }))

  it.effect("branch changes: name, address, city, route, advisor, active", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const companyId = yield* makeCompany
      const branchId = yield* makeBranch(companyId)
      const routeId = yield* makeRoute
      const advisorId = yield* makeUser("advisor")
      yield* sql`update branches set city = 'Medellín', name = 'Sede Nueva' where id = ${branchId}::uuid`
      yield* sql`update branches set address = 'Carrera 7 # 1-2' where id = ${branchId}::uuid`
      yield* sql`update branches set route_id = ${routeId}::uuid, advisor_id = ${advisorId}::uuid where id = ${branchId}::uuid`
      yield* sql`update branches set active = false where id = ${branchId}::uuid`
      // Unwatched: coordinates; and a value set to itself.
      yield* sql`update branches set latitude = 4.6, longitude = -74.1, city = 'Medellín' where id = ${branchId}::uuid`
      assert.deepStrictEqual(summary(yield* eventsFor(branchId)), [
        "branch.updated name,city",
        "branch.updated address",
        "branch.updated route,advisor",
        "branch.updated active"
      ])
    }))

  it.effect("a branch's route and advisor flow to its clients without a client event", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* makeClient
      const otherRoute = yield* makeRoute
      const advisorId = yield* makeUser("advisor")
      yield* sql`update branches set route_id = ${otherRoute}::uuid, advisor_id = ${advisorId}::uuid
                  where id = ${client.branchId}::uuid`
      const rows = yield* sql<{ routeId: string; advisorId: string }>`
        select route_id as "routeId", advisor_id as "advisorId" from clients where id = ${client.clientId}::uuid`
      assert.deepStrictEqual(rows[0], { routeId: otherRoute, advisorId })
      assert.deepStrictEqual(summary(yield* eventsFor(client.clientId)), ["client.created"])
      assert.deepStrictEqual(summary(yield* eventsFor(client.branchId)), ["branch.updated route,advisor"])
    }))

  it.effect("client insert records client.created; updates record the changed fields", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* makeClient
      const otherCompany = yield* makeCompany
      const otherBranch = yield* makeBranch(otherCompany)
      const list = yield* sql<{ id: string }>`insert into price_lists (name) values ('VIP') returning id`
      const id = client.clientId
      yield* sql`update clients set email = 'new@example.com', name = 'Renamed' where id = ${id}::uuid`
      yield* sql`update clients set active = false where id = ${id}::uuid`
      yield* sql`update clients set company_id = ${otherCompany}::uuid, branch_id = ${otherBranch}::uuid where id = ${id}::uuid`
      yield* sql`update clients set price_list_id = ${list[0]?.id ?? null}::uuid where id = ${id}::uuid`
      // Unwatched: nit; and values set to themselves.
      yield* sql`update clients set nit = ${`NIT-${crypto.randomUUID()}`}, name = 'Renamed', email = 'new@example.com'
                  where id = ${id}::uuid`
      yield* sql`update clients set price_list_id = null, email = null where id = ${id}::uuid`
      const events = yield* eventsFor(id)
      assert.deepStrictEqual(summary(events), [
        "client.created",
        "client.updated name,email",
        "client.updated active",
        "client.updated company,branch",
        "client.updated priceList",
        "client.updated email,priceList"
      ])
      assert.deepStrictEqual(events[0]?.changes, [])
    }))

  it.effect("phone insert, update and delete record client.updated [phones], one per statement and client", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const a = yield* makeClient
      const b = yield* makeClient
      yield* sql`insert into client_phones (client_id, phone, label) values
                   (${a.clientId}::uuid, '+573001110001', 'Compras'),
                   (${a.clientId}::uuid, '+573001110002', 'Gerencia'),
                   (${b.clientId}::uuid, '+573001110001', 'Compras')`
      yield* sql`update client_phones set label = 'Pedidos' where client_id = ${a.clientId}::uuid`
      yield* sql`update client_phones set label = label where client_id = ${a.clientId}::uuid`
      yield* sql`delete from client_phones where client_id = ${a.clientId}::uuid`
      assert.deepStrictEqual(summary(yield* eventsFor(a.clientId)), [
        "client.created",
        "client.updated phones",
        "client.updated phones",
        "client.updated phones"
      ])
      assert.deepStrictEqual(summary(yield* eventsFor(b.clientId)), ["client.created", "client.updated phones"])
    }))

  it.effect("moving a phone to another client updates both clients", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const a = yield* makeClient
      const b = yield* makeClient
      yield* sql`insert into client_phones (client_id, phone) values (${a.clientId}::uuid, '+573001110003')`
      yield* sql`update client_phones set client_id = ${b.clientId}::uuid where client_id = ${a.clientId}::uuid`
      assert.deepStrictEqual(summary(yield* eventsFor(a.clientId)), [
        "client.created",
        "client.updated phones",
        "client.updated phones"
      ])
      assert.deepStrictEqual(summary(yield* eventsFor(b.clientId)), ["client.created", "client.updated phones"])
    }))

  it.effect("one transaction gives an entity one *.updated event with every change", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* makeClient
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`update clients set name = 'Step 1' where id = ${client.clientId}::uuid`
        yield* sql`insert into client_phones (client_id, phone) values (${client.clientId}::uuid, '+573001110004')`
        yield* sql`update clients set name = 'Step 2', active = false where id = ${client.clientId}::uuid`
        yield* sql`update routes set name = 'Tx route' where id = ${client.routeId}::uuid`
        yield* sql`update routes set active = false where id = ${client.routeId}::uuid`
      }))
      assert.deepStrictEqual(summary(yield* eventsFor(client.clientId)), [
        "client.created",
        "client.updated name,phones,active"
      ])
      assert.deepStrictEqual(summary(yield* eventsFor(client.routeId)), ["route.updated name,active"])
    }))

  it.effect("a client created with its phones in one transaction records only client.created", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const companyId = yield* makeCompany
      const branchId = yield* makeBranch(companyId)
      const clientId = yield* sql.withTransaction(Effect.gen(function*() {
        const rows = yield* sql<{ id: string }>`
          insert into clients (name, nit, company_id, branch_id)
          values ('With phones', ${`NIT-${crypto.randomUUID()}`}, ${companyId}::uuid, ${branchId}::uuid)
          returning id`
        const id = rows[0]?.id ?? ""
        yield* sql`insert into client_phones (client_id, phone) values (${id}::uuid, '+573001110005')`
        return id
      }))
      assert.deepStrictEqual(summary(yield* eventsFor(clientId)), ["client.created"])
      // Later transactions record updates again.
      yield* sql`insert into client_phones (client_id, phone) values (${clientId}::uuid, '+573001110006')`
      assert.deepStrictEqual(summary(yield* eventsFor(clientId)), ["client.created", "client.updated phones"])
    }))

  it.effect("quotation insert records quotation.created with its source and status", () =>
    Effect.gen(function*() {
      const client = yield* makeClient
      const quotation = yield* makeQuotation(client, "chat")
      const events = yield* eventsFor(quotation.id)
      assert.strictEqual(events.length, 1)
      assert.deepInclude(events[0], { type: "quotation.created", entityType: "quotation", source: "chat", status: "pending" })
    }))

  it.effect("quotation status changes record status_changed, plus approved / rejected", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* makeClient
      const approved = yield* makeQuotation(client, "web")
      const rejected = yield* makeQuotation(client, "chat")
      yield* sql`update quotations set status = 'approved' where id = ${approved.id}::uuid`
      yield* sql`update quotations set status = 'synced', erp_quotation_id = 'abc' where id = ${approved.id}::uuid`
      yield* sql`update quotations set status = 'rejected' where id = ${rejected.id}::uuid`
      // Not a status change.
      yield* sql`update quotations set notes = 'n', status = 'rejected' where id = ${rejected.id}::uuid`

      const status = (events: ReadonlyArray<{ type: string; status: string | null; previousStatus: string | null; source: string | null }>) =>
        events.map((e) => [e.type, e.status, e.previousStatus, e.source])
      assert.deepStrictEqual(status(yield* eventsFor(approved.id)), [
        ["quotation.created", "pending", null, "web"],
        ["quotation.status_changed", "approved", "pending", "web"],
        ["quotation.approved", "approved", "pending", "web"],
        ["quotation.status_changed", "synced", "approved", "web"]
      ])
      assert.deepStrictEqual(status(yield* eventsFor(rejected.id)), [
        ["quotation.created", "pending", null, "chat"],
        ["quotation.status_changed", "rejected", "pending", "chat"],
        ["quotation.rejected", "rejected", "pending", "chat"]
      ])
    }))

  it.effect("a comment records quotation.comment_added on the quotation, with the comment id", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* makeClient
      const quotation = yield* makeQuotation(client, "chat")
      const authorId = yield* makeUser("admin")
      const comment = yield* sql<{ id: string }>`
        insert into quotation_comments (quotation_id, author_id, text)
        values (${quotation.id}::uuid, ${authorId}::uuid, 'Revisar cantidades') returning id`
      const events = yield* eventsFor(quotation.id)
      assert.deepStrictEqual(events.map((e) => e.type), ["quotation.created", "quotation.comment_added"])
      assert.deepInclude(events[1], { commentId: comment[0]?.id ?? "", source: "chat" })
    }))
})
