import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { CannotDeleteSelf, LastBranch, LastUser, NoCompany } from "@quote/core/errors/my-company"
import { access, UserAuthentication } from "./security.ts"
import { Email, Name, Password, Uuid } from "./users.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/errors/common"
import { BranchNotFound } from "@quote/core/errors/companies"
import { DuplicateEmail } from "@quote/core/errors/users"

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
    HttpApiEndpoint.get("view", "/", { success: MyCompanyJson, error: errorEnvelope(NoCompany) })
      .middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.post("createUser", "/users", {
      payload: Schema.Struct({
        name: Name,
        email: Email,
        password: Password,
        branchId: Schema.optionalKey(Schema.NullOr(Uuid)).annotate({ description: "Default: the creator's branch" })
      }),
      success: Created,
      error: errorEnvelopes(ValidationError, NoCompany, BranchNotFound, DuplicateEmail)
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
      error: errorEnvelopes(EmptyPatch, ValidationError, NoCompany, NotFound, BranchNotFound, DuplicateEmail)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.delete("deactivateUser", "/users/:id", {
      params: IdParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelopes(NoCompany, NotFound, CannotDeleteSelf, LastUser)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.post("createBranch", "/branches", {
      payload: Schema.Struct({ name: Name, city: OptionalText, address: OptionalText }),
      success: Created,
      error: errorEnvelopes(ValidationError, NoCompany)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.put("updateBranch", "/branches/:id", {
      params: IdParams,
      payload: Schema.Struct({ name: Schema.optionalKey(Name), city: OptionalText, address: OptionalText }),
      success: Updated,
      error: errorEnvelopes(EmptyPatch, ValidationError, NoCompany, BranchNotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client")),
    HttpApiEndpoint.delete("deactivateBranch", "/branches/:id", {
      params: IdParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelopes(NoCompany, BranchNotFound, LastBranch)
    }).middleware(UserAuthentication).annotateMerge(access.roles("client"))
  )
  .prefix("/api/my-company")
  .annotate(OpenApi.Title, "My company")
  .annotate(
    OpenApi.Description,
    "Client self-service over the caller's own company. Role client only (others 403 FORBIDDEN); 404 NO_COMPANY when the caller has no company. Routes, advisors and price lists are never changed here."
  )
{}
