/**
 * Every entity id is a UUID with a brand of its own (issue #12, part 3), so passing a
 * branch id where a client id is expected no longer type-checks. The same schema
 * validates a path parameter (400 `VALIDATION_ERROR` "must be a UUID"), documents it in
 * OpenAPI, and types the service argument and the view field.
 *
 * Values read from the database are trusted ids: `ClientId.make(...)`-style constructors
 * are not needed there, rows decode through the view schemas that use these.
 */
import * as Schema from "effect/Schema"

export const Uuid = Schema.String.check(Schema.isUUID(undefined, { message: "must be a UUID" }))
  .annotate({ description: "A UUID" })

export const ApiKeyId = Uuid.pipe(Schema.brand("ApiKeyId"))
export type ApiKeyId = typeof ApiKeyId.Type
export const BranchId = Uuid.pipe(Schema.brand("BranchId"))
export type BranchId = typeof BranchId.Type
export const CategoryId = Uuid.pipe(Schema.brand("CategoryId"))
export type CategoryId = typeof CategoryId.Type
export const ClientId = Uuid.pipe(Schema.brand("ClientId"))
export type ClientId = typeof ClientId.Type
export const ClientPhoneId = Uuid.pipe(Schema.brand("ClientPhoneId"))
export type ClientPhoneId = typeof ClientPhoneId.Type
export const CommentId = Uuid.pipe(Schema.brand("CommentId"))
export type CommentId = typeof CommentId.Type
export const CompanyId = Uuid.pipe(Schema.brand("CompanyId"))
export type CompanyId = typeof CompanyId.Type
export const DeliveryId = Uuid.pipe(Schema.brand("DeliveryId"))
export type DeliveryId = typeof DeliveryId.Type
export const EventId = Uuid.pipe(Schema.brand("EventId"))
export type EventId = typeof EventId.Type
export const PriceListId = Uuid.pipe(Schema.brand("PriceListId"))
export type PriceListId = typeof PriceListId.Type
export const ProductId = Uuid.pipe(Schema.brand("ProductId"))
export type ProductId = typeof ProductId.Type
export const PromotionId = Uuid.pipe(Schema.brand("PromotionId"))
export type PromotionId = typeof PromotionId.Type
export const QuotationId = Uuid.pipe(Schema.brand("QuotationId"))
export type QuotationId = typeof QuotationId.Type
export const RouteId = Uuid.pipe(Schema.brand("RouteId"))
export type RouteId = typeof RouteId.Type
export const SyncRunId = Uuid.pipe(Schema.brand("SyncRunId"))
export type SyncRunId = typeof SyncRunId.Type
export const UserId = Uuid.pipe(Schema.brand("UserId"))
export type UserId = typeof UserId.Type
export const WebhookEndpointId = Uuid.pipe(Schema.brand("WebhookEndpointId"))
export type WebhookEndpointId = typeof WebhookEndpointId.Type
