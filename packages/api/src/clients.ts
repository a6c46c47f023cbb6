/** `/api/clients`, admin only (spec "Clients", the Client resource, "Phone normalization"). */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { CreatedId, IdResponse } from "./companies.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { PriceListNotFound } from "@quote/core/catalog/errors"
import { InvalidPhone, DuplicatePhone } from "@quote/core/clients/errors"
import { EmptyPatch, NotFound } from "@quote/core/shared/errors"
import { BranchNotFound, DuplicateNit } from "@quote/core/companies/errors"
import { ClientId, ClientPhoneId } from "@quote/core/shared/ids"
import { Client, ClientPatch, ClientPhone, NewClient, PhoneInput } from "@quote/core/clients/views"

const ClientParams = { id: ClientId }

export class ClientsApi extends HttpApiGroup.make("clients")
  .add(
    HttpApiEndpoint.get("list", "/", { success: Schema.Struct({ items: Schema.Array(Client) }) })
      .middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Every client, with and without login, ordered by name."),
    HttpApiEndpoint.get("get", "/:id", { params: ClientParams, success: Client, error: errorEnvelope(NotFound) })
      .middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("create", "/", {
      payload: NewClient,
      success: CreatedId,
      error: errorEnvelopes(InvalidPhone, BranchNotFound, PriceListNotFound, DuplicateNit, DuplicatePhone)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Creates a client without login. nit defaults to the company's when free, else a NIT- placeholder; phones are normalized to E.164."
      ),
    HttpApiEndpoint.put("update", "/:id", {
      params: ClientParams,
      payload: ClientPatch,
      success: IdResponse,
      error: errorEnvelopes(EmptyPatch, NotFound, BranchNotFound, PriceListNotFound, DuplicateNit)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(
        OpenApi.Description,
        "Access: roles admin. Any subset of the fields. A company or branch change is validated as a pair and moves the client's login user too."
      ),
    HttpApiEndpoint.post("addPhone", "/:id/phones", {
      params: ClientParams,
      payload: PhoneInput,
      success: ClientPhone.pipe(HttpApiSchema.status(201)),
      error: errorEnvelopes(InvalidPhone, NotFound, DuplicatePhone)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.delete("removePhone", "/:id/phones/:phoneId", {
      params: { id: ClientId, phoneId: ClientPhoneId },
      success: HttpApiSchema.NoContent,
      error: errorEnvelope(NotFound)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
  )
  .prefix("/api/clients")
  .annotate(OpenApi.Title, "Clients")
{}

