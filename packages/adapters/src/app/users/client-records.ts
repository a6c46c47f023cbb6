/**
 * The client record of a client-role login (spec "Users" rule 2): created with the user
 * in one transaction, moved with it when its company or branch changes. The record's
 * route and advisor are the branch's, copied by the database (`clients_inherit_from_branch`),
 * so they are never written here.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import { type BranchId, ClientId, type CompanyId, type PriceListId, type UserId } from "@quote/core/shared/ids"
import { randomAlphanumeric } from "@quote/core/shared/secrets"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

export interface NewClientRecord {
  readonly userId: UserId
  readonly name: string
  readonly email: string
  readonly companyId: CompanyId | null
  readonly branchId: BranchId | null
  /** The company's tax id, tried first; `null` when the user has no company. */
  readonly companyNit: string | null
  readonly priceListId: PriceListId | null
}

/** The placeholder tax id of a client whose company's is taken: `NIT-` plus 8 characters. */
export const placeholderNit = () => `NIT-${randomAlphanumeric(8)}`

/**
 * Inserts the record and returns its id. The tax id is the company's if no client holds
 * it yet, else a placeholder; `on conflict do nothing` decides that atomically (no
 * check-then-insert race) and without aborting the surrounding transaction.
 */
export const insertClientRecord = Effect.fnUntraced(function*(record: NewClientRecord) {
  const sql = yield* SqlClient.SqlClient
  const candidates = record.companyNit === null ? [] : [record.companyNit]
  // A placeholder colliding is a 1-in-62^8 event; a few fresh draws settle it.
  for (const nit of [...candidates, placeholderNit(), placeholderNit(), placeholderNit()]) {
    const rows = yield* sql`
      insert into clients ${
      sql.insert({
        name: record.name,
        nit,
        email: record.email,
        user_id: record.userId,
        company_id: record.companyId,
        branch_id: record.branchId,
        price_list_id: record.priceListId
      })
    }
      on conflict on constraint clients_nit_key do nothing
      returning id`.pipe(decodedRows(Schema.Struct({ id: ClientId })))
    if (rows.length > 0) return rows[0]!.id
  }
  return yield* Effect.die(new Error("Could not find a free tax id for the client record"))
})

/** Moves a login's client record with its user (route and advisor follow by trigger). */
export const moveClientRecord = Effect.fnUntraced(function*(
  userId: UserId,
  companyId: CompanyId | null,
  branchId: BranchId | null
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`update clients set company_id = ${companyId}, branch_id = ${branchId}
              where user_id = ${userId}
                and (company_id is distinct from ${companyId} or branch_id is distinct from ${branchId})`
})
