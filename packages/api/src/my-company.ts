/** `/api/my-company` (spec "My company"): client self-service over the caller's own company. */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { CannotDeleteSelf, LastBranch, LastUser, NoCompany } from "@quote/core/my-company/errors"
import { access, UserAuthentication } from "./security.ts"
import { CreatedId, IdResponse } from "./companies.ts"
import { BranchId, UserId } from "@quote/core/shared/ids"
import {
  CompanyBranchPatch,
  CompanyUserPatch,
  MyCompanyPricesQuery,
  MyCompanyView,
  NewCompanyBranch,
  NewCompanyUser
} from "@quote/core/my-company/views"
import { ClientPriceSheet } from "@quote/core/integrations/views"
import { ClientNotFound } from "@quote/core/clients/errors"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/shared/errors"
import { BranchNotFound } from "@quote/core/companies/errors"
import { DuplicateEmail } from "@quote/core/users/errors"

const UserParams = { id: UserId }
const BranchParams = { id: BranchId }

export class MyCompanyApi extends HttpApiGroup.make("myCompany")
  .add(
    HttpApiEndpoint.get("view", "/", { success: MyCompanyView, error: errorEnvelope(NoCompany) })
      .middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.post("createUser", "/users", {
      payload: NewCompanyUser,
      success: CreatedId,
      error: errorEnvelopes(ValidationError, NoCompany, BranchNotFound, DuplicateEmail)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.put("updateUser", "/users/:id", {
      params: UserParams,
      payload: CompanyUserPatch,
      success: IdResponse,
      error: errorEnvelopes(EmptyPatch, ValidationError, NoCompany, NotFound, BranchNotFound, DuplicateEmail)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.delete("deactivateUser", "/users/:id", {
      params: UserParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelopes(NoCompany, NotFound, CannotDeleteSelf, LastUser)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.post("createBranch", "/branches", {
      payload: NewCompanyBranch,
      success: CreatedId,
      error: errorEnvelopes(ValidationError, NoCompany)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.put("updateBranch", "/branches/:id", {
      params: BranchParams,
      payload: CompanyBranchPatch,
      success: IdResponse,
      error: errorEnvelopes(EmptyPatch, ValidationError, NoCompany, BranchNotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.delete("deactivateBranch", "/branches/:id", {
      params: BranchParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelopes(NoCompany, BranchNotFound, LastBranch)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.get("prices", "/prices", {
      query: MyCompanyPricesQuery.fields,
      success: ClientPriceSheet,
      error: errorEnvelopes(ValidationError, NoCompany, ClientNotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client"))
      .annotate(
        OpenApi.Description,
        "Access: roles client. The caller's own client's prices now (its price list plus current promotions), the same shape and computation as the integration API's client prices and as quotation creation. Filters as there (`skus`, `productIds` comma-separated; `search` in name or SKU; `categoryId`), none required: without one, the sellable products by name. `limit` 1–200, default 50. `notFound` names requested SKUs / ids that are not sellable. 404 CLIENT_NOT_FOUND when the caller has no active client record."
      )
  )
  .prefix("/api/my-company")
  .annotate(OpenApi.Title, "My company")
  .annotate(
    OpenApi.Description,
    "Client self-service over the caller's own company. Role client only (others 403 FORBIDDEN); 404 NO_COMPANY when the caller has no company. Routes, advisors and price lists are never changed here."
  )
{}
