/**
 * The spec's Client resource ("Clients", "Phone normalization") and what creates and
 * changes one: declared once, used as the service's types, the endpoint's schemas and
 * the decoder of the rows the service reads (columns named as these fields).
 */
import * as Schema from "effect/Schema"
import { BranchId, ClientId, ClientPhoneId, CompanyId, PriceListId, UserId } from "../shared/ids.ts"
import { EmailAddress, NonBlankString, OptionalText, Timestamp } from "../shared/fields.ts"

export const ClientPhone = Schema.Struct({
  id: ClientPhoneId,
  phone: Schema.String.annotate({ description: "E.164" }),
  label: Schema.String,
  isMessaging: Schema.Boolean
}).annotate({ identifier: "ClientPhone" })
export type ClientPhone = typeof ClientPhone.Type

/**
 * Names of a missing company, branch, route or advisor read as "" (the spec types them
 * string); the ids of a detached client (its company was deleted) are null.
 */
export const Client = Schema.Struct({
  id: ClientId,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  createdAt: Timestamp,
  userId: Schema.NullOr(UserId),
  userEmail: Schema.NullOr(Schema.String),
  hasLogin: Schema.Boolean,
  companyId: Schema.NullOr(CompanyId).annotate({ description: "null only when the company was deleted" }),
  companyName: Schema.String,
  branchId: Schema.NullOr(BranchId).annotate({ description: "null only when the branch was deleted" }),
  branchName: Schema.String,
  priceListId: Schema.NullOr(PriceListId).annotate({ description: "null means the general list" }),
  priceListName: Schema.NullOr(Schema.String),
  routeName: Schema.String.annotate({ description: "Of the client's branch" }),
  advisorName: Schema.String.annotate({ description: "Of the client's branch" }),
  phones: Schema.Array(ClientPhone)
}).annotate({ identifier: "Client" })
export type Client = typeof Client.Type

/** Any text; normalization decides (400 INVALID_PHONE). */
export const PhoneInput = Schema.Struct({
  phone: Schema.String.check(Schema.isMaxLength(40)),
  label: Schema.optionalKey(Schema.NullOr(OptionalText))
})
export type PhoneInput = typeof PhoneInput.Type

export const NewClient = Schema.Struct({
  name: NonBlankString,
  companyId: CompanyId,
  branchId: BranchId,
  email: Schema.optionalKey(Schema.NullOr(EmailAddress)),
  /** Absent or null: the company's NIT if free, else a `NIT-` placeholder. */
  nit: Schema.optionalKey(Schema.NullOr(NonBlankString)),
  /** null: the general list. */
  priceListId: Schema.optionalKey(Schema.NullOr(PriceListId)),
  active: Schema.optionalKey(Schema.Boolean),
  phones: Schema.optionalKey(Schema.Array(PhoneInput).check(Schema.isMaxLength(50)))
})
export type NewClient = typeof NewClient.Type

export const ClientPatch = Schema.Struct({
  name: Schema.optionalKey(NonBlankString),
  email: Schema.optionalKey(Schema.NullOr(EmailAddress)),
  nit: Schema.optionalKey(NonBlankString),
  priceListId: Schema.optionalKey(Schema.NullOr(PriceListId)),
  companyId: Schema.optionalKey(CompanyId),
  branchId: Schema.optionalKey(BranchId),
  active: Schema.optionalKey(Schema.Boolean)
})
export type ClientPatch = typeof ClientPatch.Type
