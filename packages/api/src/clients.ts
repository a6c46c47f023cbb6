/** `/api/clients`, admin only (spec "Clients", the Client resource, "Phone normalization"). */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { CreatedId, EmailAddress, IdResponse, NonBlankString, OptionalText, Uuid } from "./companies.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { PriceListNotFound } from "@quote/core/errors/catalog"
import { InvalidPhone, DuplicatePhone } from "@quote/core/errors/clients"
import { EmptyPatch, NotFound } from "@quote/core/errors/common"
import { BranchNotFound, DuplicateNit } from "@quote/core/errors/companies"

export const ClientPhoneJson = Schema.Struct({
  id: Schema.String,
  phone: Schema.String.annotate({ description: "E.164" }),
  label: Schema.String,
  isMessaging: Schema.Boolean
}).annotate({ identifier: "ClientPhone" })

export const ClientJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  createdAt: Schema.String,
  userId: Schema.NullOr(Schema.String),
  userEmail: Schema.NullOr(Schema.String),
  hasLogin: Schema.Boolean,
  companyId: Schema.NullOr(Schema.String).annotate({ description: "null only when the company was deleted" }),
  companyName: Schema.String,
  branchId: Schema.NullOr(Schema.String).annotate({ description: "null only when the branch was deleted" }),
  branchName: Schema.String,
  priceListId: Schema.NullOr(Schema.String).annotate({ description: "null means the general list" }),
  priceListName: Schema.NullOr(Schema.String),
  routeName: Schema.String.annotate({ description: "Of the client's branch" }),
  advisorName: Schema.String.annotate({ description: "Of the client's branch" }),
  phones: Schema.Array(ClientPhoneJson)
}).annotate({ identifier: "Client" })

/** Any text; normalization decides (400 INVALID_PHONE). */
const PhoneBody = Schema.Struct({
  phone: Schema.String.check(Schema.isMaxLength(40)),
  label: Schema.optionalKey(Schema.NullOr(OptionalText))
})

const NewClientBody = Schema.Struct({
  name: NonBlankString,
  companyId: Uuid,
  branchId: Uuid,
  email: Schema.optionalKey(Schema.NullOr(EmailAddress)),
  nit: Schema.optionalKey(Schema.NullOr(NonBlankString)),
  priceListId: Schema.optionalKey(Schema.NullOr(Uuid)),
  active: Schema.optionalKey(Schema.Boolean),
  phones: Schema.optionalKey(Schema.Array(PhoneBody).check(Schema.isMaxLength(50)))
})

const ClientPatchBody = Schema.Struct({
  name: Schema.optionalKey(NonBlankString),
  email: Schema.optionalKey(Schema.NullOr(EmailAddress)),
  nit: Schema.optionalKey(NonBlankString),
  priceListId: Schema.optionalKey(Schema.NullOr(Uuid)),
  companyId: Schema.optionalKey(Uuid),
  branchId: Schema.optionalKey(Uuid),
  active: Schema.optionalKey(Schema.Boolean)
})

const ClientParams = { id: Uuid }

export class ClientsApi extends HttpApiGroup.make("clients")
  .add(
    HttpApiEndpoint.get("list", "/", { success: Schema.Struct({ items: Schema.Array(ClientJson) }) })
      .middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Every client, with and without login, ordered by name."),
    HttpApiEndpoint.get("get", "/:id", { params: ClientParams, success: ClientJson, error: errorEnvelope(NotFound) })
      .middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("create", "/", {
      payload: NewClientBody,
      success: CreatedId,
      error: errorEnvelopes(InvalidPhone, BranchNotFound, PriceListNotFound, DuplicateNit, DuplicatePhone)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Creates a client without login. nit defaults to the company's when free, else a NIT- placeholder; phones are normalized to E.164."
      ),
    HttpApiEndpoint.put("update", "/:id", {
      params: ClientParams,
      payload: ClientPatchBody,
      success: IdResponse,
      error: errorEnvelopes(EmptyPatch, NotFound, BranchNotFound, PriceListNotFound, DuplicateNit)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Any subset of the fields. A company or branch change is validated as a pair and moves the client's login user too."
      ),
    HttpApiEndpoint.post("addPhone", "/:id/phones", {
      params: ClientParams,
      payload: PhoneBody,
      success: ClientPhoneJson.pipe(HttpApiSchema.status(201)),
      error: errorEnvelopes(InvalidPhone, NotFound, DuplicatePhone)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.delete("removePhone", "/:id/phones/:phoneId", {
      params: { id: Uuid, phoneId: Uuid },
      success: HttpApiSchema.NoContent,
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
  )
  .prefix("/api/clients")
  .annotate(OpenApi.Title, "Clients")
{}

