/** Errors of clients and their phones (spec "Clients", "Phone normalization", "Errors"). */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

/** The same number twice for one client (spec `409 DUPLICATE_PHONE`); other clients may share it. */
export class DuplicatePhone extends Schema.TaggedError<DuplicatePhone>()("DuplicatePhone", errorFields) {
  static readonly code = "DUPLICATE_PHONE"
}

/** A `priceListId` that names no price list, or an inactive one (spec `404 PRICE_LIST_NOT_FOUND`). */
export class PriceListNotFound extends Schema.TaggedError<PriceListNotFound>()("PriceListNotFound", errorFields) {
  static readonly code = "PRICE_LIST_NOT_FOUND"
}
