/**
 * Writing `users` rows, shared by the administration (`/api/users`) and client
 * self-service (`/api/my-company`). E-mail uniqueness is the unique index
 * `users_email_lower_key` (case-insensitive), read back as `DUPLICATE_EMAIL`: no
 * check-then-insert, so two concurrent sign-ups with one address cannot both succeed.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import type { Role } from "@quote/core/auth/access"
import { type BranchId, type CompanyId, UserId } from "@quote/core/shared/ids"
import { DuplicateEmail } from "@quote/core/users/errors"
import { decodedRows } from "../../infra/database/decoded-rows.ts"
import { isUniqueViolation } from "../../infra/database/sql-errors.ts"

/** A new `users` row. */
export interface NewUserRecord {
  readonly name: string
  readonly email: string
  readonly passwordHash: string
  readonly role: Role
  readonly active: boolean
  readonly companyId: CompanyId | null
  readonly branchId: BranchId | null
  readonly erpSellerId: number | null
}

/** The `users` columns a change may set (snake_case, as stored). */
export type UserColumns = {
  readonly name?: string
  readonly email?: string
  readonly password_hash?: string
  readonly role?: Role
  readonly active?: boolean
  readonly company_id?: CompanyId | null
  readonly branch_id?: BranchId | null
  readonly erp_seller_id?: number | null
}

const duplicateEmail = (email: string) =>
  new DuplicateEmail({ message: "Ya existe un usuario con ese correo electrónico", details: { email } })

const mapDuplicateEmail = (email: string | undefined) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (error) => email !== undefined && isUniqueViolation(error, "users_email_lower_key"),
    () => Effect.fail(duplicateEmail(email ?? ""))
  )

/** Inserts a user and returns its id; `DUPLICATE_EMAIL` when the address is taken. */
export const insertUser = Effect.fnUntraced(function*(user: NewUserRecord) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`insert into users ${
    sql.insert({
      name: user.name,
      email: user.email,
      password_hash: user.passwordHash,
      role: user.role,
      active: user.active,
      company_id: user.companyId,
      branch_id: user.branchId,
      erp_seller_id: user.erpSellerId
    })
  } returning id`.pipe(decodedRows(Schema.Struct({ id: UserId })), mapDuplicateEmail(user.email))
  return rows[0]!.id
})

/** Updates the given columns of a user; `DUPLICATE_EMAIL` when the new address is taken. */
export const updateUser = Effect.fnUntraced(function*(userId: UserId, columns: UserColumns) {
  if (Object.keys(columns).length === 0) return
  const sql = yield* SqlClient.SqlClient
  yield* sql`update users set ${sql.update(columns)} where id = ${userId}`.pipe(mapDuplicateEmail(columns.email))
})
