/**
 * Promotions (CONTRACT.md "Catalog, price lists, promotions"): admins manage them,
 * advisors read them. The period is [startsAt, endsAt); `endsAt` null means no end.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { PromotionId } from "@quote/core/shared/ids"
import { NewPromotion, Promotion, PromotionPatch } from "@quote/core/catalog/promotion-views"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { ProductNotFound } from "@quote/core/catalog/errors"
import { ClientNotFound } from "@quote/core/clients/errors"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/shared/errors"

const idParams = { id: PromotionId }

const writeErrors = errorEnvelopes(ValidationError, ProductNotFound, ClientNotFound)

export class PromotionsApi extends HttpApiGroup.make("promotions")
  .add(
    HttpApiEndpoint.get("list", "/", {
      success: Schema.Struct({ items: Schema.Array(Promotion) })
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.get("get", "/:id", {
      params: idParams,
      success: Promotion,
      error: errorEnvelopes(NotFound, ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.post("create", "/", {
      payload: NewPromotion,
      success: Promotion.pipe(HttpApiSchema.status(201)),
      error: writeErrors
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.put("update", "/:id", {
      params: idParams,
      payload: PromotionPatch,
      success: Promotion,
      error: [errorEnvelope(NotFound), errorEnvelope(EmptyPatch), ...writeErrors]
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Any subset of the fields; the complete result is validated. Switching to specific needs clientIds in the same request; switching to general drops the clients."),
    HttpApiEndpoint.delete("remove", "/:id", {
      params: idParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelopes(NotFound, ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
  )
  .prefix("/api/promotions")
  .annotate(OpenApi.Title, "Promotions")
{}
