/**
 * `/api/companies` (spec "Companies and branches"), plus the `{id}` answers the routes,
 * clients, companies and my-company groups share.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { access, OptionalUserAuthentication, UserAuthentication } from "./security.ts"
import { BranchId, CompanyId } from "@quote/core/shared/ids"
import { BranchPatch, Company, CompanyPatch, NewBranch, NewCompany } from "@quote/core/companies/views"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { EmptyPatch, NotFound } from "@quote/core/shared/errors"
import { DuplicateNit } from "@quote/core/companies/errors"
import { RouteNotFound } from "@quote/core/routes/errors"
import { AdvisorNotFound } from "@quote/core/users/errors"

export const IdResponse = Schema.Struct({ id: Schema.String }).annotate({ identifier: "IdResponse" })
export const CreatedId = IdResponse.pipe(HttpApiSchema.status(201))

const CompanyParams = { id: CompanyId }
const BranchParams = { id: CompanyId, branchId: BranchId }

export class CompaniesApi extends HttpApiGroup.make("companies")
  .add(
    HttpApiEndpoint.get("list", "/", { success: Schema.Struct({ items: Schema.Array(Company) }) })
      .middleware(UserAuthentication).annotateMerge(access.signedIn())
      .annotate(OpenApi.Description, "Access: every logged-in user. Every company with its branches, ordered by name."),
    HttpApiEndpoint.post("create", "/", { payload: NewCompany, success: CreatedId, error: errorEnvelope(DuplicateNit) })
      .annotateMerge(access.public())
      .annotate(
        OpenApi.Description,
        "Access: public. Creates a company (active by default) and e-mails the administrator when ADMIN_NOTIFICATION_EMAIL is set."
      ),
    HttpApiEndpoint.put("update", "/:id", {
      params: CompanyParams,
      payload: CompanyPatch,
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
      payload: NewBranch,
      success: CreatedId,
      error: errorEnvelopes(NotFound, RouteNotFound, AdvisorNotFound)
    }).middleware(OptionalUserAuthentication).annotateMerge(access.optionalUser())
      .annotate(
        OpenApi.Description,
        "Access: public; an admin token unlocks more. routeId and advisorId are applied only for an admin caller; an admin giving an advisor e-mails the advisor and the company."
      ),
    HttpApiEndpoint.put("updateBranch", "/:id/branches/:branchId", {
      params: BranchParams,
      payload: BranchPatch,
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

