/**
 * Rows for the trigger tests, written with plain SQL the way a person with psql would.
 * Every fixture gets fresh names and NITs, so tests sharing one database stay
 * independent; events are always read by entity id.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export interface EventRow {
  readonly type: string
  readonly entityType: string
  readonly changes: ReadonlyArray<string>
  readonly source: string | null
  readonly status: string | null
  readonly previousStatus: string | null
  readonly commentId: string | null
}

const unique = () => crypto.randomUUID().slice(0, 8)

const one = <A>(rows: ReadonlyArray<A>): A => {
  const row = rows[0]
  if (row === undefined) throw new Error("expected a row")
  return row
}

/** The events recorded for an entity, oldest first. */
export const eventsFor = (entityId: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    return yield* sql<EventRow>`
      select type, entity_type as "entityType", changes, source, status,
             previous_status as "previousStatus", comment_id as "commentId"
        from webhook_events
       where entity_id = ${entityId}::uuid
       order by seq`
  })

export const makeRoute = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const rows = yield* sql<{ id: string }>`
    insert into routes (name, operation_days, frequency, cutoff_days_before, cutoff_time)
    values (${`Route ${unique()}`}, '{1,4}', 'weekly', 1, '17:00')
    returning id`
  return one(rows).id
})

export const makeUser = (role: "admin" | "advisor" | "client") =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ id: string }>`
      insert into users (name, email, password_hash, role)
      values (${`User ${unique()}`}, ${`user-${unique()}@example.com`}, 'x', ${role})
      returning id`
    return one(rows).id
  })

export const makeCompany = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const rows = yield* sql<{ id: string }>`
    insert into companies (name, nit) values (${`Company ${unique()}`}, ${`NIT-${unique()}`})
    returning id`
  return one(rows).id
})

export const makeBranch = (companyId: string, routeId: string | null = null) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ id: string }>`
      insert into branches (company_id, name, address, city, route_id)
      values (${companyId}::uuid, ${`Branch ${unique()}`}, 'Calle 1', 'Bogotá', ${routeId}::uuid)
      returning id`
    return one(rows).id
  })

export interface ClientFixture {
  readonly companyId: string
  readonly branchId: string
  readonly routeId: string
  readonly clientId: string
}

/** A company with one branch on a fresh route, and a client of it. */
export const makeClient = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const routeId = yield* makeRoute
  const companyId = yield* makeCompany
  const branchId = yield* makeBranch(companyId, routeId)
  const rows = yield* sql<{ id: string }>`
    insert into clients (name, nit, email, company_id, branch_id)
    values (${`Client ${unique()}`}, ${`NIT-${unique()}`}, 'client@example.com', ${companyId}::uuid, ${branchId}::uuid)
    returning id`
  return { companyId, branchId, routeId, clientId: one(rows).id } satisfies ClientFixture
})

export const makeQuotation = (client: ClientFixture, source: "web" | "chat" = "web") =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const rows = yield* sql<{ id: string; code: string }>`
      insert into quotations (client_id, company_id, branch_id, route_id, source, total, route_date)
      values (${client.clientId}::uuid, ${client.companyId}::uuid, ${client.branchId}::uuid,
              ${client.routeId}::uuid, ${source}, 0, '2030-01-03')
      returning id, code`
    return one(rows)
  })
