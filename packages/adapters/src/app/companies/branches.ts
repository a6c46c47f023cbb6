/**
 * Branches of a company (spec "Companies and branches"). Creation is public, but only an
 * admin may set `routeId` and `advisorId` (rule 1); updates keep a value sent as null
 * (rule 2); deleting deactivates (spec "Deactivation": branches are deactivated, not
 * deleted, so their clients and quotations keep their branch). Giving a branch an
 * advisor it did not have queues the two notification e-mails (rule 3). The database
 * records `branch.updated` and passes a new route or advisor on to the branch's clients.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { NotFound } from "@quote/core/shared/errors"
import type { AdvisorNotFound } from "@quote/core/users/errors"
import type { EmptyPatch } from "@quote/core/shared/errors"
import type { RouteNotFound } from "@quote/core/routes/errors"
import { BranchId, CompanyId, UserId } from "@quote/core/shared/ids"
import type { BranchPatch, CompanyProfile, NewBranch } from "@quote/core/companies/views"
import { NotificationOutbox } from "../mail/notification-outbox.ts"
import { advisorAssignedEmails } from "./company-emails.ts"
import { companyProfileById } from "./company-view.ts"
import { ensureNotEmpty, withoutNulls } from "@quote/core/shared/patch"
import { patchColumns } from "../../infra/database/patch-columns.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"
import { inWriteTransaction } from "./write-transaction.ts"
import { type Advisor, ensureActiveAdvisor, ensureActiveRoute } from "./reference-checks.ts"

type Assignments = Pick<NewBranch, "routeId" | "advisorId">

const branchColumns: { readonly [K in keyof BranchPatch]?: string } = {
  name: "name",
  address: "address",
  city: "city",
  latitude: "latitude",
  longitude: "longitude",
  routeId: "route_id",
  advisorId: "advisor_id",
  active: "active"
}

const CurrentBranch = Schema.Struct({ name: Schema.String, advisorId: Schema.NullOr(UserId) })

const branchNotFound = (companyId: CompanyId, branchId: BranchId) =>
  new NotFound({ message: "The company has no branch with this id", details: { companyId, branchId } })

/** The referenced route and advisor must be active; returns the advisor (for the e-mails). */
const checkAssignments = Effect.fnUntraced(function*(fields: Assignments) {
  if (fields.routeId != null) yield* ensureActiveRoute(fields.routeId)
  return fields.advisorId == null ? Option.none<Advisor>() : Option.some(yield* ensureActiveAdvisor(fields.advisorId))
})

export class Branches extends Context.Service<Branches, {
  /** `asAdmin`: whether the caller is an admin (only then are `routeId`/`advisorId` applied). */
  readonly create: (
    companyId: CompanyId,
    input: NewBranch,
    asAdmin: boolean
  ) => Effect.Effect<{ readonly id: BranchId }, NotFound | RouteNotFound | AdvisorNotFound>
  readonly update: (
    companyId: CompanyId,
    branchId: BranchId,
    patch: BranchPatch
  ) => Effect.Effect<{ readonly id: BranchId }, EmptyPatch | NotFound | RouteNotFound | AdvisorNotFound>
  /** Sets `active=false`; `NotFound` when the branch is not of the company. */
  readonly deactivate: (companyId: CompanyId, branchId: BranchId) => Effect.Effect<void, NotFound>
}>()("@quote/adapters/Branches") {
  static readonly layer = Layer.effect(
    Branches,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const outbox = yield* NotificationOutbox

      const notifyAssignment = (company: CompanyProfile, branchName: string, advisor: Option.Option<Advisor>) =>
        Option.isSome(advisor) ? outbox.queue(advisorAssignedEmails(company, branchName, advisor.value)) : Effect.void

      const lockedCompany = companyProfileById(sql, { forShare: true })
      const company = companyProfileById(sql, { forShare: false })
      const branchForUpdate = SqlSchema.findOneOption({
        Request: Schema.Struct({ companyId: CompanyId, branchId: BranchId }),
        Result: CurrentBranch,
        execute: (ids) => sql`
          select name, advisor_id from branches where id = ${ids.branchId} and company_id = ${ids.companyId} for update`
      })

      const create = Effect.fn("Branches.create")(function*(companyId: CompanyId, input: NewBranch, asAdmin: boolean) {
        // Rule 1: route and advisor come only from an admin; anyone else's are ignored.
        const fields: NewBranch = asAdmin ? input : { ...input, routeId: null, advisorId: null }
        return yield* Effect.gen(function*() {
          const company = yield* lockedCompany(companyId).pipe(Effect.orDie)
          if (Option.isNone(company)) {
            return yield* new NotFound({ message: "No company has this id", details: { id: companyId } })
          }
          const advisor = yield* checkAssignments(fields)
          const [row] = yield* sql`
            insert into branches ${sql.insert({ company_id: companyId, ...patchColumns(fields, branchColumns) })}
            returning id`.pipe(decodedRows(Schema.Struct({ id: BranchId })))
          yield* notifyAssignment(company.value, fields.name.trim(), advisor)
          return { id: row!.id }
        }).pipe(inWriteTransaction(sql))
      })

      const update = Effect.fn("Branches.update")(function*(companyId: CompanyId, branchId: BranchId, patch: BranchPatch) {
        const changes = withoutNulls(patch)
        yield* ensureNotEmpty(changes)
        return yield* Effect.gen(function*() {
          const current = yield* branchForUpdate({ companyId, branchId }).pipe(Effect.orDie)
          if (Option.isNone(current)) return yield* branchNotFound(companyId, branchId)
          const advisor = yield* checkAssignments(changes)
          yield* sql`update branches set ${sql.update(patchColumns(changes, branchColumns))}
                      where id = ${branchId}`
          const branch = current.value
          // Only a change to a different advisor is an assignment worth telling.
          const assigned = Option.filter(advisor, (a) => a.id !== branch.advisorId)
          if (Option.isSome(assigned)) {
            // The branch, locked, keeps its company from being deleted meanwhile.
            const profile = yield* company(companyId).pipe(Effect.orDie)
            if (Option.isSome(profile)) yield* notifyAssignment(profile.value, changes.name?.trim() ?? branch.name, assigned)
          }
          return { id: branchId }
        }).pipe(inWriteTransaction(sql))
      })

      const deactivate = Effect.fn("Branches.deactivate")(function*(companyId: CompanyId, branchId: BranchId) {
        const rows = yield* sql`
          update branches set active = false where id = ${branchId} and company_id = ${companyId} returning id`.pipe(
          Effect.orDie
        )
        if (rows.length === 0) return yield* branchNotFound(companyId, branchId)
      })

      return Branches.of({ create, update, deactivate })
    })
  ).pipe(Layer.provide(NotificationOutbox.layer))
}
