/** Errors of clients and their phones (spec "Clients", "Phone normalization", "Errors"). */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

/** The same number twice for one client (spec `409 DUPLICATE_PHONE`); other clients may share it. */
export class DuplicatePhone extends Schema.TaggedError<DuplicatePhone>()("DuplicatePhone", errorFields) {
  static readonly code = "DUPLICATE_PHONE"
}

export { PriceListNotFound } from "./resource-errors.ts"
