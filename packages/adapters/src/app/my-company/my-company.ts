/**
 * Client self-service over the caller's own company (spec "My company"): its data, its
 * active branches and its active client users. The company is the caller's (its own,
 * or that of its branch); nothing here can reach another company, change a role, or set
 * a route, an advisor or a price list. Users and branches are deactivated, never deleted;
 * the last active one of each is protected, with the company row locked so two
 * concurrent deactivations cannot both pass the check.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { SqlError } from "effect/sql/SqlError"
import { firstDayName } from "@quote/core/calendar/label"
import { NotFound, EmptyPatch } from "@quote/core/shared/errors"
import { BranchNotFound } from "@quote/core/companies/errors"
import { CannotDeleteSelf, LastBranch, LastUser, NoCompany } from "@quote/core/my-company/errors"
import { type DuplicateEmail } from "@quote/core/users/errors"
import { BranchId, CompanyId, PriceListId, UserId } from "@quote/core/shared/ids"
import type { SessionUser } from "@quote/core/auth/views"
import {
  type CompanyBranchPatch,
  type CompanyUserPatch,
  MyCompanyBranch,
  MyCompanyUser,
  type MyCompanyView,
  type NewCompanyBranch,
  type NewCompanyUser
} from "@quote/core/my-company/views"
import type { CompanyProfile } from "@quote/core/companies/views"
import { PasswordHasher } from "@quote/core/auth/password-hasher"
import { Sessions } from "../auth/sessions.ts"
import { insertClientRecord, moveClientRecord } from "../users/client-records.ts"
import { dieOnDatabaseError } from "../users/database-defects.ts"
import { insertUser, updateUser } from "../users/user-accounts.ts"
import { companyProfileById } from "../companies/company-view.ts"
import { CountRow, decodedRows } from "../../infra/database/decoded-rows.ts"

/** A branch as read: `routeDay` is derived from its route's operation days. */
const StoredBranch = MyCompanyBranch.mapFields(Struct.omit(["routeDay"])).mapFields(Struct.assign({
  operationDays: Schema.NullOr(Schema.Array(Schema.Number))
}))

const withRouteDay = ({ operationDays, ...branch }: typeof StoredBranch.Type): MyCompanyBranch => ({
  ...branch,
  routeDay: operationDays === null ? null : firstDayName(operationDays)
})

const noSuchUser = (id: UserId) => new NotFound({ message: "El usuario no existe en tu empresa", details: { id } })
const noSuchBranch = (id: BranchId) =>
  new BranchNotFound({ message: "La sede no existe en tu empresa o está inactiva", details: { branchId: id } })
const emptyPatch = () => new EmptyPatch({ message: "Envía al menos un campo para actualizar" })

export class MyCompany extends Context.Service<MyCompany, {
  readonly view: (me: SessionUser) => Effect.Effect<MyCompanyView, NoCompany>
  readonly createUser: (
    me: SessionUser,
    input: NewCompanyUser
  ) => Effect.Effect<{ readonly id: UserId }, NoCompany | BranchNotFound | DuplicateEmail>
  readonly updateUser: (
    me: SessionUser,
    id: UserId,
    patch: CompanyUserPatch
  ) => Effect.Effect<{ readonly id: UserId }, NoCompany | EmptyPatch | NotFound | BranchNotFound | DuplicateEmail>
  readonly deactivateUser: (me: SessionUser, id: UserId) => Effect.Effect<void, NoCompany | CannotDeleteSelf | NotFound | LastUser>
  readonly createBranch: (me: SessionUser, input: NewCompanyBranch) => Effect.Effect<{ readonly id: BranchId }, NoCompany>
  readonly updateBranch: (
    me: SessionUser,
    id: BranchId,
    patch: CompanyBranchPatch
  ) => Effect.Effect<{ readonly id: BranchId }, NoCompany | EmptyPatch | BranchNotFound>
  readonly deactivateBranch: (me: SessionUser, id: BranchId) => Effect.Effect<void, NoCompany | BranchNotFound | LastBranch>
}>()("@quote/adapters/MyCompany") {
  static readonly layer = Layer.effect(
    MyCompany,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const sessions = yield* Sessions
      const passwords = yield* PasswordHasher
      const transaction = <A, E>(
        effect: Effect.Effect<A, E | SqlError | Schema.SchemaError, SqlClient.SqlClient>
      ): Effect.Effect<A, E> =>
        dieOnDatabaseError<A, E, never>(effect.pipe(sql.withTransaction, Effect.provideService(SqlClient.SqlClient, sql)))

      const companyProfile = companyProfileById(sql, { forShare: false })

      /** The caller's company, else `NO_COMPANY`. */
      const companyOf = Effect.fnUntraced(function*(me: SessionUser) {
        const company = me.companyId === null ? Option.none<CompanyProfile>() : yield* companyProfile(me.companyId)
        if (Option.isNone(company)) {
          return yield* new NoCompany({ message: "Tu usuario no pertenece a ninguna empresa" })
        }
        return company.value
      })

      /** Serializes the protections of one company (last user, last branch). */
      const lockCompany = (companyId: CompanyId) => sql`select id from companies where id = ${companyId} for update`

      /** An active branch of the company, else `BRANCH_NOT_FOUND`. */
      const companyBranch = Effect.fnUntraced(function*(companyId: CompanyId, branchId: BranchId) {
        const rows = yield* sql`
          select id from branches where id = ${branchId} and company_id = ${companyId} and active for share`
        if (rows.length === 0) return yield* noSuchBranch(branchId)
        return branchId
      })

      /**
       * The client users of a company that self-service manages: active, role client.
       * (A plain string: a `SqlSchema` request reaches its statement encoded.)
       */
      const companyUsers = (companyId: string) =>
        sql`from users u left join branches b on b.id = u.branch_id
             where u.active and u.role = 'client' and coalesce(u.company_id, b.company_id) = ${companyId}`

      /** An active client user of the company, locked for the change, else `NOT_FOUND`. */
      const companyUser = Effect.fnUntraced(function*(companyId: CompanyId, userId: UserId) {
        const rows = yield* sql`select u.id ${companyUsers(companyId)} and u.id = ${userId} for update of u`
        if (rows.length === 0) return yield* noSuchUser(userId)
        return userId
      })

      const branchRows = SqlSchema.findAll({
        Request: CompanyId,
        Result: StoredBranch,
        execute: (companyId) =>
          sql`select b.id, b.name, b.city, b.address, b.route_id, r.name as route_name, r.operation_days
                from branches b left join routes r on r.id = b.route_id
               where b.company_id = ${companyId} and b.active
               order by lower(b.name), b.id`
      })

      const userRows = SqlSchema.findAll({
        Request: Schema.Struct({ companyId: CompanyId, me: UserId }),
        Result: MyCompanyUser,
        execute: ({ companyId, me }) =>
          sql`select u.id, u.name, u.email, u.branch_id, b.name as branch_name, u.id = ${me} as is_me
               ${companyUsers(companyId)}
               order by lower(u.name), u.id`
      })

      const view = Effect.fn("MyCompany.view")(function*(me: SessionUser) {
        return yield* dieOnDatabaseError(Effect.gen(function*() {
          const company = yield* companyOf(me)
          const [branches, users] = yield* Effect.all([
            branchRows(company.id),
            userRows({ companyId: company.id, me: me.id })
          ])
          return { company, branches: branches.map(withRouteDay), users }
        }))
      })

      const createUser = Effect.fn("MyCompany.createUser")(function*(me: SessionUser, input: NewCompanyUser) {
        const company = yield* dieOnDatabaseError(companyOf(me))
        const passwordHash = yield* passwords.hash(input.password)
        return yield* transaction(Effect.gen(function*() {
          // The chosen branch, or the creator's; route and advisor follow from it (trigger).
          const branchId = input.branchId == null ? me.branchId : yield* companyBranch(company.id, input.branchId)
          // The creator's price list: the new login orders under the same conditions.
          const creator = me.clientId === null
            ? []
            : yield* sql`select price_list_id from clients where id = ${me.clientId}`.pipe(
              decodedRows(Schema.Struct({ priceListId: Schema.NullOr(PriceListId) }))
            )
          const id = yield* insertUser({
            name: input.name,
            email: input.email,
            passwordHash,
            role: "client",
            active: true,
            companyId: company.id,
            branchId,
            erpSellerId: null
          })
          yield* insertClientRecord({
            userId: id,
            name: input.name,
            email: input.email,
            companyId: company.id,
            branchId,
            companyNit: company.nit,
            priceListId: creator[0]?.priceListId ?? null
          })
          return { id }
        }))
      })

      const updateCompanyUser = Effect.fn("MyCompany.updateUser")(
        function*(me: SessionUser, id: UserId, patch: CompanyUserPatch) {
          if (Object.keys(patch).length === 0) return yield* emptyPatch()
          const company = yield* dieOnDatabaseError(companyOf(me))
          const passwordHash = patch.password === undefined ? undefined : yield* passwords.hash(patch.password)
          return yield* transaction(Effect.gen(function*() {
            yield* companyUser(company.id, id)
            const branchId = patch.branchId === undefined ? undefined : yield* companyBranch(company.id, patch.branchId)
            yield* updateUser(id, {
              ...(patch.name === undefined ? {} : { name: patch.name }),
              ...(patch.email === undefined ? {} : { email: patch.email }),
              ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
              ...(branchId === undefined ? {} : { company_id: company.id, branch_id: branchId })
            })
            if (branchId !== undefined) yield* moveClientRecord(id, company.id, branchId)
            if (passwordHash !== undefined) yield* sessions.revokeAll(id)
            return { id }
          }))
        }
      )

      const deactivateUser = Effect.fn("MyCompany.deactivateUser")(function*(me: SessionUser, id: UserId) {
        if (id === me.id) return yield* new CannotDeleteSelf({ message: "No puedes desactivar tu propio usuario" })
        const company = yield* dieOnDatabaseError(companyOf(me))
        return yield* transaction(Effect.gen(function*() {
          yield* lockCompany(company.id)
          yield* companyUser(company.id, id)
          const others = yield* sql`select count(*)::int as count ${companyUsers(company.id)} and u.id <> ${id}`.pipe(
            decodedRows(CountRow)
          )
          if ((others[0]?.count ?? 0) === 0) {
            return yield* new LastUser({ message: "No puedes desactivar el último usuario activo de tu empresa" })
          }
          yield* sql`update users set active = false where id = ${id}`
          yield* sessions.revokeAll(id)
        }))
      })

      const createBranch = Effect.fn("MyCompany.createBranch")(function*(me: SessionUser, input: NewCompanyBranch) {
        const company = yield* dieOnDatabaseError(companyOf(me))
        // Route and advisor are an administrator's decision: a branch created here has neither.
        const rows = yield* sql`insert into branches ${
          sql.insert({ company_id: company.id, name: input.name, city: input.city ?? null, address: input.address ?? null })
        } returning id`.pipe(decodedRows(Schema.Struct({ id: BranchId })), Effect.orDie)
        return { id: rows[0]!.id }
      })

      const updateBranch = Effect.fn("MyCompany.updateBranch")(function*(me: SessionUser, id: BranchId, patch: CompanyBranchPatch) {
        if (Object.keys(patch).length === 0) return yield* emptyPatch()
        const company = yield* dieOnDatabaseError(companyOf(me))
        const rows = yield* sql`update branches set ${sql.update({ ...patch })}
                                                 where id = ${id} and company_id = ${company.id} and active
                                                 returning id`.pipe(Effect.orDie)
        if (rows.length === 0) return yield* noSuchBranch(id)
        return { id }
      })

      const deactivateBranch = Effect.fn("MyCompany.deactivateBranch")(function*(me: SessionUser, id: BranchId) {
        const company = yield* dieOnDatabaseError(companyOf(me))
        return yield* transaction(Effect.gen(function*() {
          yield* lockCompany(company.id)
          yield* companyBranch(company.id, id)
          const others = yield* sql`
            select count(*)::int as count from branches where company_id = ${company.id} and active and id <> ${id}`.pipe(
            decodedRows(CountRow)
          )
          if ((others[0]?.count ?? 0) === 0) {
            return yield* new LastBranch({ message: "No puedes desactivar la última sede activa de tu empresa" })
          }
          yield* sql`update branches set active = false where id = ${id}`
        }))
      })

      return MyCompany.of({
        view,
        createUser,
        updateUser: updateCompanyUser,
        deactivateUser,
        createBranch,
        updateBranch,
        deactivateBranch
      })
    })
  ).pipe(Layer.provide(Sessions.layer))
}
