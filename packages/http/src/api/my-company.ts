import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { CannotDeleteSelf, LastBranch, LastUser, NoCompany } from "@quote/core/user-errors"
import { httpError } from "./error-envelope.ts"
import { NotFoundResponse, ValidationErrorResponse } from "./http-errors.ts"
import { access, UserAuthentication } from "./security.ts"
import {
  BranchNotFoundResponse,
  DuplicateEmailResponse,
  Email,
  EmptyPatchResponse,
  Name,
  Password,
  Uuid
} from "./users.ts"

export const NoCompanyResponse = httpError(NoCompany, 404, "The caller belongs to no company")
const CannotDeleteSelfResponse = httpError(CannotDeleteSelf, 422, "A user cannot deactivate itself")
const LastUserResponse = httpError(LastUser, 422, "The company's last active user cannot be deactivated")
const LastBranchResponse = httpError(LastBranch, 422, "The company's last active branch cannot be deactivated")

const MyCompanyJson = Schema.Struct({
  company: Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    nit: Schema.String,
    email: Schema.NullOr(Schema.String),
    phone: Schema.NullOr(Schema.String),
    address: Schema.NullOr(Schema.String)
  }),
  branches: Schema.Array(Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    city: Schema.NullOr(Schema.String),
    address: Schema.NullOr(Schema.String),
    routeId: Schema.NullOr(Schema.String),
    routeName: Schema.NullOr(Schema.String),
    routeDay: Schema.NullOr(Schema.String).annotate({ description: "Name of the route's first operating day" })
  })),
  users: Schema.Array(Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    email: Schema.String,
    branchId: Schema.NullOr(Schema.String),
    branchName: Schema.NullOr(Schema.String),
    isMe: Schema.Boolean
  }))
}).annotate({ identifier: "MyCompany" })

const Created = Schema.Struct({ id: Schema.String }).pipe(HttpApiSchema.status(201))
const Updated = Schema.Struct({ id: Schema.String })
const IdParams = { id: Uuid }
const OptionalText = Schema.optionalKey(Schema.NullOr(Schema.String))

export class MyCompanyApi extends HttpApiGroup.make("myCompany")
  .add(
    HttpApiEndpoint.get("view", "/", { success: MyCompanyJson, error: NoCompanyResponse })
      .middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.post("createUser", "/users", {
      payload: Schema.Struct({
        name: Name,
        email: Email,
        password: Password,
        branchId: Schema.optionalKey(Schema.NullOr(Uuid)).annotate({ description: "Default: the creator's branch" })
      }),
      success: Created,
      error: [ValidationErrorResponse, NoCompanyResponse, BranchNotFoundResponse, DuplicateEmailResponse]
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.put("updateUser", "/users/:id", {
      params: IdParams,
      payload: Schema.Struct({
        name: Schema.optionalKey(Name),
        email: Schema.optionalKey(Email),
        password: Schema.optionalKey(Password),
        branchId: Schema.optionalKey(Uuid)
      }),
      success: Updated,
      error: [EmptyPatchResponse, ValidationErrorResponse, NoCompanyResponse, NotFoundResponse, BranchNotFoundResponse, DuplicateEmailResponse]
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.delete("deactivateUser", "/users/:id", {
      params: IdParams,
      success: HttpApiSchema.NoContent,
      error: [NoCompanyResponse, NotFoundResponse, CannotDeleteSelfResponse, LastUserResponse]
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.post("createBranch", "/branches", {
      payload: Schema.Struct({ name: Name, city: OptionalText, address: OptionalText }),
      success: Created,
      error: [ValidationErrorResponse, NoCompanyResponse]
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.put("updateBranch", "/branches/:id", {
      params: IdParams,
      payload: Schema.Struct({ name: Schema.optionalKey(Name), city: OptionalText, address: OptionalText }),
      success: Updated,
      error: [EmptyPatchResponse, ValidationErrorResponse, NoCompanyResponse, BranchNotFoundResponse]
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.delete("deactivateBranch", "/branches/:id", {
      params: IdParams,
      success: HttpApiSchema.NoContent,
      error: [NoCompanyResponse, BranchNotFoundResponse, LastBranchResponse]
    }).middleware(UserAuthentication).annotateMerge(access.roles("client"))
  )
  .prefix("/api/my-company")
  .annotate(OpenApi.Title, "My company")
  .annotate(
    OpenApi.Description,
    "Client self-service over the caller's own company. Role client only (others 403 FORBIDDEN); 404 NO_COMPANY when the caller has no company. Routes, advisors and price lists are never changed here."
  )
{}
