/**
 * The advisor searches are planned for their pattern on every run (issue #27,
 * `plannedPerPattern` in infra/database/search-pattern.ts): none leaves a named prepared
 * statement behind, however often it runs, so PostgreSQL never switches it to a generic
 * plan that reads every row. Runs in the PostgreSQL pass (`TEST_DATABASE_URL`): the
 * embedded database's client prepares nothing by name.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"
import { SqlClient } from "effect/sql"
import type { SessionUser } from "@quote/core/auth/views"
import type { UserId } from "@quote/core/shared/ids"
import { AdvisorClients } from "../../../src/app/advisor/advisor-clients.ts"
import { AdvisorCompanies } from "../../../src/app/advisor/advisor-companies.ts"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"

/** More runs than PostgreSQL's five custom plans before it may keep a generic one. */
const RUNS = 8

const admin: SessionUser = {
  id: "00000000-0000-4000-8000-000000000001" as UserId,
  role: "admin",
  name: "Admin",
  email: "admin@example.com",
  companyId: null,
  branchId: null,
  clientId: null
}

/** The statements this session holds prepared that filter with `ilike`. */
const preparedSearches = (sql: SqlClient.SqlClient) =>
  sql<{ readonly statement: string }>`
    select statement from pg_prepared_statements
     where statement ilike '%ilike%' and statement not like '%pg_prepared_statements%'`.pipe(
    Effect.map((rows) => rows.map((row) => row.statement))
  )

const services = Layer.mergeAll(AdvisorClients.layer, AdvisorCompanies.layer).pipe(Layer.provideMerge(TestDatabase.layer))

describe.runIf((process.env.TEST_DATABASE_URL?.trim() ?? "") !== "")("advisor searches on PostgreSQL", () => {
  layer(services)("on a repeated pool connection", (it) => {
    it.effect("run as unnamed statements, never kept prepared", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const clients = yield* AdvisorClients
        const companies = yield* AdvisorCompanies
        // One transaction: every statement on the one connection whose prepared statements are read.
        const kept = yield* sql.withTransaction(Effect.gen(function*() {
          // The check itself sees a named statement: a repeated ilike statement stays prepared.
          yield* Effect.repeat(sql`select count(*) from clients where name ilike ${"%zafiro%"}`, { times: 1 })
          const control = yield* preparedSearches(sql)
          for (let run = 0; run < RUNS; run++) {
            yield* clients.list(admin, { search: "zafiro" })
            // Past the last page: the total is counted by a statement of its own.
            yield* clients.list(admin, { search: "zafiro", page: 3 })
            yield* Effect.flatMap(companies.list(admin, { search: "jacaranda" }), Stream.runDrain)
          yield* companies.page(admin, { search: "jacaranda", page: 1, limit: 20 })
          }
          return { control, after: yield* preparedSearches(sql) }
        }))
        assert.strictEqual(kept.control.length, 1, "the control statement is prepared by name")
        assert.deepStrictEqual(kept.after, kept.control, "no search statement is kept prepared")
      }))
  })
})
