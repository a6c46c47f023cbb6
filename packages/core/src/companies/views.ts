/**
 * The spec's Company and Branch resources ("Companies and branches") and what creates
 * and changes them: declared once, used as the services' types, the endpoints' schemas
 * and the decoder of the rows the services read (columns named as these fields).
 */
import * as Schema from "effect/Schema"
import { BranchId, CompanyId, RouteId, UserId } from "../shared/ids.ts"
import { EmailAddress, NonBlankString, OptionalText } from "../shared/fields.ts"

/** Optional text never stored reads as "" (the spec types these fields string). */
export const Branch = Schema.Struct({
  id: BranchId,
  name: Schema.String,
  address: Schema.String,
  city: Schema.String,
  routeId: Schema.NullOr(RouteId),
  advisorId: Schema.NullOr(UserId),
  active: Schema.Boolean,
  latitude: Schema.NullOr(Schema.Finite),
  longitude: Schema.NullOr(Schema.Finite)
}).annotate({ identifier: "Branch" })
export type Branch = typeof Branch.Type

/** Optional text never stored reads as "" (the spec types these fields string). */
export const Company = Schema.Struct({
  id: CompanyId,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.String,
  phone: Schema.String,
  address: Schema.String,
  active: Schema.Boolean,
  branches: Schema.Array(Branch)
}).annotate({ identifier: "Company" })
export type Company = typeof Company.Type

/**
 * A company's own data as stored (optional text null): what `GET /api/my-company` shows
 * of it and what the notification e-mails say.
 */
export const CompanyProfile = Schema.Struct({
  id: CompanyId,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String)
})
export type CompanyProfile = typeof CompanyProfile.Type

const companyFields = {
  email: Schema.optionalKey(Schema.NullOr(EmailAddress)),
  phone: Schema.optionalKey(Schema.NullOr(OptionalText)),
  address: Schema.optionalKey(Schema.NullOr(OptionalText))
}

export const NewCompany = Schema.Struct({
  name: NonBlankString,
  nit: NonBlankString,
  ...companyFields,
  active: Schema.optionalKey(Schema.Boolean)
})
export type NewCompany = typeof NewCompany.Type

/** Every field optional; null keeps the stored value (spec: "null does not erase"). */
export const CompanyPatch = Schema.Struct({
  name: Schema.optionalKey(Schema.NullOr(NonBlankString)),
  nit: Schema.optionalKey(Schema.NullOr(NonBlankString)),
  ...companyFields,
  active: Schema.optionalKey(Schema.NullOr(Schema.Boolean))
})
export type CompanyPatch = typeof CompanyPatch.Type

const Latitude = Schema.Finite.check(Schema.isBetween({ minimum: -90, maximum: 90 }))
const Longitude = Schema.Finite.check(Schema.isBetween({ minimum: -180, maximum: 180 }))

const branchFields = {
  address: Schema.optionalKey(Schema.NullOr(OptionalText)),
  city: Schema.optionalKey(Schema.NullOr(OptionalText)),
  latitude: Schema.optionalKey(Schema.NullOr(Latitude)),
  longitude: Schema.optionalKey(Schema.NullOr(Longitude)),
  routeId: Schema.optionalKey(Schema.NullOr(RouteId)),
  advisorId: Schema.optionalKey(Schema.NullOr(UserId))
}

/** `routeId` and `advisorId` are applied only for an admin caller. */
export const NewBranch = Schema.Struct({
  name: NonBlankString,
  ...branchFields,
  active: Schema.optionalKey(Schema.Boolean)
})
export type NewBranch = typeof NewBranch.Type

/** Every field optional; null keeps the stored value (it never removes a route or advisor). */
export const BranchPatch = Schema.Struct({
  name: Schema.optionalKey(Schema.NullOr(NonBlankString)),
  ...branchFields,
  active: Schema.optionalKey(Schema.NullOr(Schema.Boolean))
})
export type BranchPatch = typeof BranchPatch.Type
