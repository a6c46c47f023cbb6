/**
 * Pages of ERP lists. Product pages carry a serializable cursor so a time-budgeted
 * sync can stop after any page, store `next`, and resume there on its next run.
 */
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"
import { ErpProduct } from "./erp-product.ts"

/** One page of a Siigo list. */
export interface ErpPage<A> {
  readonly items: ReadonlyArray<A>
  readonly page: number
  readonly pageSize: number
  /** `pagination.total_results`. */
  readonly total: number
  readonly hasNext: boolean
}

/** Siigo caps pages at 100 items; below 10 it raises the size to 10. */
export const erpMaxPageSize = 100

export const ErpProductCursor = Schema.Struct({
  page: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  pageSize: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: erpMaxPageSize })),
  /** Siigo's `updated_start` filter: only products changed since (incremental sync). */
  updatedSince: Schema.NullOr(Schema.DateTimeUtcFromString)
})
export type ErpProductCursor = typeof ErpProductCursor.Type

/** The cursor of a listing's first page. */
export const firstProductPage = (options?: {
  readonly pageSize?: number
  readonly updatedSince?: DateTime.Utc
}): ErpProductCursor => ({
  page: 1,
  pageSize: options?.pageSize ?? erpMaxPageSize,
  updatedSince: options?.updatedSince ?? null
})

/** A product that Siigo returned but that did not decode (counted as a sync error). */
export const ErpInvalidRecord = Schema.Struct({
  id: Schema.NullOr(Schema.String),
  code: Schema.NullOr(Schema.String),
  message: Schema.String
})
export type ErpInvalidRecord = typeof ErpInvalidRecord.Type

export const ErpProductPage = Schema.Struct({
  items: Schema.Array(ErpProduct),
  invalid: Schema.Array(ErpInvalidRecord),
  /** The cursor that fetched this page. */
  cursor: ErpProductCursor,
  total: Schema.Int,
  /** Taken from Siigo's `_links.next`; null on the last page. */
  next: Schema.NullOr(ErpProductCursor)
})
export type ErpProductPage = typeof ErpProductPage.Type
