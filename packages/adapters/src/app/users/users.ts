/**
 * User administration (spec "Users", `/api/users`): the list, creation (self-registration
 * or by an administrator), updates and deactivation. A client-role user gets its client
 * record in the same transaction, and its notifications are queued in it too; password
 * changes and deactivation revoke the user's refresh tokens in that transaction as well.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { Fragment } from "effect/sql/Statement"
import type { SqlError } from "effect/sql/SqlError"
import { type Forbidden } from "@quote/core/auth/errors"
import { NotFound, type ValidationError, EmptyPatch } from "@quote/core/shared/errors"
import type { BranchNotFound } from "@quote/core/companies/errors"
import { type BranchCompanyMismatch, type DuplicateEmail, type MissingPassword } from "@quote/core/users/errors"
import { type CompanyNotFound } from "@quote/core/companies/errors"
import { type PriceListNotFound } from "@quote/core/catalog/errors"
import { CompanyId, UserId } from "@quote/core/shared/ids"
import { SessionUser } from "@quote/core/auth/views"
import { PasswordHasher } from "@quote/core/auth/password-hasher"
import { type CreatedUser, type NewUser, User, type UserList, type UserListQuery, type UserPatch } from "@quote/core/users/views"
import { asksForPage, pageTotals, pageWindow } from "@quote/core/shared/list-query"
import { checkNewUser, checkRoleFields, resetsErpSellerId } from "@quote/core/users/role-policy"
import { Sessions } from "../auth/sessions.ts"
import { NotificationOutbox } from "../mail/notification-outbox.ts"
import { insertClientRecord, moveClientRecord } from "./client-records.ts"
import { CountRow, decodedRows } from "../../infra/database/decoded-rows.ts"
import { containsPattern, plannedForSearch } from "../../infra/database/search-pattern.ts"
import { dieOnDatabaseError } from "./database-defects.ts"
import { registrationEmails } from "./registration-emails.ts"
import { insertUser, updateUser, type UserColumns } from "./user-accounts.ts"
import { ensureActivePriceList, resolvePlacement } from "./user-placement.ts"

export type CreateUserError =
  | Forbidden
  | MissingPassword
  | ValidationError
  | CompanyNotFound
  | BranchNotFound
  | BranchCompanyMismatch
  | PriceListNotFound
  | DuplicateEmail

export type UpdateUserError =
  | EmptyPatch
  | NotFound
  | ValidationError
  | CompanyNotFound
  | BranchNotFound
  | BranchCompanyMismatch
  | DuplicateEmail

/** The list's row: a `User` with every role's fields (null where they do not apply). */
const UserRow = User.mapFields(Struct.mapPick(
  ["erpSellerId", "clientId", "priceListId", "priceListName", "advisorId", "routeId"],
  Schema.requiredKey
))

/** Keeps the fields of the user's role (spec "User (list item)"). */
const listItem = ({ erpSellerId, clientId, priceListId, priceListName, advisorId, routeId, ...user }: typeof UserRow.Type): User => ({
  ...user,
  ...(user.role === "advisor" ? { erpSellerId } : {}),
  ...(user.role === "client" ? { clientId, priceListId, priceListName, advisorId, routeId } : {})
})

export class Users extends Context.Service<Users, {
  /** Every user the filter selects, by name; with `page` or `limit`, one page of them and its totals. */
  readonly list: (query: UserListQuery) => Effect.Effect<UserList>
  readonly create: (input: NewUser, caller: Option.Option<SessionUser>) => Effect.Effect<CreatedUser, CreateUserError>
  readonly update: (id: UserId, patch: UserPatch) => Effect.Effect<{ readonly id: UserId }, UpdateUserError>
  /** `active=false` and every refresh token revoked; `NOT_FOUND` for an unknown id. */
  readonly deactivate: (id: UserId) => Effect.Effect<void, NotFound>
}>()("@quote/adapters/Users") {
  static readonly layer = Layer.effect(
    Users,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const sessions = yield* Sessions
      const outbox = yield* NotificationOutbox
      const passwords = yield* PasswordHasher
      /** One transaction over the shared helpers, which read the client from the context. */
      const transaction = <A, E>(
        effect: Effect.Effect<A, E | SqlError | Schema.SchemaError, SqlClient.SqlClient>
      ): Effect.Effect<A, E> =>
        dieOnDatabaseError<A, E, never>(
          effect.pipe(sql.withTransaction, Effect.provideService(SqlClient.SqlClient, sql))
        )

      /**
       * The users `where` selects (a condition on `u`), in name order; `window` (a page)
       * applied before the details are joined. With a search `pattern` in `where`, the
       * statement is planned for it on every run (`plannedForSearch`, issue #27).
       */
      const listRows = (
        where: Fragment,
        window: { readonly limit: number; readonly offset: number } | undefined,
        pattern: string | undefined
      ) =>
        plannedForSearch(sql`
          select u.id, u.name, u.email, u.role, u.active,
                 co.id as company_id, co.name as company_name, u.branch_id, b.name as branch_name,
                 u.created_at, u.erp_seller_id,
                 c.id as client_id, c.price_list_id, pl.name as price_list_name, c.advisor_id, c.route_id
            from ${window === undefined
              ? sql`users u`
              // With a search, its matches first (trigram indexes), then sorted: see AdvisorCompanies.
              : sql`(select u.* from ${pattern === undefined ? sql`users u` : sql`(select u.* from users u where ${where} offset 0) u`}
                      where ${pattern === undefined ? where : sql`true`}
                      order by lower(u.name), lower(u.email), u.id limit ${window.limit} offset ${window.offset}) u`}
            left join branches b on b.id = u.branch_id
            left join companies co on co.id = coalesce(u.company_id, b.company_id)
            left join clients c on c.user_id = u.id
            left join price_lists pl on pl.id = c.price_list_id
           where ${window === undefined ? where : sql`true`}
           order by lower(u.name), lower(u.email), u.id`, pattern).pipe(decodedRows(UserRow))

      const list = Effect.fn("Users.list")(function*(query: UserListQuery) {
        const pattern = containsPattern(query.search)
        const where = sql.and([
          ...(query.role === undefined ? [] : [sql`u.role = ${query.role}`]),
          ...(pattern === undefined ? [] : [sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`])
        ])
        if (!asksForPage(query)) {
          const rows = yield* listRows(where, undefined, pattern).pipe(Effect.orDie)
          return { items: rows.map(listItem) }
        }
        const window = pageWindow(query)
        const [rows, [counted]] = yield* Effect.all([
          listRows(where, window, pattern),
          plannedForSearch(sql`select count(*)::int as count from users u where ${where}`, pattern).pipe(decodedRows(CountRow))
        ], { concurrency: "unbounded" }).pipe(Effect.orDie)
        return { items: rows.map(listItem), ...pageTotals(counted?.count ?? 0, window) }
      })

      const create = Effect.fn("Users.create")(function*(input: NewUser, caller: Option.Option<SessionUser>) {
        const byAdmin = Option.exists(caller, (user) => user.role === "admin")
        const { password, role } = yield* Effect.fromResult(checkNewUser(input, byAdmin))
        const passwordHash = yield* passwords.hash(password)
        return yield* transaction(Effect.gen(function*() {
          const placement = yield* resolvePlacement(
            { companyId: input.companyId ?? null, branchId: input.branchId ?? null },
            { company: true, branch: true }
          )
          const priceListId = input.priceListId ?? null
          if (priceListId !== null) yield* ensureActivePriceList(priceListId)
          const id = yield* insertUser({
            name: input.name,
            email: input.email,
            passwordHash,
            role,
            active: input.active ?? true,
            companyId: placement.company?.id ?? null,
            branchId: placement.branch?.id ?? null,
            erpSellerId: input.erpSellerId ?? null
          })
          if (role !== "client") return { id, clientId: null }
          const clientId = yield* insertClientRecord({
            userId: id,
            name: input.name,
            email: input.email,
            companyId: placement.company?.id ?? null,
            branchId: placement.branch?.id ?? null,
            companyNit: placement.company?.nit ?? null,
            priceListId
          })
          yield* outbox.queue(
            yield* registrationEmails({
              name: input.name,
              email: input.email,
              companyName: placement.company?.name ?? null,
              branchId: placement.branch?.id ?? null,
              branchName: placement.branch?.name ?? null
            })
          )
          return { id, clientId }
        }))
      })

      // The session user's fields, but the company as stored (not the branch's).
      const currentUser = SqlSchema.findOneOption({
        Request: UserId,
        Result: SessionUser,
        execute: (id) =>
          sql`select u.id, u.name, u.email, u.role, u.company_id, u.branch_id, c.id as client_id
                from users u left join clients c on c.user_id = u.id
               where u.id = ${id}
                 for update of u`
      })

      /** The tax id a new client record tries first (a user's unchanged company is not re-read by the placement). */
      const companyNit = Effect.fnUntraced(function*(companyId: CompanyId | null) {
        if (companyId === null) return null
        const rows = yield* sql`select nit from companies where id = ${companyId}`.pipe(
          decodedRows(Schema.Struct({ nit: Schema.String }))
        )
        return rows[0]?.nit ?? null
      })

      const update = Effect.fn("Users.update")(function*(id: UserId, patch: UserPatch) {
        if (Object.keys(patch).length === 0) {
          return yield* new EmptyPatch({ message: "Envía al menos un campo para actualizar" })
        }
        const passwordHash = patch.password === undefined ? undefined : yield* passwords.hash(patch.password)
        return yield* transaction(Effect.gen(function*() {
          const found = yield* currentUser(id)
          if (Option.isNone(found)) return yield* new NotFound({ message: "El usuario no existe", details: { id } })
          const current = found.value
          const role = patch.role ?? current.role
          yield* Effect.fromResult(checkRoleFields(role, patch))
          const companyGiven = patch.companyId !== undefined
          const branchGiven = patch.branchId !== undefined
          const placement = companyGiven || branchGiven
            ? yield* resolvePlacement(
              {
                companyId: companyGiven ? patch.companyId ?? null : current.companyId,
                branchId: branchGiven ? patch.branchId ?? null : current.branchId
              },
              { company: companyGiven, branch: branchGiven }
            )
            : undefined
          const companyId = placement === undefined ? current.companyId : placement.company?.id ?? null
          const branchId = placement === undefined ? current.branchId : placement.branch?.id ?? null
          const columns: UserColumns = {
            ...(patch.name === undefined ? {} : { name: patch.name }),
            ...(patch.email === undefined ? {} : { email: patch.email }),
            ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
            ...(patch.role === undefined ? {} : { role: patch.role }),
            ...(patch.active === undefined ? {} : { active: patch.active }),
            ...(placement === undefined ? {} : { company_id: companyId, branch_id: branchId }),
            ...(patch.erpSellerId === undefined ? {} : { erp_seller_id: patch.erpSellerId }),
            ...(resetsErpSellerId(patch.role) ? { erp_seller_id: null } : {})
          }
          yield* updateUser(id, columns)
          if (current.clientId !== null) {
            if (placement !== undefined) yield* moveClientRecord(id, companyId, branchId)
          } else if (role === "client") {
            // Becoming a client gives the login its client record (the price list is the general one).
            const company = placement?.company ?? null
            yield* insertClientRecord({
              userId: id,
              name: patch.name ?? current.name,
              email: patch.email ?? current.email,
              companyId,
              branchId,
              companyNit: company?.nit ?? (yield* companyNit(companyId)),
              priceListId: null
            })
          }
          if (passwordHash !== undefined || patch.active === false) yield* sessions.revokeAll(id)
          return { id }
        }))
      })

      const deactivate = Effect.fn("Users.deactivate")(function*(id: UserId) {
        return yield* transaction(Effect.gen(function*() {
          const rows = yield* sql`update users set active = false where id = ${id} returning id`.pipe(
            decodedRows(Schema.Struct({ id: UserId }))
          )
          if (rows.length === 0) return yield* new NotFound({ message: "El usuario no existe", details: { id } })
          yield* sessions.revokeAll(id)
        }))
      })

      return Users.of({ list, create, update, deactivate })
    })
  ).pipe(Layer.provide([NotificationOutbox.layer, Sessions.layer]))
}
