/**
 * Shared fixtures of the quotation and integration service tests: the seeded scenario
 * rows found by their natural keys, and API keys inserted directly (the key material is
 * irrelevant to these services, which only see the key's id and lineage).
 */
import { Clock, Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { BranchId, ClientId, CompanyId, PriceListId, ProductId } from "@quote/core/shared/ids"

/** Wednesday noon in Bogotá: the always-open route is open, the almost-closed one closed. */
export const wednesdayNoon = Date.parse("2026-11-25T12:00:00-05:00")

/**
 * Runs `effect` with the wall clock stopped at `epochMillis`, so cutoff and promotion
 * checks are deterministic. Sleeps and monotonic time stay real (the database driver's
 * timers keep working), unlike moving a `TestClock`, which fires every pending timer.
 */
export const atInstant = (epochMillis: number) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Clock.clockWith((real) =>
    Effect.provideService(effect, Clock.Clock, {
      currentTimeMillisUnsafe: () => epochMillis,
      currentTimeMillis: Effect.succeed(epochMillis),
      currentTimeNanosUnsafe: () => BigInt(epochMillis) * 1_000_000n,
      currentTimeNanos: Effect.succeed(BigInt(epochMillis) * 1_000_000n),
      monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
      monotonicTimeNanos: real.monotonicTimeNanos,
      sleep: (duration) => real.sleep(duration)
    })
  )

/** A fresh id of a kind: one that names nothing. */
export const unknownId = <Id extends string>(id: Schema.Codec<Id, string>): Id =>
  Schema.decodeSync(id)(crypto.randomUUID())

const one = <A>(rows: ReadonlyArray<A>, what: string): A => {
  const row = rows[0]
  if (row === undefined) throw new Error(`expected ${what}`)
  return row
}

/** The rows of `statement`, decoded as `Row` (the ids get their brands). */
const rowsOf = <A, I>(Row: Schema.Codec<A, I>, statement: Effect.Effect<ReadonlyArray<unknown>, SqlError>) =>
  Effect.flatMap(statement, Schema.decodeUnknownEffect(Schema.Array(Row))).pipe(Effect.orDie)

const SeededClient = Schema.Struct({
  id: ClientId,
  branchId: BranchId,
  companyId: CompanyId,
  priceListId: Schema.NullOr(PriceListId)
})

/** The seeded client of a company NIT, with its branch. */
export const clientByNit = (nit: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* rowsOf(SeededClient, sql`select id, branch_id, company_id, price_list_id from clients where nit = ${nit}`)
    return one(rows, `client ${nit}`)
  })

/** A branch by company NIT and branch name. */
export const branchOf = (nit: string, name: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* rowsOf(
      Schema.Struct({ id: BranchId }),
      sql`select b.id from branches b join companies c on c.id = b.company_id where c.nit = ${nit} and b.name = ${name}`
    )
    return one(rows, `branch ${name}`).id
  })

export const productBySku = (sku: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* rowsOf(Schema.Struct({ id: ProductId }), sql`select id from products where sku = ${sku}`)
    return one(rows, `product ${sku}`).id
  })

/** An API key row; `lineageOf` makes it a rotation successor sharing that lineage. */
export const insertApiKey = (lineageOf?: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ id: string; lineageId: string }>`
      insert into api_keys (name, key_prefix, key_hash, scopes, lineage_id)
      values ('test key', 'svc_testtest', 'x', '{quotations:write}',
              coalesce(${lineageOf ?? null}::uuid, gen_random_uuid()))
      returning id, lineage_id`
    return one(rows, "api key")
  })

export const uniqueKey = () => `key-${crypto.randomUUID()}`

/** Event types recorded for an entity, oldest first. */
export const eventTypes = (entityId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ type: string }>`
      select type from webhook_events where entity_id = ${entityId}::uuid order by seq`
    return rows.map((row) => row.type)
  })
