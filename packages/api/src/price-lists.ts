/**
 * Price lists (CONTRACT.md "Catalog, price lists, promotions"): admins manage them,
 * advisors read them. Exactly one active list is the default ("general") list.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { PriceListId } from "@quote/core/shared/ids"
import { NewPriceList, PriceList, PriceListPatch } from "@quote/core/catalog/price-list-views"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { DefaultPriceListRequired, ProductNotFound } from "@quote/core/catalog/errors"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/shared/errors"

const idParams = { id: PriceListId }

const writeErrors = errorEnvelopes(ValidationError, ProductNotFound, DefaultPriceListRequired)

export class PriceListsApi extends HttpApiGroup.make("priceLists")
  .add(
    HttpApiEndpoint.get("list", "/", {
      success: Schema.Struct({ items: Schema.Array(PriceList) })
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.get("get", "/:id", {
      params: idParams,
      success: PriceList,
      error: errorEnvelopes(NotFound, ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.post("create", "/", {
      payload: NewPriceList,
      success: PriceList.pipe(HttpApiSchema.status(201)),
      error: writeErrors
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.put("update", "/:id", {
      params: idParams,
      payload: PriceListPatch,
      success: PriceList,
      error: [errorEnvelope(NotFound), errorEnvelope(EmptyPatch), ...writeErrors]
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.delete("remove", "/:id", {
      params: idParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelopes(NotFound, DefaultPriceListRequired, ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
  )
  .prefix("/api/price-lists")
  .annotate(OpenApi.Title, "Price lists")
{}
