/**
 * The tax id a new client gets when none is sent (spec "Clients" POST, "Users" rule 2):
 * its company's NIT when no other client holds it (client NITs are unique), else a
 * placeholder `NIT-` + 8 characters, which the ERP export refuses as `INVALID_NIT`.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { randomAlphanumeric } from "@quote/core/shared/secrets"
import { CompanyId } from "@quote/core/shared/ids"

export const placeholderNitPrefix = "NIT-"

export const placeholderNit = (): string => placeholderNitPrefix + randomAlphanumeric(8)

const CompanyNitRow = Schema.Struct({ nit: Schema.String, taken: Schema.Boolean })

/** Run inside the creating transaction (a concurrent taker still meets the unique constraint). */
export const defaultClientNit = Effect.fnUntraced(function*(companyId: CompanyId) {
  const sql = yield* SqlClient.SqlClient
  const company = yield* SqlSchema.findOneOption({
    Request: CompanyId,
    Result: CompanyNitRow,
    execute: (id) => sql`
      select co.nit, exists (select 1 from clients c where c.nit = co.nit) as taken
        from companies co where co.id = ${id}`
  })(companyId).pipe(Effect.orDie)
  return Option.match(company, {
    onNone: placeholderNit,
    onSome: (row) => row.taken ? placeholderNit() : row.nit
  })
})
