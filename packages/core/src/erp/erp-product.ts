/**
 * A product as the ERP (Siigo `GET /v1/products`) describes it, in the service's
 * naming. Siigo may omit `prices`, `taxes` and most other fields: they decode to empty
 * lists or `null` at the adapter boundary, so consumers never see `undefined`.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

export const ErpProductTax = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  /** e.g. `IVA`, `Retefuente`. */
  type: Schema.NullOr(Schema.String),
  percentage: Schema.Number
})
export type ErpProductTax = typeof ErpProductTax.Type

export const ErpPriceListEntry = Schema.Struct({
  /** Siigo price list position, 1–12. */
  position: Schema.Int,
  name: Schema.NullOr(Schema.String),
  value: Schema.Number
})
export type ErpPriceListEntry = typeof ErpPriceListEntry.Type

export const ErpProductPrice = Schema.Struct({
  currencyCode: Schema.String,
  priceList: Schema.Array(ErpPriceListEntry)
})
export type ErpProductPrice = typeof ErpProductPrice.Type

export const ErpWarehouseStock = Schema.Struct({
  id: Schema.Int,
  name: Schema.NullOr(Schema.String),
  quantity: Schema.Number
})
export type ErpWarehouseStock = typeof ErpWarehouseStock.Type

export const ErpProduct = Schema.Struct({
  /** Siigo's uuid: the product's ERP id. */
  id: Schema.String,
  /** The SKU (`^[^'\s]+$`, ≤ 30). */
  code: Schema.String,
  name: Schema.String,
  /** `Product`, `Service`, `ConsumerGood`, `Combo` (kept open: Siigo may add more). */
  type: Schema.String,
  active: Schema.Boolean,
  /** False when Siigo does not track inventory: `availableQuantity` then means nothing. */
  stockControl: Schema.Boolean,
  availableQuantity: Schema.Number,
  /** `Taxed`, `Exempt`, `Excluded`. */
  taxClassification: Schema.NullOr(Schema.String),
  taxIncluded: Schema.Boolean,
  taxes: Schema.Array(ErpProductTax),
  prices: Schema.Array(ErpProductPrice),
  unit: Schema.NullOr(Schema.Struct({ code: Schema.String, name: Schema.NullOr(Schema.String) })),
  unitLabel: Schema.NullOr(Schema.String),
  reference: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  accountGroup: Schema.NullOr(Schema.Struct({ id: Schema.Int, name: Schema.NullOr(Schema.String) })),
  barcode: Schema.NullOr(Schema.String),
  brand: Schema.NullOr(Schema.String),
  warehouses: Schema.Array(ErpWarehouseStock),
  createdAt: Schema.NullOr(Schema.DateTimeUtcFromString),
  /** Null until the product is first changed; moves on stock changes too. */
  updatedAt: Schema.NullOr(Schema.DateTimeUtcFromString)
})
export type ErpProduct = typeof ErpProduct.Type

/** The price of a product in a price list position (1–12), if Siigo has one. */
export const erpProductPrice = (
  product: ErpProduct,
  position: number,
  currencyCode = "COP"
): Option.Option<number> =>
  Option.fromUndefinedOr(
    product.prices
      .find((price) => price.currencyCode === currencyCode)
      ?.priceList.find((entry) => entry.position === position)
      ?.value
  )
