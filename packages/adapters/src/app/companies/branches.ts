/**
 * Branches of a company (spec "Companies and branches"). Creation is public, but only an
 * admin may set `routeId` and `advisorId` (rule 1); updates keep a value sent as null
 * (rule 2); deleting deactivates (spec "Deactivation": branches are deactivated, not
 * deleted, so their clients and quotations keep their branch). Giving a branch an
 * advisor it did not have queues the two notification e-mails (rule 3). The database
 * records `branch.updated` and passes a new route or advisor on to the branch's clients.
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { NotFound } from "@quote/core/errors/common"
import type { AdvisorNotFound } from "@quote/core/errors/users"
import type { EmptyPatch } from "@quote/core/errors/common"
import type { RouteNotFound } from "@quote/core/errors/routes"
import { NotificationOutbox } from "../mail/notification-outbox.ts"
import { advisorAssignedEmails, type CompanyContact } from "./company-emails.ts"
import { ensureNotEmpty, withoutNulls } from "@quote/core/patch"
import { patchColumns } from "../../infra/database/patch-columns.ts"
import { inWriteTransaction } from "./write-transaction.ts"
import { type Advisor, ensureActiveAdvisor, ensureActiveRoute } from "./reference-checks.ts"

export interface NewBranch {
  readonly name: string
  readonly address?: string | null
  readonly city?: string | null
  readonly latitude?: number | null
  readonly longitude?: number | null
  readonly routeId?: string | null
  readonly advisorId?: string | null
  readonly active?: boolean
}

/** Every field optional; null keeps the stored value. */
export type BranchPatch = { readonly [K in keyof NewBranch]?: NewBranch[K] | null }

interface Assignments {
  readonly routeId?: string | null | undefined
  readonly advisorId?: string | null | undefined
}

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

const CompanyContactRow = Schema.Struct({
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String)
})

const CurrentBranchRow = Schema.Struct({
  name: Schema.String,
  advisor_id: Schema.NullOr(Schema.String),
  company_name: Schema.String,
  company_nit: Schema.String,
  company_email: Schema.NullOr(Schema.String)
})

const branchNotFound = (companyId: string, branchId: string) =>
  new NotFound({ message: "The company has no branch with this id", details: { companyId, branchId } })

/** The referenced route and advisor must be active; returns the advisor (for the e-mails). */
const checkAssignments = Effect.fnUntraced(function*(fields: Assignments) {
  if (fields.routeId != null) yield* ensureActiveRoute(fields.routeId)
  return fields.advisorId == null ? Option.none<Advisor>() : Option.some(yield* ensureActiveAdvisor(fields.advisorId))
})

export class Branches extends Context.Service<Branches, {
  /** `asAdmin`: whether the caller is an admin (only then are `routeId`/`advisorId` applied). */
  readonly create: (
    companyId: string,
    input: NewBranch,
    asAdmin: boolean
  ) => Effect.Effect<{ readonly id: string }, NotFound | RouteNotFound | AdvisorNotFound>
  readonly update: (
    companyId: string,
    branchId: string,
    patch: BranchPatch
  ) => Effect.Effect<{ readonly id: string }, EmptyPatch | NotFound | RouteNotFound | AdvisorNotFound>
  /** Sets `active=false`; `NotFound` when the branch is not of the company. */
  readonly deactivate: (companyId: string, branchId: string) => Effect.Effect<void, NotFound>
}>()("@quote/adapters/Branches") {
  static readonly layer = Layer.effect(
    Branches,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const outbox = yield* NotificationOutbox

      const notifyAssignment = (company: CompanyContact, branchName: string, advisor: Option.Option<Advisor>) =>
        Option.isSome(advisor) ? outbox.queue(advisorAssignedEmails(company, branchName, advisor.value)) : Effect.void

      const companyContact = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: CompanyContactRow,
        execute: (id) => sql`select name, nit, email from companies where id = ${id} for share`
      })
      const branchForUpdate = SqlSchema.findOneOption({
        Request: Schema.Struct({ companyId: Schema.String, branchId: Schema.String }),
        Result: CurrentBranchRow,
        execute: (ids) => sql`
          select b.name, b.advisor_id, co.name as company_name, co.nit as company_nit, co.email as company_email
            from branches b join companies co on co.id = b.company_id
           where b.id = ${ids.branchId} and b.company_id = ${ids.companyId}
             for update of b`
      })

      const create = Effect.fn("Branches.create")(function*(companyId: string, input: NewBranch, asAdmin: boolean) {
        // Rule 1: route and advisor come only from an admin; anyone else's are ignored.
        const fields: NewBranch = asAdmin ? input : { ...input, routeId: null, advisorId: null }
        return yield* Effect.gen(function*() {
          const company = yield* companyContact(companyId).pipe(Effect.orDie)
          if (Option.isNone(company)) {
            return yield* new NotFound({ message: "No company has this id", details: { id: companyId } })
          }
          const advisor = yield* checkAssignments(fields)
          const [row] = yield* sql<{ readonly id: string }>`
            insert into branches ${sql.insert({ company_id: companyId, ...patchColumns(fields, branchColumns) })}
            returning id`
          yield* notifyAssignment(company.value, fields.name.trim(), advisor)
          return { id: row!.id }
        }).pipe(inWriteTransaction(sql))
      })

      const update = Effect.fn("Branches.update")(function*(companyId: string, branchId: string, patch: BranchPatch) {
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
          yield* notifyAssignment(
            { name: branch.company_name, nit: branch.company_nit, email: branch.company_email },
            changes.name?.trim() ?? branch.name,
            Option.filter(advisor, (a) => a.id !== branch.advisor_id)
          )
          return { id: branchId }
        }).pipe(inWriteTransaction(sql))
      })

      const deactivate = Effect.fn("Branches.deactivate")(function*(companyId: string, branchId: string) {
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
