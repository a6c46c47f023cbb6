/**
 * Clients (spec "Clients", admin only): the list and detail in the Client shape, and
 * create/update. A client sits in a company and one of its active branches, from which
 * the database copies route and advisor; a client with a login keeps its user's company
 * and branch in step. The database records `client.created` / `client.updated`.
 */
import * as Arr from "effect/Array"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { BranchId, ClientId, CompanyId, UserId } from "@quote/core/shared/ids"
import { Client, type ClientPatch, type NewClient } from "@quote/core/clients/views"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { DuplicatePhone } from "@quote/core/clients/errors"
import type { PriceListNotFound } from "@quote/core/catalog/errors"
import { BranchNotFound, DuplicateNit } from "@quote/core/companies/errors"
import { type InvalidPhone } from "@quote/core/clients/errors"
import { NotFound } from "@quote/core/shared/errors"
import type { EmptyPatch } from "@quote/core/shared/errors"
import { isUniqueViolation } from "../../infra/database/sql-errors.ts"
import { ensureNotEmpty } from "@quote/core/shared/patch"
import { patchColumns } from "../../infra/database/patch-columns.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"
import { inWriteTransaction } from "../companies/write-transaction.ts"
import { ensureActivePriceList, ensureBranchOfCompany } from "../companies/reference-checks.ts"
import { defaultClientNit } from "./client-nit.ts"
import { insertClientPhones, normalizePhoneInputs } from "./client-phones.ts"
import { clientSelect, decodeClient } from "./client-view.ts"

const clientColumns: { readonly [K in keyof ClientPatch]?: string } = {
  name: "name",
  email: "email",
  nit: "nit",
  priceListId: "price_list_id",
  companyId: "company_id",
  branchId: "branch_id",
  active: "active"
}

const Placement = Schema.Struct({
  companyId: Schema.NullOr(CompanyId),
  branchId: Schema.NullOr(BranchId),
  userId: Schema.NullOr(UserId)
})

const duplicateNit = (nit: string | undefined) =>
  new DuplicateNit({ message: "Another client already has this NIT", ...(nit === undefined ? {} : { details: { nit } }) })

const nitTaken = (error: unknown) => isUniqueViolation(error, "clients_nit_key")

const notFound = (id: ClientId) => new NotFound({ message: "No client has this id", details: { id } })

export class Clients extends Context.Service<Clients, {
  /**
   * Every client, with and without login, ordered by name: streamed from one statement
   * (one snapshot), so the list is never held in memory whole (issue #14).
   */
  readonly list: () => Stream.Stream<Client>
  readonly get: (id: ClientId) => Effect.Effect<Client, NotFound>
  /** A client without login user. */
  readonly create: (input: NewClient) => Effect.Effect<
    { readonly id: ClientId },
    InvalidPhone | DuplicatePhone | BranchNotFound | PriceListNotFound | DuplicateNit
  >
  readonly update: (id: ClientId, patch: ClientPatch) => Effect.Effect<
    { readonly id: ClientId },
    EmptyPatch | NotFound | BranchNotFound | PriceListNotFound | DuplicateNit
  >
}>()("@quote/adapters/Clients") {
  static readonly layer = Layer.effect(
    Clients,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const clientById = SqlSchema.findOneOption({
        Request: ClientId,
        Result: Client,
        execute: (id) => sql`${sql.literal(clientSelect)} where c.id = ${id}`
      })
      const placementForUpdate = SqlSchema.findOneOption({
        Request: ClientId,
        Result: Placement,
        execute: (id) => sql`select company_id, branch_id, user_id from clients where id = ${id} for update`
      })

      const list = () =>
        sql`${sql.literal(clientSelect)} order by c.name, c.id`.stream.pipe(
          Stream.orDie,
          Stream.mapArray((rows) => Arr.map(rows, (row) => decodeClient(row)))
        )

      const get = Effect.fn("Clients.get")(function*(id: ClientId) {
        const client = yield* clientById(id).pipe(Effect.orDie)
        if (Option.isNone(client)) return yield* notFound(id)
        return client.value
      })

      const create = Effect.fn("Clients.create")(function*(input: NewClient) {
        const phones = yield* normalizePhoneInputs(input.phones ?? [])
        return yield* Effect.gen(function*() {
          yield* ensureBranchOfCompany(input.companyId, input.branchId)
          if (input.priceListId != null) yield* ensureActivePriceList(input.priceListId)
          const nit = input.nit != null ? input.nit.trim() : yield* defaultClientNit(input.companyId)
          const [row] = yield* sql`
            insert into clients ${sql.insert({ ...patchColumns(input, clientColumns), nit })}
            returning id`.pipe(
            decodedRows(Schema.Struct({ id: ClientId })),
            Effect.catchIf(nitTaken, () => Effect.fail(duplicateNit(nit)))
          )
          yield* insertClientPhones(row!.id, phones)
          return { id: row!.id }
        }).pipe(inWriteTransaction(sql))
      })

      const update = Effect.fn("Clients.update")(function*(id: ClientId, patch: ClientPatch) {
        yield* ensureNotEmpty(patch)
        return yield* Effect.gen(function*() {
          const current = yield* placementForUpdate(id).pipe(Effect.orDie)
          if (Option.isNone(current)) return yield* notFound(id)
          const moves = patch.companyId !== undefined || patch.branchId !== undefined
          // Company and branch are validated together: the resulting pair must hold.
          const companyId = patch.companyId ?? current.value.companyId
          const branchId = patch.branchId ?? current.value.branchId
          if (moves) {
            if (companyId === null || branchId === null) {
              return yield* new BranchNotFound({
                message: "Send both companyId and branchId: the client has no company or branch to keep",
                details: { companyId, branchId }
              })
            }
            yield* ensureBranchOfCompany(companyId, branchId)
          }
          if (patch.priceListId != null) yield* ensureActivePriceList(patch.priceListId)
          yield* sql`update clients set ${sql.update(patchColumns(patch, clientColumns))} where id = ${id}`
            .pipe(Effect.catchIf(nitTaken, () => Effect.fail(duplicateNit(patch.nit?.trim()))))
          const userId = current.value.userId
          if (moves && userId !== null) {
            yield* sql`update users set company_id = ${companyId}, branch_id = ${branchId} where id = ${userId}`
          }
          return { id }
        }).pipe(inWriteTransaction(sql))
      })

      return Clients.of({ list, get, create, update })
    })
  )
}
