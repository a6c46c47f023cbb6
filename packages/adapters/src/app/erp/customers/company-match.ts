/**
 * The local company an ERP customer corresponds to: the one linked by
 * `erp_customer_id`, else the one with the same NIT, compared digits-only without check
 * digit (`cleanNit`'s rule, repeated in SQL). Read by the ERP list and by the import.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { ErpCustomer } from "@quote/core/erp/erp-customer"
import { CompanyId } from "@quote/core/shared/ids"

/** SQL twin of `cleanNit` for matching: the digits before the check digit. */
const cleanNitSql = "regexp_replace(split_part(nit, '-', 1), '[^0-9]', '', 'g')"

export const CompanyMatchRow = Schema.Struct({
  id: CompanyId,
  name: Schema.String,
  nit: Schema.String,
  erpCustomerId: Schema.NullOr(Schema.String),
  cleanNit: Schema.String
})
export type CompanyMatchRow = typeof CompanyMatchRow.Type

/** The companies linked to any of `erpIds` or holding any of `nits` (cleaned). */
export const companyMatches = (sql: SqlClient.SqlClient) =>
  SqlSchema.findAll({
    Request: Schema.Struct({ erpIds: Schema.Array(Schema.String), nits: Schema.Array(Schema.String) }),
    Result: CompanyMatchRow,
    execute: ({ erpIds, nits }) =>
      sql`select id, name, nit, erp_customer_id, ${sql.literal(cleanNitSql)} as clean_nit from companies
           where erp_customer_id = any(${erpIds}::text[]) or ${sql.literal(cleanNitSql)} = any(${nits}::text[])
           order by created_at, id`
  })

/** The company an ERP customer corresponds to among `rows`: linked by id, else same NIT. */
export const matchOf = (rows: ReadonlyArray<CompanyMatchRow>, customer: ErpCustomer): Option.Option<CompanyMatchRow> =>
  Option.fromUndefinedOr(
    rows.find((row) => row.erpCustomerId === customer.id) ??
      rows.find((row) => row.cleanNit === customer.identification)
  )
