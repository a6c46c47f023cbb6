/**
 * The spec's Promotion resource (CONTRACT.md "Catalog, price lists, promotions"): a
 * promotion price for one product in the period [startsAt, endsAt) (`endsAt` null: no
 * end), for every client (`general`) or for listed clients (`specific`). Declared once:
 * the service's types, the endpoints' schemas and the decoder of the rows it reads.
 */
import * as Schema from "effect/Schema"
import { ClientId, ProductId, PromotionId } from "../shared/ids.ts"
import { IsoInstant, Timestamp } from "../shared/fields.ts"
import { Cop, NonBlankName } from "./price-list-views.ts"

export const PromotionKind = Schema.Literals(["general", "specific"])

export const Promotion = Schema.Struct({
  id: PromotionId,
  name: Schema.String,
  kind: PromotionKind,
  productId: ProductId,
  price: Schema.Int,
  startsAt: Timestamp,
  endsAt: Schema.NullOr(Timestamp),
  active: Schema.Boolean,
  clientIds: Schema.Array(ClientId).annotate({ description: "The clients of a specific promotion; [] for general" })
}).annotate({ identifier: "Promotion" })
export type Promotion = typeof Promotion.Type

const ClientIds = Schema.Array(ClientId).annotate({
  description: "Clients of a specific promotion (required for it, not allowed for general)"
})

export const NewPromotion = Schema.Struct({
  name: NonBlankName,
  kind: PromotionKind,
  productId: ProductId,
  price: Cop,
  startsAt: Schema.optionalKey(IsoInstant.annotate({ description: "Default: now" })),
  endsAt: Schema.optionalKey(Schema.NullOr(IsoInstant)),
  active: Schema.optionalKey(Schema.Boolean),
  clientIds: Schema.optionalKey(ClientIds)
})
export type NewPromotion = typeof NewPromotion.Type

/** Any subset of the fields; the complete result is validated. */
export const PromotionPatch = Schema.Struct({
  name: Schema.optionalKey(NonBlankName),
  kind: Schema.optionalKey(PromotionKind),
  productId: Schema.optionalKey(ProductId),
  price: Schema.optionalKey(Cop),
  startsAt: Schema.optionalKey(IsoInstant),
  endsAt: Schema.optionalKey(Schema.NullOr(IsoInstant)),
  active: Schema.optionalKey(Schema.Boolean),
  clientIds: Schema.optionalKey(ClientIds)
})
export type PromotionPatch = typeof PromotionPatch.Type
