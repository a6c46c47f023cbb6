import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Role } from "@quote/core/access"
import { BranchCompanyMismatch, DuplicateEmail, MissingPassword } from "@quote/core/errors/users"
import { access, OptionalUserAuthentication, UserAuthentication } from "./security.ts"
import { Uuid } from "./common.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { Forbidden } from "@quote/core/errors/auth"
import { PriceListNotFound } from "@quote/core/errors/catalog"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/errors/common"
import { BranchNotFound, CompanyNotFound } from "@quote/core/errors/companies"

// Field schemas shared with `my-company.ts`.

/** A UUID (a malformed one is `400 VALIDATION_ERROR`, never a database error). */

/** Trimmed, not blank. */
export const Name = Schema.Trim.check(Schema.isNonEmpty({ message: "must not be blank" }))

export const Email = Schema.Trim.check(
  Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: "must be an e-mail address" }),
  Schema.isMaxLength(320)
)

/** Spec "Limits": at least 6 characters. */
export const Password = Schema.String.check(Schema.isMinLength(6, { message: "must have at least 6 characters" }))

export const ErpSellerId = Schema.Int.check(Schema.isGreaterThan(0))

export const UserListItemJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  email: Schema.String,
  role: Role,
  active: Schema.Boolean,
  companyId: Schema.NullOr(Schema.String),
  companyName: Schema.NullOr(Schema.String),
  branchId: Schema.NullOr(Schema.String),
  branchName: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromString,
  erpSellerId: Schema.optionalKey(Schema.NullOr(Schema.Number)).annotate({ description: "Advisors only" }),
  clientId: Schema.optionalKey(Schema.NullOr(Schema.String)).annotate({ description: "Clients only" }),
  priceListId: Schema.optionalKey(Schema.NullOr(Schema.String))
    .annotate({ description: "Clients only; null means the general list" }),
  priceListName: Schema.optionalKey(Schema.NullOr(Schema.String)).annotate({ description: "Clients only" }),
  advisorId: Schema.optionalKey(Schema.NullOr(Schema.String)).annotate({ description: "Clients only (the branch's)" }),
  routeId: Schema.optionalKey(Schema.NullOr(Schema.String)).annotate({ description: "Clients only (the branch's)" })
}).annotate({ identifier: "User" })

const CreateUserPayload = Schema.Struct({
  name: Name,
  email: Email,
  password: Schema.optionalKey(Schema.NullOr(Password)),
  role: Schema.optionalKey(Role).annotate({
    description: "Required for administrators; without an admin token only `client` is accepted"
  }),
  companyId: Schema.optionalKey(Schema.NullOr(Uuid)),
  branchId: Schema.optionalKey(Schema.NullOr(Uuid)),
  priceListId: Schema.optionalKey(Schema.NullOr(Uuid)).annotate({ description: "Clients only; administrators only" }),
  erpSellerId: Schema.optionalKey(Schema.NullOr(ErpSellerId)).annotate({ description: "Advisors only" }),
  active: Schema.optionalKey(Schema.Boolean)
})

const UpdateUserPayload = Schema.Struct({
  name: Schema.optionalKey(Name),
  email: Schema.optionalKey(Email),
  role: Schema.optionalKey(Role),
  active: Schema.optionalKey(Schema.Boolean),
  companyId: Schema.optionalKey(Schema.NullOr(Uuid)),
  branchId: Schema.optionalKey(Schema.NullOr(Uuid)),
  password: Schema.optionalKey(Password),
  erpSellerId: Schema.optionalKey(Schema.NullOr(ErpSellerId)).annotate({ description: "Advisors only; null unassigns" })
})

const UserIdParams = { id: Uuid }

export class UsersApi extends HttpApiGroup.make("users")
  .add(
    HttpApiEndpoint.get("list", "/", {
      query: { role: Schema.optionalKey(Role) },
      success: Schema.Struct({ items: Schema.Array(UserListItemJson) })
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("create", "/", {
      payload: CreateUserPayload,
      success: Schema.Struct({ id: Schema.String, clientId: Schema.NullOr(Schema.String) }).pipe(HttpApiSchema.status(201)),
      error: errorEnvelopes(MissingPassword, ValidationError, BranchCompanyMismatch, Forbidden, CompanyNotFound, BranchNotFound, PriceListNotFound, DuplicateEmail)
    }).middleware(OptionalUserAuthentication).annotateMerge(access.optionalUser())
      .annotate(
        OpenApi.Description,
        "Access: public; an admin token unlocks every role. Self-registration creates a `client` (another role is 403). A client user gets its client record and notifies its advisor and the administrator."
      ),
    HttpApiEndpoint.put("update", "/:id", {
      params: UserIdParams,
      payload: UpdateUserPayload,
      success: Schema.Struct({ id: Schema.String }),
      error: errorEnvelopes(EmptyPatch, ValidationError, BranchCompanyMismatch, NotFound, CompanyNotFound, BranchNotFound, DuplicateEmail)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.delete("deactivate", "/:id", {
      params: UserIdParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Sets `active=false` and revokes the user's refresh tokens.")
  )
  .prefix("/api/users")
  .annotate(OpenApi.Title, "Users")
{}

export { Uuid }
