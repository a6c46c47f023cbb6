/**
 * Checks that an id sent in a body names a usable row, with the spec's `*_NOT_FOUND`
 * code for each kind. Shared by routes, branches and clients so each reference has one
 * rule. Run them inside the writing transaction; a row removed concurrently after the
 * check is left to the foreign key (the database stays coherent either way).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { PriceListNotFound } from "@quote/core/catalog/errors"
import { BranchNotFound } from "@quote/core/companies/errors"
import { AdvisorNotFound } from "@quote/core/users/errors"
import { RouteNotFound } from "@quote/core/routes/errors"
import { type BranchId, type CompanyId, type PriceListId, type RouteId, UserId } from "@quote/core/shared/ids"

const Advisor = Schema.Struct({ id: UserId, name: Schema.String, email: Schema.String })
export type Advisor = typeof Advisor.Type

/** An active route. */
export const ensureActiveRoute = Effect.fnUntraced(function*(routeId: RouteId) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`select id from routes where id = ${routeId} and active`.pipe(Effect.orDie)
  if (rows.length === 0) {
    return yield* new RouteNotFound({ message: "No active route has this id", details: { routeId } })
  }
})

/** An active user with role advisor; returns its name and e-mail (for notifications). */
export const ensureActiveAdvisor = Effect.fnUntraced(function*(advisorId: UserId) {
  const sql = yield* SqlClient.SqlClient
  const advisor = yield* SqlSchema.findOneOption({
    Request: UserId,
    Result: Advisor,
    execute: (id) => sql`select id, name, email from users where id = ${id} and role = 'advisor' and active`
  })(advisorId).pipe(Effect.orDie)
  if (Option.isNone(advisor)) {
    return yield* new AdvisorNotFound({
      message: "No active user with role advisor has this id",
      details: { advisorId }
    })
  }
  return advisor.value
})

/** An active branch of an active company (the client placement rule of the spec). */
export const ensureBranchOfCompany = Effect.fnUntraced(function*(companyId: CompanyId, branchId: BranchId) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`
    select b.id from branches b join companies c on c.id = b.company_id
     where b.id = ${branchId} and b.company_id = ${companyId} and b.active and c.active`.pipe(Effect.orDie)
  if (rows.length === 0) {
    return yield* new BranchNotFound({
      message: "The branch does not exist, is inactive, or is not a branch of the company (or the company is inactive)",
      details: { companyId, branchId }
    })
  }
})

/** An active price list. */
export const ensureActivePriceList = Effect.fnUntraced(function*(priceListId: PriceListId) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`select id from price_lists where id = ${priceListId} and active`.pipe(Effect.orDie)
  if (rows.length === 0) {
    return yield* new PriceListNotFound({
      message: "No active price list has this id",
      details: { priceListId }
    })
  }
})
