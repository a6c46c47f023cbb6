/**
 * Quotations in the ERP (Siigo `/v1/quotations`). Siigo has no idempotency key for
 * quotations and a 500 or a time-out may still have created one, so `ErpQuotationQuery`
 * exists to look before re-sending (see `create-quotation-once.ts`).
 */
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"

/** A quotation document type (`GET /v1/document-types?type=C`). */
export const ErpQuotationDocumentType = Schema.Struct({
  id: Schema.Int,
  code: Schema.NullOr(Schema.String),
  name: Schema.String,
  active: Schema.Boolean,
  costCenterMandatory: Schema.Boolean,
  automaticNumber: Schema.Boolean,
  consecutive: Schema.NullOr(Schema.Number),
  discountType: Schema.NullOr(Schema.String),
  decimals: Schema.Boolean
})
export type ErpQuotationDocumentType = typeof ErpQuotationDocumentType.Type

export const ErpDate = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))

export const ErpQuotationItemInput = Schema.Struct({
  /** Product code (SKU); must exist and be active in Siigo. */
  code: Schema.String,
  description: Schema.optionalKey(Schema.String),
  quantity: Schema.Number.check(Schema.isGreaterThan(0)),
  /** Unit price before taxes. */
  price: Schema.Number,
  /** Discount value for the line. */
  discount: Schema.optionalKey(Schema.Number),
  /** Siigo does not add taxes by itself: send the tax ids. */
  taxes: Schema.optionalKey(Schema.Array(Schema.Int))
})
export type ErpQuotationItemInput = typeof ErpQuotationItemInput.Type

export const ErpQuotationRequest = Schema.Struct({
  /** The quotation document type id. */
  documentId: Schema.Int,
  /** `yyyy-MM-dd`. */
  date: ErpDate,
  customer: Schema.Struct({
    identification: Schema.String,
    /** Defaults to 0 in Siigo. */
    branchOffice: Schema.optionalKey(Schema.Int)
  }),
  /** ERP user id (`ErpSeller.id`). */
  seller: Schema.Int,
  costCenter: Schema.optionalKey(Schema.Int),
  currency: Schema.optionalKey(Schema.Struct({ code: Schema.String, exchangeRate: Schema.Number })),
  observations: Schema.optionalKey(Schema.String),
  items: Schema.NonEmptyArray(ErpQuotationItemInput)
})
export type ErpQuotationRequest = typeof ErpQuotationRequest.Type

export const ErpQuotationLine = Schema.Struct({
  id: Schema.NullOr(Schema.String),
  code: Schema.String,
  description: Schema.NullOr(Schema.String),
  quantity: Schema.Number,
  price: Schema.Number,
  discount: Schema.Number,
  total: Schema.Number
})
export type ErpQuotationLine = typeof ErpQuotationLine.Type

export const ErpQuotation = Schema.Struct({
  /** Siigo's uuid (`erpQuoteId`). */
  id: Schema.String,
  documentId: Schema.NullOr(Schema.Int),
  number: Schema.NullOr(Schema.Number),
  /** e.g. `C-1-22`. */
  name: Schema.NullOr(Schema.String),
  date: Schema.NullOr(Schema.String),
  customer: Schema.NullOr(Schema.Struct({
    id: Schema.NullOr(Schema.String),
    identification: Schema.String,
    branchOffice: Schema.Int
  })),
  seller: Schema.NullOr(Schema.Int),
  total: Schema.Number,
  observations: Schema.NullOr(Schema.String),
  items: Schema.Array(ErpQuotationLine),
  /** The document link (`erpUrl`); null when Siigo gives none. */
  publicUrl: Schema.NullOr(Schema.String),
  createdAt: Schema.NullOr(Schema.DateTimeUtcFromString),
  /** Siigo's JSON as received (for `refresh-url`'s `raw`). */
  raw: Schema.Unknown
})
export type ErpQuotation = typeof ErpQuotation.Type

/** `findQuotations`: Siigo's list filters `customer_identification`, `created_start`, `name`. */
export interface ErpQuotationQuery {
  readonly customerIdentification: string
  readonly createdStart: DateTime.Utc
  readonly name?: string
}
