/**
 * The status history of migrations/0008, with plain SQL as the application or a person
 * with psql would write it: the creation entry (its user is `created_by`), a change's
 * entry with the transaction's audit actor when it is a user (null for other actors,
 * unknown ids and sessions without audit settings), nothing for a no-op or a rolled-back
 * change; and the migration's backfill, which rebuilds from the quotations and the audit
 * trail exactly what the triggers record.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { SqlClient } from "effect/sql"
import { readFileSync } from "node:fs"
import { TestDatabase } from "../../../../src/dev/test-database/test-database.ts"
import { migrationsDirectory } from "../../../../src/infra/database/migrator.ts"
import { splitSqlStatements } from "../../../../src/infra/database/sql-script.ts"
import { type ClientFixture, makeClient, makeQuotation, makeUser } from "./fixtures.ts"

interface Entry {
  readonly status: string
  readonly previousStatus: string | null
  readonly changedBy: string | null
  readonly changedAt: Date
}

const historyOf = (quotationIds: ReadonlyArray<string>) =>
  Effect.flatMap(SqlClient.SqlClient, (client) =>
    client.withoutTransforms()<Entry & { readonly quotationId: string }>`
      select quotation_id::text as "quotationId", status, previous_status as "previousStatus",
             changed_by::text as "changedBy", changed_at as "changedAt"
        from quotation_status_history
       where quotation_id = any (${quotationIds}::uuid[])
       order by quotation_id, changed_at, id`)

const summary = (entries: ReadonlyArray<Entry>) =>
  entries.map((entry) => [entry.previousStatus, entry.status, entry.changedBy] as const)

/** Runs `self` in a transaction whose audit settings name `actor` (as AuditedSqlClient writes them). */
const as = <A, E, R>(actor: { readonly type: string; readonly id: string | null }, self: Effect.Effect<A, E, R>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(Effect.andThen(
      sql`select set_config('audit.actor_type', ${actor.type}, true), set_config('audit.actor_id', ${actor.id ?? ""}, true)`,
      self
    )))

/** A web quotation as the create writes it: `created_by` is its user. */
const webQuotation = (client: ClientFixture, creator: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql.withoutTransforms()<{ id: string }>`
        insert into quotations (client_id, company_id, branch_id, source, created_by)
        values (${client.clientId}::uuid, ${client.companyId}::uuid, ${client.branchId}::uuid, 'web', ${creator}::uuid)
        returning id`,
      (rows) => rows[0]!
    ))

const setStatus = (quotationId: string, status: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql`update quotations set status = ${status} where id = ${quotationId}::uuid`)

/** The migration's last statement: the backfill of existing quotations. */
const backfill = (() => {
  const statements = splitSqlStatements(readFileSync(`${migrationsDirectory}0008_quotation_status_history.sql`, "utf8"))
  const last = statements[statements.length - 1]!
  assert.include(last, "insert into quotation_status_history")
  assert.include(last, "from audit_log")
  return last
})()

layer(TestDatabase.layer)("quotation status history trigger", (it) => {
  it.effect("creation and changes, each with its user; other actors, psql, no-ops and rollbacks", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* makeClient
      const admin = yield* makeUser("admin")
      const creator = yield* makeUser("client")
      const quotation = yield* makeQuotation(client)
      yield* sql`update quotations set created_by = ${creator}::uuid where id = ${quotation.id}::uuid`
      const created = yield* historyOf([quotation.id])
      assert.deepStrictEqual(summary(created), [[null, "pending", null]])
      const [row] = yield* sql<{ createdAt: Date }>`select created_at as "createdAt" from quotations where id = ${quotation.id}::uuid`
      assert.strictEqual(created[0]!.changedAt.getTime(), row!.createdAt.getTime())

      yield* as({ type: "user", id: admin }, setStatus(quotation.id, "approved"))
      yield* as({ type: "user", id: admin }, setStatus(quotation.id, "approved")) // no change, no entry
      yield* as({ type: "api_key", id: crypto.randomUUID() }, setStatus(quotation.id, "sent_to_erp"))
      yield* as({ type: "user", id: crypto.randomUUID() }, setStatus(quotation.id, "synced")) // no such user
      yield* setStatus(quotation.id, "sent_to_erp") // psql: no audit settings
      const rolledBack = yield* Effect.exit(
        as({ type: "user", id: admin }, Effect.andThen(setStatus(quotation.id, "rejected"), Effect.fail("rollback")))
      )
      assert.isTrue(Exit.isFailure(rolledBack))
      assert.deepStrictEqual(summary(yield* historyOf([quotation.id])), [
        [null, "pending", null],
        ["pending", "approved", admin],
        ["approved", "sent_to_erp", null],
        ["sent_to_erp", "synced", null],
        ["synced", "sent_to_erp", null]
      ])

      // A web create (created_by set) records its creator; deleting the user keeps the entry.
      const web = yield* webQuotation(client, creator)
      assert.deepStrictEqual(summary(yield* historyOf([web.id])), [[null, "pending", creator]])
      yield* sql`delete from users where id = ${admin}::uuid`
      assert.deepStrictEqual(summary(yield* historyOf([quotation.id]))[1], ["pending", "approved", null])

      // Deleting the quotation deletes its history.
      yield* sql`delete from quotations where id = ${web.id}::uuid`
      assert.deepStrictEqual(yield* historyOf([web.id]), [])
    }))

  it.effect("the backfill rebuilds from the quotations and the audit trail what the triggers recorded", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const client = yield* makeClient
      const admin = yield* makeUser("admin")
      const creator = yield* makeUser("client")
      const untouched = yield* makeQuotation(client, "chat")
      const approved = yield* webQuotation(client, creator)
      const moved = yield* makeQuotation(client)
      yield* as({ type: "user", id: admin }, setStatus(approved.id, "approved"))
      yield* as({ type: "system", id: null }, setStatus(moved.id, "rejected"))
      yield* as({ type: "user", id: admin }, setStatus(moved.id, "pending"))
      yield* as({ type: "user", id: creator }, setStatus(moved.id, "approved"))
      const ids = [untouched.id, approved.id, moved.id]
      const recorded = yield* historyOf(ids)
      assert.strictEqual(recorded.length, 1 + 2 + 4)

      yield* sql`delete from quotation_status_history where quotation_id = any (${ids}::uuid[])`
      yield* sql.unsafe(backfill)
      assert.deepStrictEqual(yield* historyOf(ids), recorded)
    }))
})
