/**
 * Companies (spec "Companies and branches"): the list with branches for any signed-in
 * user, public creation (which e-mails the administrator), and the admin's update and
 * delete. Deleting a company cascades to its branches in the database; its users,
 * clients and quotations stay with `company_id` null.
 */
import * as Arr from "effect/Array"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as SqlClient from "effect/sql/SqlClient"
import { DuplicateNit } from "@quote/core/companies/errors"
import { NotFound } from "@quote/core/shared/errors"
import type { EmptyPatch } from "@quote/core/shared/errors"
import type { CompanyId } from "@quote/core/shared/ids"
import { type Company, type CompanyPatch, CompanyProfile, type NewCompany } from "@quote/core/companies/views"
import { decodedRows } from "../../infra/database/decoded-rows.ts"
import { isUniqueViolation } from "../../infra/database/sql-errors.ts"
import { NotificationOutbox } from "../mail/notification-outbox.ts"
import { companyCreatedEmail } from "./company-emails.ts"
import { companiesWithBranches, companyProfileColumns, decodeCompany } from "./company-view.ts"
import { ensureNotEmpty, withoutNulls } from "@quote/core/shared/patch"
import { patchColumns } from "../../infra/database/patch-columns.ts"
import { inWriteTransaction } from "./write-transaction.ts"

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

const notFound = (id: CompanyId) => new NotFound({ message: "No company has this id", details: { id } })

export class Companies extends Context.Service<Companies, {
  /**
   * Every company with its branches, both ordered by name: streamed from one statement
   * (one snapshot), so the list is never held in memory whole (issue #14).
   */
  readonly list: () => Stream.Stream<Company>
  readonly create: (input: NewCompany) => Effect.Effect<{ readonly id: CompanyId }, DuplicateNit>
  readonly update: (
    id: CompanyId,
    patch: CompanyPatch
  ) => Effect.Effect<{ readonly id: CompanyId }, EmptyPatch | NotFound | DuplicateNit>
  readonly remove: (id: CompanyId) => Effect.Effect<void, NotFound>
}>()("@quote/adapters/Companies") {
  static readonly layer = Layer.effect(
    Companies,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const outbox = yield* NotificationOutbox

      const list = () =>
        sql`${sql.literal(companiesWithBranches)}`.stream.pipe(
          Stream.orDie,
          Stream.mapArray((rows) => Arr.map(rows, (row) => decodeCompany(row)))
        )

      const create = Effect.fn("Companies.create")(function*(input: NewCompany) {
        return yield* Effect.gen(function*() {
          const [company] = yield* sql`
            insert into companies ${sql.insert(patchColumns(input, companyColumns))}
            returning ${sql.literal(companyProfileColumns)}`.pipe(
            decodedRows(CompanyProfile),
            Effect.catchIf(nitTaken, () => Effect.fail(duplicateNit(input.nit.trim())))
          )
          yield* outbox.queue([companyCreatedEmail(company!)])
          return { id: company!.id }
        }).pipe(inWriteTransaction(sql))
      })

      const update = Effect.fn("Companies.update")(function*(id: CompanyId, patch: CompanyPatch) {
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

      const remove = Effect.fn("Companies.remove")(function*(id: CompanyId) {
        const rows = yield* sql`delete from companies where id = ${id} returning id`.pipe(Effect.orDie)
        if (rows.length === 0) return yield* notFound(id)
      })

      return Companies.of({ list, create, update, remove })
    })
  ).pipe(Layer.provide(NotificationOutbox.layer))
}
