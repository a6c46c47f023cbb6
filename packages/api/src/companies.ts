/**
 * `/api/companies` (spec "Companies and branches"), plus the field schemas the routes,
 * clients and companies groups share (ids, non-blank text, e-mail, `{id}` answers).
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { access, OptionalUserAuthentication, UserAuthentication } from "./security.ts"
import { Uuid } from "./common.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { EmptyPatch, NotFound } from "@quote/core/errors/common"
import { DuplicateNit } from "@quote/core/errors/companies"
import { RouteNotFound } from "@quote/core/errors/routes"
import { AdvisorNotFound } from "@quote/core/errors/users"

// ---------------------------------------------------------------------------------------
// Shared field schemas and responses
// ---------------------------------------------------------------------------------------

/** Text with at least one non-blank character (names, tax ids). */
export const NonBlankString = Schema.String.check(
  Schema.isPattern(/\S/, { expected: "a non-blank string" }),
  Schema.isMaxLength(500)
)

export const OptionalText = Schema.String.check(Schema.isMaxLength(2000))

export const EmailAddress = Schema.String.check(
  Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { expected: "an e-mail address" }),
  Schema.isMaxLength(320)
)

export const IdResponse = Schema.Struct({ id: Schema.String }).annotate({ identifier: "IdResponse" })
export const CreatedId = IdResponse.pipe(HttpApiSchema.status(201))

// ---------------------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------------------

export const BranchJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  address: Schema.String,
  city: Schema.String,
  routeId: Schema.NullOr(Schema.String),
  advisorId: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  latitude: Schema.NullOr(Schema.Number),
  longitude: Schema.NullOr(Schema.Number)
}).annotate({ identifier: "Branch" })

export const CompanyJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.String,
  phone: Schema.String,
  address: Schema.String,
  active: Schema.Boolean,
  branches: Schema.Array(BranchJson)
}).annotate({ identifier: "Company" })

// ---------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------

const Latitude = Schema.Number.check(Schema.isBetween({ minimum: -90, maximum: 90 }))
const Longitude = Schema.Number.check(Schema.isBetween({ minimum: -180, maximum: 180 }))

const companyFields = {
  email: Schema.optionalKey(Schema.NullOr(EmailAddress)),
  phone: Schema.optionalKey(Schema.NullOr(OptionalText)),
  address: Schema.optionalKey(Schema.NullOr(OptionalText))
}

const NewCompanyBody = Schema.Struct({
  name: NonBlankString,
  nit: NonBlankString,
  ...companyFields,
  active: Schema.optionalKey(Schema.Boolean)
})

/** Every field optional; null keeps the stored value. */
const CompanyPatchBody = Schema.Struct({
  name: Schema.optionalKey(Schema.NullOr(NonBlankString)),
  nit: Schema.optionalKey(Schema.NullOr(NonBlankString)),
  ...companyFields,
  active: Schema.optionalKey(Schema.NullOr(Schema.Boolean))
})

const branchFields = {
  address: Schema.optionalKey(Schema.NullOr(OptionalText)),
  city: Schema.optionalKey(Schema.NullOr(OptionalText)),
  latitude: Schema.optionalKey(Schema.NullOr(Latitude)),
  longitude: Schema.optionalKey(Schema.NullOr(Longitude)),
  routeId: Schema.optionalKey(Schema.NullOr(Uuid)),
  advisorId: Schema.optionalKey(Schema.NullOr(Uuid))
}

const NewBranchBody = Schema.Struct({
  name: NonBlankString,
  ...branchFields,
  active: Schema.optionalKey(Schema.Boolean)
})

/** Every field optional; null keeps the stored value (it never removes a route or advisor). */
const BranchPatchBody = Schema.Struct({
  name: Schema.optionalKey(Schema.NullOr(NonBlankString)),
  ...branchFields,
  active: Schema.optionalKey(Schema.NullOr(Schema.Boolean))
})

const CompanyParams = { id: Uuid }
const BranchParams = { id: Uuid, branchId: Uuid }

export class CompaniesApi extends HttpApiGroup.make("companies")
  .add(
    HttpApiEndpoint.get("list", "/", { success: Schema.Struct({ items: Schema.Array(CompanyJson) }) })
      .middleware(UserAuthentication).annotateMerge(access.signedIn())
      .annotate(OpenApi.Description, "Access: every logged-in user. Every company with its branches, ordered by name."),
    HttpApiEndpoint.post("create", "/", { payload: NewCompanyBody, success: CreatedId, error: errorEnvelope(DuplicateNit) })
      .annotateMerge(access.public())
      .annotate(
        OpenApi.Description,
        "Access: public. Creates a company (active by default) and e-mails the administrator when ADMIN_NOTIFICATION_EMAIL is set."
      ),
    HttpApiEndpoint.put("update", "/:id", {
      params: CompanyParams,
      payload: CompanyPatchBody,
      success: IdResponse,
      error: errorEnvelopes(EmptyPatch, NotFound, DuplicateNit)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Any subset of the fields; null keeps the stored value."),
    HttpApiEndpoint.delete("remove", "/:id", {
      params: CompanyParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Deletes the company and its branches; its users, clients and quotations keep company_id null."
      ),
    HttpApiEndpoint.post("createBranch", "/:id/branches", {
      params: CompanyParams,
      payload: NewBranchBody,
      success: CreatedId,
      error: errorEnvelopes(NotFound, RouteNotFound, AdvisorNotFound)
    }).middleware(OptionalUserAuthentication).annotateMerge(access.optionalUser())
      .annotate(
        OpenApi.Description,
        "Access: public; an admin token unlocks more. routeId and advisorId are applied only for an admin caller; an admin giving an advisor e-mails the advisor and the company."
      ),
    HttpApiEndpoint.put("updateBranch", "/:id/branches/:branchId", {
      params: BranchParams,
      payload: BranchPatchBody,
      success: IdResponse,
      error: errorEnvelopes(EmptyPatch, NotFound, RouteNotFound, AdvisorNotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Any subset of the fields; null keeps the stored value. A different advisor e-mails the advisor and the company."
      ),
    HttpApiEndpoint.delete("removeBranch", "/:id/branches/:branchId", {
      params: BranchParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Deactivates the branch (active=false); it is not deleted.")
  )
  .prefix("/api/companies")
  .annotate(OpenApi.Title, "Companies and branches")
{}

export { Uuid }
