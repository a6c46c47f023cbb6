/**
 * Client self-service over the caller's own company (spec "My company"): the answer of
 * `GET /api/my-company` and what creates and changes its users and branches. Declared
 * once: the service's types, the endpoints' schemas and the decoder of the rows the
 * service reads (columns named as these fields). Stored optional text reads as null here.
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { BranchId, RouteId, UserId } from "../shared/ids.ts"
import { CompanyProfile } from "../companies/views.ts"
import { PricesQuery } from "../integrations/views.ts"
import { Email, Name, Password } from "../users/views.ts"

export const MyCompanyBranch = Schema.Struct({
  id: BranchId,
  name: Schema.String,
  city: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  routeId: Schema.NullOr(RouteId),
  routeName: Schema.NullOr(Schema.String),
  routeDay: Schema.NullOr(Schema.String).annotate({ description: "Name of the route's first operating day" })
})
export type MyCompanyBranch = typeof MyCompanyBranch.Type

export const MyCompanyUser = Schema.Struct({
  id: UserId,
  name: Schema.String,
  email: Schema.String,
  branchId: Schema.NullOr(BranchId),
  branchName: Schema.NullOr(Schema.String),
  isMe: Schema.Boolean
})
export type MyCompanyUser = typeof MyCompanyUser.Type

/** The company, its active branches and its active client users. */
export const MyCompanyView = Schema.Struct({
  company: CompanyProfile,
  branches: Schema.Array(MyCompanyBranch),
  users: Schema.Array(MyCompanyUser)
}).annotate({ identifier: "MyCompany" })
export type MyCompanyView = typeof MyCompanyView.Type

export const NewCompanyUser = Schema.Struct({
  name: Name,
  email: Email,
  password: Password,
  branchId: Schema.optionalKey(Schema.NullOr(BranchId)).annotate({ description: "Default: the creator's branch" })
})
export type NewCompanyUser = typeof NewCompanyUser.Type

export const CompanyUserPatch = Schema.Struct({
  name: Schema.optionalKey(Name),
  email: Schema.optionalKey(Email),
  password: Schema.optionalKey(Password),
  branchId: Schema.optionalKey(BranchId)
})
export type CompanyUserPatch = typeof CompanyUserPatch.Type

/** Any text: this self-service never limited its length. */
const OptionalText = Schema.optionalKey(Schema.NullOr(Schema.String))

/** Route and advisor are an administrator's decision: never set here. */
export const NewCompanyBranch = Schema.Struct({ name: Name, city: OptionalText, address: OptionalText })
export type NewCompanyBranch = typeof NewCompanyBranch.Type

export const CompanyBranchPatch = Schema.Struct({ name: Schema.optionalKey(Name), city: OptionalText, address: OptionalText })
export type CompanyBranchPatch = typeof CompanyBranchPatch.Type

export const DEFAULT_MY_PRICES_LIMIT = 50
export const MAX_MY_PRICES_LIMIT = 200

/**
 * `GET /api/my-company/prices`: the integration prices query (same filters, comma-separated
 * `skus` and `productIds`), where no filter is required and `limit` is 1–200, default 50.
 */
export const MyCompanyPricesQuery = Schema.Struct({
  ...Struct.omit(PricesQuery.fields, ["limit"]),
  limit: Schema.optional(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_MY_PRICES_LIMIT }))
      .annotate({ description: `Default ${DEFAULT_MY_PRICES_LIMIT}` })
  )
})
export type MyCompanyPricesQuery = typeof MyCompanyPricesQuery.Type
