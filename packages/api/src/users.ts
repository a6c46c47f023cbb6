import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { UserId } from "@quote/core/shared/ids"
import { CreatedUser, NewUser, UserList, UserListQuery, UserPatch } from "@quote/core/users/views"
import { BranchCompanyMismatch, DuplicateEmail, MissingPassword } from "@quote/core/users/errors"
import { access, OptionalUserAuthentication, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { Forbidden } from "@quote/core/auth/errors"
import { PriceListNotFound } from "@quote/core/catalog/errors"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/shared/errors"
import { BranchNotFound, CompanyNotFound } from "@quote/core/companies/errors"

const UserIdParams = { id: UserId }

export class UsersApi extends HttpApiGroup.make("users")
  .add(
    HttpApiEndpoint.get("list", "/", {
      query: UserListQuery.fields,
      success: UserList
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Every user by name, filtered by `role` and `search` (name or e-mail); with `page` or `limit` one page of them with `total`, `page`, `limit` and `totalPages`."
      ),
    HttpApiEndpoint.post("create", "/", {
      payload: NewUser,
      success: CreatedUser.pipe(HttpApiSchema.status(201)),
      error: errorEnvelopes(MissingPassword, ValidationError, BranchCompanyMismatch, Forbidden, CompanyNotFound, BranchNotFound, PriceListNotFound, DuplicateEmail)
    }).middleware(OptionalUserAuthentication).annotateMerge(access.optionalUser())
      .annotate(
        OpenApi.Description,
        "Access: public; an admin token unlocks every role. Self-registration creates a `client` (another role is 403). A client user gets its client record and notifies its advisor and the administrator."
      ),
    HttpApiEndpoint.put("update", "/:id", {
      params: UserIdParams,
      payload: UserPatch,
      success: Schema.Struct({ id: UserId }),
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

