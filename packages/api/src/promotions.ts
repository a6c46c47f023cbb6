/**
 * Promotions (CONTRACT.md "Catalog, price lists, promotions"): admins manage them,
 * advisors read them. The period is [startsAt, endsAt); `endsAt` null means no end.
 */
import { Schema, SchemaTransformation } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Uuid } from "./catalog.ts"
import { Cop, NonBlankName } from "./price-lists.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { ProductNotFound } from "@quote/core/errors/catalog"
import { ClientNotFound } from "@quote/core/errors/clients"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/errors/common"

const isoInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

/** An ISO 8601 instant with its offset (`2026-01-01T00:00:00-05:00`, `…Z`), decoded to a `Date`. */
export const IsoInstant = Schema.String.check(
  Schema.isPattern(isoInstantPattern, { expected: "an ISO 8601 date-time with offset, e.g. 2026-01-01T00:00:00-05:00" })
).pipe(Schema.decodeTo(Schema.Date, SchemaTransformation.dateFromString))

const PromotionKind = Schema.Literals(["general", "specific"])

const ClientIds = Schema.Array(Uuid).annotate({ description: "Clients of a specific promotion (required for it, not allowed for general)" })

export const PromotionJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  kind: PromotionKind,
  productId: Schema.String,
  price: Schema.Int,
  startsAt: Schema.Date,
  endsAt: Schema.NullOr(Schema.Date),
  active: Schema.Boolean,
  clientIds: Schema.Array(Schema.String).annotate({ description: "The clients of a specific promotion; [] for general" })
}).annotate({ identifier: "Promotion" })

const idParams = { id: Uuid }

const writeErrors = errorEnvelopes(ValidationError, ProductNotFound, ClientNotFound)

export class PromotionsApi extends HttpApiGroup.make("promotions")
  .add(
    HttpApiEndpoint.get("list", "/", {
      success: Schema.Struct({ items: Schema.Array(PromotionJson) })
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.get("get", "/:id", {
      params: idParams,
      success: PromotionJson,
      error: errorEnvelopes(NotFound, ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin", "advisor")),
    HttpApiEndpoint.post("create", "/", {
      payload: Schema.Struct({
        name: NonBlankName,
        kind: PromotionKind,
        productId: Uuid,
        price: Cop,
        startsAt: Schema.optionalKey(IsoInstant.annotate({ description: "Default: now" })),
        endsAt: Schema.optionalKey(Schema.NullOr(IsoInstant)),
        active: Schema.optionalKey(Schema.Boolean),
        clientIds: Schema.optionalKey(ClientIds)
      }),
      success: PromotionJson.pipe(HttpApiSchema.status(201)),
      error: writeErrors
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.put("update", "/:id", {
      params: idParams,
      payload: Schema.Struct({
        name: Schema.optionalKey(NonBlankName),
        kind: Schema.optionalKey(PromotionKind),
        productId: Schema.optionalKey(Uuid),
        price: Schema.optionalKey(Cop),
        startsAt: Schema.optionalKey(IsoInstant),
        endsAt: Schema.optionalKey(Schema.NullOr(IsoInstant)),
        active: Schema.optionalKey(Schema.Boolean),
        clientIds: Schema.optionalKey(ClientIds)
      }),
      success: PromotionJson,
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
