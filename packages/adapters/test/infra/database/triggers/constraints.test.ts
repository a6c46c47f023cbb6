/**
 * The schema's own rules (migrations/0001): uniqueness, checks, the single default price
 * list, the quotation code, the client's route/advisor inherited from its branch.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { constraintName, sqlState, SqlState } from "../../../../src/infra/database/sql-errors.ts"
import { TestDatabase } from "../../../../src/dev/test-database/test-database.ts"
import { makeClient, makeQuotation, makeRoute, makeUser } from "./fixtures.ts"

/** Runs a statement that must fail, and returns its SQLSTATE and constraint name. */
const violation = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.map(Effect.flip(self), (error) => ({ state: sqlState(error), constraint: constraintName(error) }))

layer(TestDatabase.layer)("schema constraints", (it) => {
  it.effect("user e-mails are unique regardless of case", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const email = `Someone.${crypto.randomUUID()}@Example.com`
      yield* sql`insert into users (name, email, password_hash, role) values ('A', ${email}, 'x', 'advisor')`
      const error = yield* violation(
        sql`insert into users (name, email, password_hash, role) values ('B', ${email.toLowerCase()}, 'x', 'client')`
      )
      assert.deepStrictEqual(error, { state: SqlState.uniqueViolation, constraint: "users_email_lower_key" })
      const role = yield* violation(
        sql`insert into users (name, email, password_hash, role) values ('C', ${`c${crypto.randomUUID()}@x.co`}, 'x', 'root')`
      )
      assert.deepStrictEqual(role, { state: SqlState.checkViolation, constraint: "users_role_check" })
    }))

  it.effect("a phone may repeat across clients, never within one client; numbers are E.164", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const a = yield* makeClient
      const b = yield* makeClient
      yield* sql`insert into client_phones (client_id, phone) values (${a.clientId}::uuid, '+573009990001')`
      yield* sql`insert into client_phones (client_id, phone) values (${b.clientId}::uuid, '+573009990001')`
      const duplicate = yield* violation(
        sql`insert into client_phones (client_id, phone) values (${a.clientId}::uuid, '+573009990001')`
      )
      assert.deepStrictEqual(duplicate, {
        state: SqlState.uniqueViolation,
        constraint: "client_phones_client_id_phone_key"
      })
      const notE164 = yield* violation(
        sql`insert into client_phones (client_id, phone) values (${a.clientId}::uuid, '300 999 0002')`
      )
      assert.deepStrictEqual(notE164, { state: SqlState.checkViolation, constraint: "client_phones_phone_check" })
      const owners = yield* sql<{ n: number }>`select count(*)::int as n from client_phones where phone = '+573009990001'`
      assert.strictEqual(owners[0]?.n, 2)
    }))

  it.effect("company and client NITs are unique", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const nit = `9${Date.now()}`
      yield* sql`insert into companies (name, nit) values ('A', ${nit})`
      assert.deepStrictEqual(
        yield* violation(sql`insert into companies (name, nit) values ('B', ${nit})`),
        { state: SqlState.uniqueViolation, constraint: "companies_nit_key" }
      )
      const client = yield* makeClient
      const taken = yield* sql<{ nit: string }>`select nit from clients where id = ${client.clientId}::uuid`
      assert.deepStrictEqual(
        yield* violation(sql`insert into clients (name, nit) values ('B', ${taken[0]?.nit ?? ""})`),
        { state: SqlState.uniqueViolation, constraint: "clients_nit_key" }
      )
    }))

  it.effect("an idempotency key is unique within a lineage, free across lineages", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const lineage = crypto.randomUUID()
      const other = crypto.randomUUID()
      yield* sql`insert into idempotency_records (lineage_id, key) values (${lineage}::uuid, 'order-1')`
      yield* sql`insert into idempotency_records (lineage_id, key) values (${other}::uuid, 'order-1')`
      assert.deepStrictEqual(
        yield* violation(sql`insert into idempotency_records (lineage_id, key) values (${lineage}::uuid, 'order-1')`),
        { state: SqlState.uniqueViolation, constraint: "idempotency_records_lineage_id_key_key" }
      )
      // The claim pattern: the second insert gets no row back and replays the first.
      const claimed = yield* sql`
        insert into idempotency_records (lineage_id, key) values (${lineage}::uuid, 'order-1')
        on conflict (lineage_id, key) do nothing returning id`
      assert.strictEqual(claimed.length, 0)
      assert.deepStrictEqual(
        yield* violation(sql`insert into idempotency_records (lineage_id, key) values (${lineage}::uuid, ${"k".repeat(101)})`),
        { state: SqlState.checkViolation, constraint: "idempotency_records_key_check" }
      )
    }))

  it.effect("exactly one default price list", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`insert into price_lists (name, is_default) values ('General', true)`
      const other = yield* sql<{ id: string }>`insert into price_lists (name) values ('Otra') returning id`
      const otherId = other[0]?.id ?? ""
      assert.deepStrictEqual(
        yield* violation(sql`insert into price_lists (name, is_default) values ('Second default', true)`),
        { state: SqlState.uniqueViolation, constraint: "price_lists_one_default_key" }
      )
      // Leaving the lists without a default fails at commit.
      const none = yield* violation(sql.withTransaction(sql`update price_lists set is_default = false where is_default`))
      assert.deepStrictEqual(none, { state: SqlState.checkViolation, constraint: "price_lists_one_default" })
      const deleted = yield* violation(sql.withTransaction(sql`delete from price_lists where is_default`))
      assert.strictEqual(deleted.state, SqlState.checkViolation)
      // Moving the default: clear the old one, then set the new one, in one transaction.
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`update price_lists set is_default = false where is_default`
        yield* sql`update price_lists set is_default = true where id = ${otherId}::uuid`
      }))
      const defaults = yield* sql<{ name: string }>`select name from price_lists where is_default`
      assert.deepStrictEqual(defaults.map((row) => row.name), ["Otra"])
    }))

  it.effect("quotation codes are COT- and 6 digits from a sequence", () =>
    Effect.gen(function*() {
      const client = yield* makeClient
      const first = yield* makeQuotation(client)
      const second = yield* makeQuotation(client)
      assert.match(first.code, /^COT-\d{6}$/)
      assert.match(second.code, /^COT-\d{6}$/)
      assert.isAbove(Number(second.code.slice(4)), Number(first.code.slice(4)))
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      assert.deepStrictEqual(
        yield* violation(sql`insert into quotations (client_id, code) values (${client.clientId}::uuid, 'Q-1')`),
        { state: SqlState.checkViolation, constraint: "quotations_code_check" }
      )
      assert.deepStrictEqual(
        yield* violation(sql`insert into quotations (client_id, status) values (${client.clientId}::uuid, 'lost')`),
        { state: SqlState.checkViolation, constraint: "quotations_status_check" }
      )
      assert.deepStrictEqual(
        yield* violation(sql`insert into quotations (client_id, notes) values (${client.clientId}::uuid, ${"n".repeat(2001)})`),
        { state: SqlState.checkViolation, constraint: "quotations_notes_check" }
      )
    }))

  it.effect("route calendars are checked: weekdays, biweekly anchor on an operating day, cutoff", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const routeId = yield* makeRoute
      const check = (statement: Effect.Effect<unknown, unknown, never>) => Effect.map(violation(statement), (e) => e.constraint)
      assert.strictEqual(yield* check(sql`update routes set operation_days = '{0,8}' where id = ${routeId}::uuid`), "routes_operation_days_check")
      assert.strictEqual(yield* check(sql`update routes set operation_days = '{}' where id = ${routeId}::uuid`), "routes_operation_days_check")
      // Biweekly without anchor, and with an anchor (a Wednesday) off its days {1,4}.
      assert.strictEqual(yield* check(sql`update routes set frequency = 'biweekly' where id = ${routeId}::uuid`), "routes_anchor_date_check")
      assert.strictEqual(
        yield* check(sql`update routes set frequency = 'biweekly', anchor_date = '2025-01-08' where id = ${routeId}::uuid`),
        "routes_anchor_date_check"
      )
      assert.strictEqual(yield* check(sql`update routes set cutoff_days_before = 14 where id = ${routeId}::uuid`), "routes_cutoff_days_before_check")
      assert.strictEqual(yield* check(sql`update routes set cutoff_time = '24:00' where id = ${routeId}::uuid`), "routes_cutoff_time_check")
      assert.strictEqual(yield* check(sql`update routes set cutoff_time = '7:00' where id = ${routeId}::uuid`), "routes_cutoff_time_check")
      // Thursday 2025-01-09 is one of its days.
      yield* sql`update routes set frequency = 'biweekly', anchor_date = '2025-01-09' where id = ${routeId}::uuid`
    }))

  it.effect("a client takes its route and advisor from its branch", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* makeClient
      const advisorId = yield* makeUser("advisor")
      const read = sql<{ routeId: string | null; advisorId: string | null }>`
        select route_id as "routeId", advisor_id as "advisorId" from clients where id = ${client.clientId}::uuid`
      assert.deepStrictEqual((yield* read)[0], { routeId: client.routeId, advisorId: null })
      // Writing them directly has no effect: they stay the branch's.
      const otherRoute = yield* makeRoute
      yield* sql`update clients set route_id = ${otherRoute}::uuid, advisor_id = ${advisorId}::uuid where id = ${client.clientId}::uuid`
      assert.deepStrictEqual((yield* read)[0], { routeId: client.routeId, advisorId: null })
      yield* sql`update branches set advisor_id = ${advisorId}::uuid where id = ${client.branchId}::uuid`
      assert.deepStrictEqual((yield* read)[0], { routeId: client.routeId, advisorId })
      yield* sql`update clients set branch_id = null where id = ${client.clientId}::uuid`
      assert.deepStrictEqual((yield* read)[0], { routeId: null, advisorId: null })
    }))

  it.effect("deleting a company deletes its branches and keeps clients and quotations, detached", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* makeClient
      const quotation = yield* makeQuotation(client)
      yield* sql`delete from companies where id = ${client.companyId}::uuid`
      const branches = yield* sql`select 1 from branches where id = ${client.branchId}::uuid`
      assert.strictEqual(branches.length, 0)
      const rows = yield* sql<{ companyId: string | null; branchId: string | null }>`
        select company_id as "companyId", branch_id as "branchId" from quotations where id = ${quotation.id}::uuid
        union all
        select company_id, branch_id from clients where id = ${client.clientId}::uuid`
      assert.deepStrictEqual(rows, [{ companyId: null, branchId: null }, { companyId: null, branchId: null }])
    }))

  it.effect("at most one running sync run per kind", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`insert into erp_sync_runs (kind, mode) values ('customers', 'full')`
      assert.deepStrictEqual(
        yield* violation(sql`insert into erp_sync_runs (kind, mode) values ('customers', 'incremental')`),
        { state: SqlState.uniqueViolation, constraint: "erp_sync_runs_one_running_key" }
      )
      yield* sql`update erp_sync_runs set status = 'success', finished_at = now() where kind = 'customers'`
      yield* sql`insert into erp_sync_runs (kind, mode) values ('customers', 'incremental')`
    }))
})
