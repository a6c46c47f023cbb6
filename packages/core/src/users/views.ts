/**
 * The spec's User list item ("Users") and what creates and changes a user: declared
 * once, used as the service's types, the endpoints' schemas and the decoder of the rows
 * the service reads (columns named as these fields). The field schemas are shared with
 * the client self-service (`/api/my-company`).
 */
import * as Schema from "effect/Schema"
import { Timestamp } from "../shared/fields.ts"
import { Role } from "../auth/access.ts"
import { BranchId, ClientId, CompanyId, PriceListId, RouteId, UserId } from "../shared/ids.ts"
import { optionalPageTotals, optionalPagingQuery, SearchText } from "../shared/list-query.ts"

/** Trimmed, not blank. */
export const Name = Schema.Trim.check(Schema.isNonEmpty({ message: "must not be blank" }))

export const Email = Schema.Trim.check(
  Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: "must be an e-mail address" }),
  Schema.isMaxLength(320)
)

/** Spec "Limits": at least 6 characters. */
export const Password = Schema.String.check(Schema.isMinLength(6, { message: "must have at least 6 characters" }))

export const ErpSellerId = Schema.Int.check(Schema.isGreaterThan(0))

/** A user as listed: `erpSellerId` only for advisors, the client fields only for clients. */
export const User = Schema.Struct({
  id: UserId,
  name: Schema.String,
  email: Schema.String,
  role: Role,
  active: Schema.Boolean,
  companyId: Schema.NullOr(CompanyId),
  companyName: Schema.NullOr(Schema.String),
  branchId: Schema.NullOr(BranchId),
  branchName: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  erpSellerId: Schema.optionalKey(Schema.NullOr(Schema.Finite)).annotate({ description: "Advisors only" }),
  clientId: Schema.optionalKey(Schema.NullOr(ClientId)).annotate({ description: "Clients only" }),
  priceListId: Schema.optionalKey(Schema.NullOr(PriceListId))
    .annotate({ description: "Clients only; null means the general list" }),
  priceListName: Schema.optionalKey(Schema.NullOr(Schema.String)).annotate({ description: "Clients only" }),
  advisorId: Schema.optionalKey(Schema.NullOr(UserId)).annotate({ description: "Clients only (the branch's)" }),
  routeId: Schema.optionalKey(Schema.NullOr(RouteId)).annotate({ description: "Clients only (the branch's)" })
}).annotate({ identifier: "User" })
export type User = typeof User.Type

/** `GET /api/users`: the spec's `role` filter, and a search and paging for lists of 100k client logins. */
export const UserListQuery = Schema.Struct({
  role: Schema.optionalKey(Role),
  search: SearchText("Part of the user's name or e-mail, case-insensitive"),
  ...optionalPagingQuery
})
export type UserListQuery = typeof UserListQuery.Type

/** Every user (by name), or one page of them with its totals (`page`/`limit`). */
export const UserList = Schema.Struct({
  items: Schema.Array(User),
  ...optionalPageTotals
}).annotate({ identifier: "UserList" })
export type UserList = typeof UserList.Type

export const NewUser = Schema.Struct({
  name: Name,
  email: Email,
  password: Schema.optionalKey(Schema.NullOr(Password)),
  role: Schema.optionalKey(Role).annotate({
    description: "Required for administrators; without an admin token only `client` is accepted"
  }),
  companyId: Schema.optionalKey(Schema.NullOr(CompanyId)),
  branchId: Schema.optionalKey(Schema.NullOr(BranchId)),
  priceListId: Schema.optionalKey(Schema.NullOr(PriceListId)).annotate({ description: "Clients only; administrators only" }),
  erpSellerId: Schema.optionalKey(Schema.NullOr(ErpSellerId)).annotate({ description: "Advisors only" }),
  active: Schema.optionalKey(Schema.Boolean)
})
export type NewUser = typeof NewUser.Type

/** A new user's id, and its client record's when it is a client. */
export const CreatedUser = Schema.Struct({ id: UserId, clientId: Schema.NullOr(ClientId) })
export type CreatedUser = typeof CreatedUser.Type

export const UserPatch = Schema.Struct({
  name: Schema.optionalKey(Name),
  email: Schema.optionalKey(Email),
  role: Schema.optionalKey(Role),
  active: Schema.optionalKey(Schema.Boolean),
  companyId: Schema.optionalKey(Schema.NullOr(CompanyId)),
  branchId: Schema.optionalKey(Schema.NullOr(BranchId)),
  password: Schema.optionalKey(Password),
  erpSellerId: Schema.optionalKey(Schema.NullOr(ErpSellerId)).annotate({ description: "Advisors only; null unassigns" })
})
export type UserPatch = typeof UserPatch.Type
