/**
 * Price lists (CONTRACT.md "Catalog, price lists, promotions"): admins manage them,
 * advisors read them. Exactly one active list is the default ("general") list.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Uuid } from "./catalog.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { DefaultPriceListRequired, ProductNotFound } from "@quote/core/errors/catalog"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/errors/common"

/** A non-blank name (stored trimmed). */
export const NonBlankName = Schema.String.check(
  Schema.isPattern(/\S/, { expected: "a non-blank name" }),
  Schema.isMaxLength(200)
)

/** Money: whole COP, ≥ 0. */
export const Cop = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(Number.MAX_SAFE_INTEGER))
  .annotate({ description: "Whole COP, ≥ 0" })

const PriceListItemJson = Schema.Struct({ productId: Uuid, price: Cop })

const PriceListItems = Schema.Array(PriceListItemJson).annotate({
  description: "The list's prices; a product appears at most once. On update, replaces the whole set"
})

export const PriceListJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  active: Schema.Boolean,
  isDefault: Schema.Boolean.annotate({ description: "Whether this is the general list every client falls back to" }),
  items: Schema.Array(Schema.Struct({ productId: Schema.String, price: Schema.Int }))
}).annotate({ identifier: "PriceList" })

const idParams = { id: Uuid }

const writeErrors = errorEnvelopes(ValidationError, ProductNotFound, DefaultPriceListRequired)

export class PriceListsApi extends HttpApiGroup.make("priceLists")
  .add(
    HttpApiEndpoint.get("list", "/", {
      success: Schema.Struct({ items: Schema.Array(PriceListJson) })
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.get("get", "/:id", {
      params: idParams,
      success: PriceListJson,
      error: errorEnvelopes(NotFound, ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.post("create", "/", {
      payload: Schema.Struct({
        name: NonBlankName,
        active: Schema.optionalKey(Schema.Boolean),
        isDefault: Schema.optionalKey(Schema.Boolean.annotate({
          description: "true makes it the general list (the previous one stops being it). The first list is always the general one"
        })),
        items: Schema.optionalKey(PriceListItems)
      }),
      success: PriceListJson.pipe(HttpApiSchema.status(201)),
      error: writeErrors
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.put("update", "/:id", {
      params: idParams,
      payload: Schema.Struct({
        name: Schema.optionalKey(NonBlankName),
        active: Schema.optionalKey(Schema.Boolean),
        isDefault: Schema.optionalKey(Schema.Boolean),
        items: Schema.optionalKey(PriceListItems)
      }),
      success: PriceListJson,
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
