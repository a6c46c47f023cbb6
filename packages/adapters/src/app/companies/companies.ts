/**
 * Companies (spec "Companies and branches"): the list with branches for any signed-in
 * user, public creation (which e-mails the administrator), and the admin's update and
 * delete. Deleting a company cascades to its branches in the database; its users,
 * clients and quotations stay with `company_id` null.
 */
import { Context, Effect, Layer, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { DuplicateNit } from "@quote/core/errors/companies"
import { NotFound } from "@quote/core/errors/common"
import type { EmptyPatch } from "@quote/core/errors/common"
import { isUniqueViolation } from "../../infra/database/sql-errors.ts"
import { NotificationOutbox } from "../mail/notification-outbox.ts"
import { companyCreatedEmail } from "./company-emails.ts"
import { BranchRow, CompanyRow, type CompanyView, toCompanyView } from "./company-view.ts"
import { ensureNotEmpty, withoutNulls } from "@quote/core/patch"
import { patchColumns } from "../../infra/database/patch-columns.ts"
import { inWriteTransaction } from "./write-transaction.ts"

export interface NewCompany {
  readonly name: string
  readonly nit: string
  readonly email?: string | null
  readonly phone?: string | null
  readonly address?: string | null
  readonly active?: boolean
}

/** Every field optional; null keeps the stored value (spec: "null does not erase"). */
export type CompanyPatch = { readonly [K in keyof NewCompany]?: NewCompany[K] | null }

const companyColumns: { readonly [K in keyof CompanyPatch]?: string } = {
  name: "name",
  nit: "nit",
  email: "email",
  phone: "phone",
  address: "address",
  active: "active"
}

const duplicateNit = (nit: string) =>
  new DuplicateNit({ message: "Another company already has this NIT", details: { nit } })

const nitTaken = (error: unknown) => isUniqueViolation(error, "companies_nit_key")

const notFound = (id: string) => new NotFound({ message: "No company has this id", details: { id } })

export class Companies extends Context.Service<Companies, {
  /** Every company with its branches, both ordered by name. */
  readonly list: () => Effect.Effect<ReadonlyArray<CompanyView>>
  readonly create: (input: NewCompany) => Effect.Effect<{ readonly id: string }, DuplicateNit>
  readonly update: (id: string, patch: CompanyPatch) => Effect.Effect<{ readonly id: string }, EmptyPatch | NotFound | DuplicateNit>
  readonly remove: (id: string) => Effect.Effect<void, NotFound>
}>()("@quote/adapters/Companies") {
  static readonly layer = Layer.effect(
    Companies,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const outbox = yield* NotificationOutbox

      const allCompanies = SqlSchema.findAll({
        Request: Schema.Void,
        Result: CompanyRow,
        execute: () => sql`select id, name, nit, email, phone, address, active from companies order by name, id`
      })
      const allBranches = SqlSchema.findAll({
        Request: Schema.Void,
        Result: BranchRow,
        execute: () =>
          sql`select id, company_id, name, address, city, route_id, advisor_id, active, latitude, longitude
                from branches order by name, id`
      })

      const list = Effect.fn("Companies.list")(function*() {
        const [companies, branches] = yield* Effect.all([allCompanies(undefined), allBranches(undefined)]).pipe(
          sql.withTransaction,
          Effect.orDie
        )
        const byCompany = Map.groupBy(branches, (branch) => branch.company_id)
        return companies.map((company) => toCompanyView(company, byCompany.get(company.id) ?? []))
      })

      const create = Effect.fn("Companies.create")(function*(input: NewCompany) {
        return yield* Effect.gen(function*() {
          const [company] = yield* sql<CompanyRow>`
            insert into companies ${sql.insert(patchColumns(input, companyColumns))}
            returning id, name, nit, email, phone, address, active`.pipe(
            Effect.catchIf(nitTaken, () => Effect.fail(duplicateNit(input.nit.trim())))
          )
          yield* outbox.queue([companyCreatedEmail(company!)])
          return { id: company!.id }
        }).pipe(inWriteTransaction(sql))
      })

      const update = Effect.fn("Companies.update")(function*(id: string, patch: CompanyPatch) {
        const changes = withoutNulls(patch)
        yield* ensureNotEmpty(changes)
        const rows = yield* sql`
          update companies set ${sql.update(patchColumns(changes, companyColumns))}
           where id = ${id} returning id`.pipe(
          Effect.catchIf(nitTaken, () => Effect.fail(duplicateNit(changes.nit?.trim() ?? ""))),
          Effect.catchTag("SqlError", Effect.die)
        )
        if (rows.length === 0) return yield* notFound(id)
        return { id }
      })

      const remove = Effect.fn("Companies.remove")(function*(id: string) {
        const rows = yield* sql`delete from companies where id = ${id} returning id`.pipe(Effect.orDie)
        if (rows.length === 0) return yield* notFound(id)
      })

      return Companies.of({ list, create, update, remove })
    })
  ).pipe(Layer.provide(NotificationOutbox.layer))
}
