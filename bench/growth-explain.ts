/**
 * `node --conditions=quote-source bench/growth-explain.ts <database> [--generic] [--pending N] [--only NAME]`:
 * the plans of the growth bench's panel reads (statistics and advisor searches) on a
 * database kept by `npm run bench -- growth --keep` (issue #14, docs/performance.md).
 *
 * Each read runs once through its service with the SQL client's statement transformer
 * recording every statement (SQL and parameters); each statement is then run again
 * under `EXPLAIN (ANALYZE, BUFFERS)` and its time, planning time and JIT use printed, the
 * whole plan with `--verbose`. `--generic` prepares each statement and explains its
 * generic plan (`plan_cache_mode = force_generic_plan`): the application's statements
 * are named prepared statements, which PostgreSQL may switch to a generic plan after
 * five runs, so a read must be fast either way. `--pending N` first creates N quotations
 * (3 items each) in a transaction that never folds (repeatable read) and is rolled back
 * afterwards: the reads then add N unfolded deltas, as between two folds in production.
 */
import { Effect, Layer, Redacted, References, Stream } from "effect"
import { SqlClient, Statement } from "effect/sql"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import type { SessionUser } from "@quote/core/auth/views"
import * as Postgres from "../packages/adapters/src/infra/database/postgres.ts"
import { withDatabase } from "../packages/adapters/src/dev/test-database/database-templates.ts"
import { SalesStatistics } from "../packages/adapters/src/app/stats/sales-statistics.ts"
import { AdvisorCompanies } from "../packages/adapters/src/app/advisor/advisor-companies.ts"
import { AdvisorClients } from "../packages/adapters/src/app/advisor/advisor-clients.ts"
import { clientSearchWord, companySearchWord, rareWords } from "./growth-seed.ts"

const argument = (name: string): string | undefined => {
  const index = process.argv.indexOf(name)
  return index === -1 ? undefined : process.argv[index + 1]
}
const database = process.argv[2]
if (database === undefined || database.startsWith("--")) throw new Error("usage: growth-explain.ts <database> [options]")
const generic = process.argv.includes("--generic")
const verbose = process.argv.includes("--verbose")
const pending = Number(argument("--pending") ?? 0)
const only = argument("--only")
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres"

const previousMonth = () => {
  const now = new Date()
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  return { dateFrom: first.toISOString().slice(0, 10), dateTo: last.toISOString().slice(0, 10) }
}

/** From the 15th three months ago to the 10th of last month: whole months and two partial ones. */
const unevenRange = () => {
  const now = new Date()
  const day = (monthsBack: number, dayOfMonth: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, dayOfMonth)).toISOString().slice(0, 10)
  return { dateFrom: day(3, 15), dateTo: day(1, 10) }
}

/** A parameter as an SQL literal of unknown type (for `execute`, which takes the prepared types). */
const literal = (value: unknown): string => {
  const plain = PgTypes.isParameter(value) ? value.value : value
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`
  if (plain === null || plain === undefined) return "null"
  if (plain instanceof Date) return quote(plain.toISOString())
  if (Array.isArray(plain)) return quote(`{${plain.map((item) => `"${String(item).replaceAll('"', '\\"')}"`).join(",")}}`)
  if (typeof plain === "object") return quote(JSON.stringify(plain))
  return quote(String(plain))
}

const program = Effect.gen(function*() {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const user = (email: string) =>
    sql<{ readonly id: SessionUser["id"]; readonly role: "admin" | "advisor"; readonly name: string }>`
      select id, role, name from users where email = ${email}`.pipe(
      Effect.map(([row]): SessionUser => ({
        id: row!.id,
        role: row!.role,
        name: row!.name,
        email,
        companyId: null,
        branchId: null,
        clientId: null
      }))
    )
  const admin = yield* user("admin@example.com")
  const advisor = yield* user("asesor@example.com")
  const statistics = yield* SalesStatistics
  const companies = yield* AdvisorCompanies
  const clients = yield* AdvisorClients
  const reads: ReadonlyArray<readonly [string, Effect.Effect<unknown, unknown>]> = [
    ["stats/admin all time", statistics.admin({})],
    ["stats/admin one month", statistics.admin(previousMonth())],
    ["stats/admin uneven range", statistics.admin(unevenRange())],
    ["stats/advisor", statistics.advisor(advisor, {})],
    ["advisor/clients", clients.list(admin, {})],
    ["advisor/clients?search", clients.list(admin, { search: clientSearchWord.toLowerCase() })],
    [
      "advisor/companies?search",
      Effect.flatMap(companies.list(admin, { search: companySearchWord.toLowerCase() }), Stream.runDrain)
    ],
    // The rare words of issue #27: a few rows of one searched column each.
    ...Object.entries(rareWords).map(([column, word]): readonly [string, Effect.Effect<unknown, unknown>] =>
      column.startsWith("company")
        ? [`advisor/companies?search (rare, ${column})`, Effect.flatMap(companies.list(admin, { search: word }), Stream.runDrain)]
        : [`advisor/clients?search (rare, ${column})`, clients.list(admin, { search: word })]
    )
  ]

  const explain = (name: string, text: string, params: ReadonlyArray<unknown>) =>
    Effect.gen(function*() {
      const options = "analyze, buffers, costs, timing"
      let rows: ReadonlyArray<object>
      if (generic) {
        yield* sql`set plan_cache_mode = force_generic_plan`
        yield* sql.unsafe(`prepare growth_explain as ${text}`)
        const args = params.map(literal).join(", ")
        rows = yield* sql.unsafe(`explain (${options}) execute growth_explain${args === "" ? "" : `(${args})`}`)
        yield* sql`deallocate growth_explain`
        yield* sql`reset plan_cache_mode`
      } else {
        rows = yield* sql.unsafe(`explain (${options}) ${text}`, params as Array<unknown>)
      }
      const plan = rows.map((row) => String(Object.values(row)[0]))
      const figure = (label: string) => plan.find((line) => line.startsWith(label))?.trim() ?? ""
      const top = /cost=[\d.]+\.\.([\d.]+)/.exec(plan[0] ?? "")?.[1]
      console.log(`  ${name}: ${figure("Execution Time")} (${figure("Planning Time")}, cost ${top}${
        plan.some((line) => line.includes("JIT:")) ? ", JIT" : ""
      })`)
      console.log(`    ${text.replace(/\s+/g, " ").slice(0, 150)}`)
      if (verbose) for (const line of plan) console.log(`      ${line}`)
    })

  const run = Effect.gen(function*() {
    if (pending > 0) {
      // Cloned from the newest quotations, with their items: the triggers append deltas.
      yield* sql`
        create temporary table growth_pending on commit drop as
        select q.id as source, gen_random_uuid() as id, 'COT-' || (9000000 + row_number() over ()) as code
          from (select id from quotations order by created_at desc, code desc limit ${pending}) q`
      yield* sql`
        insert into quotations (id, code, status, source, total, client_id, company_id, branch_id, advisor_id, route_id,
                                route_date, erp_quotation_id, created_at, updated_at)
        select p.id, p.code, q.status, q.source, q.total, q.client_id, q.company_id, q.branch_id, q.advisor_id, q.route_id,
               q.route_date, q.erp_quotation_id, q.created_at, q.updated_at
          from growth_pending p join quotations q on q.id = p.source`
      yield* sql`
        insert into quotation_items (quotation_id, position, product_id, sku, name, quantity, unit_price, price_type, subtotal)
        select p.id, i.position, i.product_id, i.sku, i.name, i.quantity, i.unit_price, i.price_type, i.subtotal
          from growth_pending p join quotation_items i on i.quotation_id = p.source`
      const [counts] = yield* sql<{ readonly headers: number; readonly items: number }>`
        select (select count(*) from quotation_deltas)::int as headers, (select count(*) from quotation_item_deltas)::int as items`
      console.log(`pending deltas: ${counts!.headers} quotation, ${counts!.items} item`)
    }
    for (const [name, read] of reads) {
      if (only !== undefined && !name.includes(only)) continue
      const statements: Array<readonly [string, ReadonlyArray<unknown>]> = []
      const started = performance.now()
      yield* read.pipe(
        Effect.provideService(Statement.CurrentTransformer, (statement) => {
          statements.push(statement.compile())
          return Effect.succeed(statement)
        }),
        Effect.orDie
      )
      console.log(`${name}: ${(performance.now() - started).toFixed(1)} ms through the service`)
      for (const [index, [text, params]] of statements.entries()) yield* explain(`#${index + 1}`, text, params)
    }
  })
  // One transaction (one connection, for `prepare` and `set`), rolled back. Repeatable
  // read: the triggers never fold there, so the pending deltas stay pending.
  yield* sql.withTransaction(Effect.andThen(sql`set transaction isolation level repeatable read`, run).pipe(
    Effect.andThen(Effect.fail("rollback" as const))
  )).pipe(Effect.catchIf((error) => error === "rollback", () => Effect.void))
})

const services = Layer.mergeAll(SalesStatistics.layer, AdvisorCompanies.layer, AdvisorClients.layer).pipe(
  Layer.provideMerge(Postgres.layer({ url: withDatabase(Redacted.make(adminUrl), database) }))
)

await Effect.runPromise(
  program.pipe(Effect.provide(services), Effect.scoped, Effect.provideService(References.MinimumLogLevel, "Warn"))
)
