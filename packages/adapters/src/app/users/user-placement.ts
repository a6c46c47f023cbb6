/**
 * Where a user sits: its company and branch, and a client's price list. One set of
 * rules serves `POST`/`PUT /api/users` and `/api/my-company`:
 *
 * - a named company must exist and be active (`COMPANY_NOT_FOUND`);
 * - a named branch must exist and be active (`BRANCH_NOT_FOUND`) and be of the company
 *   (`BRANCH_COMPANY_MISMATCH`); with a branch and no company, the company is the
 *   branch's (a user's company is "its own, or that of its branch");
 * - a named price list must exist and be active (`PRICE_LIST_NOT_FOUND`).
 *
 * Checks run inside the caller's transaction; the rows are locked `for share` so a
 * concurrent deactivation cannot slip between the check and the insert.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { SqlError } from "effect/sql/SqlError"
import { BranchNotFound, CompanyNotFound } from "@quote/core/companies/errors"
import { BranchCompanyMismatch } from "@quote/core/users/errors"
import { PriceListNotFound } from "@quote/core/catalog/errors"
import { BranchId, CompanyId, PriceListId } from "@quote/core/shared/ids"

const CompanyRow = Schema.Struct({ id: CompanyId, name: Schema.String, nit: Schema.String, active: Schema.Boolean })
export type CompanyRow = typeof CompanyRow.Type

const BranchRow = Schema.Struct({
  id: BranchId,
  companyId: CompanyId,
  name: Schema.String,
  active: Schema.Boolean
})
export type BranchRow = typeof BranchRow.Type

const PriceListRow = Schema.Struct({ id: PriceListId, active: Schema.Boolean })

export const findCompany = Effect.fnUntraced(function*(id: CompanyId) {
  const sql = yield* SqlClient.SqlClient
  return yield* SqlSchema.findOneOption({
    Request: CompanyId,
    Result: CompanyRow,
    execute: (companyId) => sql`select id, name, nit, active from companies where id = ${companyId} for share`
  })(id)
})

export const findBranch = Effect.fnUntraced(function*(id: BranchId) {
  const sql = yield* SqlClient.SqlClient
  return yield* SqlSchema.findOneOption({
    Request: BranchId,
    Result: BranchRow,
    execute: (branchId) => sql`select id, company_id, name, active from branches where id = ${branchId} for share`
  })(id)
})

/** An active company, else `COMPANY_NOT_FOUND`. */
export const activeCompany = Effect.fnUntraced(function*(id: CompanyId) {
  const company = yield* findCompany(id)
  if (Option.isNone(company) || !company.value.active) {
    return yield* new CompanyNotFound({ message: "La empresa no existe o está inactiva", details: { companyId: id } })
  }
  return company.value
})

/** An active branch, else `BRANCH_NOT_FOUND`. */
export const activeBranch = Effect.fnUntraced(function*(id: BranchId) {
  const branch = yield* findBranch(id)
  if (Option.isNone(branch) || !branch.value.active) {
    return yield* new BranchNotFound({ message: "La sede no existe o está inactiva", details: { branchId: id } })
  }
  return branch.value
})

/** An active price list, else `PRICE_LIST_NOT_FOUND`. */
export const ensureActivePriceList = Effect.fnUntraced(function*(id: PriceListId) {
  const sql = yield* SqlClient.SqlClient
  const list = yield* SqlSchema.findOneOption({
    Request: PriceListId,
    Result: PriceListRow,
    execute: (priceListId) => sql`select id, active from price_lists where id = ${priceListId} for share`
  })(id)
  if (Option.isNone(list) || !list.value.active) {
    return yield* new PriceListNotFound({ message: "La lista de precios no existe o está inactiva", details: { priceListId: id } })
  }
})

export interface Placement {
  readonly companyId: CompanyId | null
  readonly branchId: BranchId | null
}

export interface ResolvedPlacement {
  readonly company: CompanyRow | null
  readonly branch: BranchRow | null
}

/**
 * The company and branch a user ends up with. `verify` says which of the two the request
 * named: only those must be active (a user keeps a branch that was deactivated after it
 * was assigned), while the pair must always agree.
 */
export const resolvePlacement = Effect.fnUntraced(function*(
  placement: Placement,
  verify: { readonly company: boolean; readonly branch: boolean }
): Effect.fn.Return<
  ResolvedPlacement,
  CompanyNotFound | BranchNotFound | BranchCompanyMismatch | SqlError | Schema.SchemaError,
  SqlClient.SqlClient
> {
  const company = (id: CompanyId, mustBeActive: boolean) =>
    mustBeActive ? activeCompany(id) : Effect.map(findCompany(id), Option.getOrNull)
  const named = placement.companyId === null ? null : yield* company(placement.companyId, verify.company)
  if (placement.branchId === null) return { company: named, branch: null }
  const branch = verify.branch
    ? yield* activeBranch(placement.branchId)
    : Option.getOrNull(yield* findBranch(placement.branchId))
  if (branch === null) return { company: named, branch: null }
  if (placement.companyId === null) {
    return { company: yield* company(branch.companyId, verify.branch), branch }
  }
  if (branch.companyId !== placement.companyId) {
    return yield* new BranchCompanyMismatch({
      message: "La sede no pertenece a la empresa",
      details: { companyId: placement.companyId, branchId: branch.id }
    })
  }
  return { company: named, branch }
})
