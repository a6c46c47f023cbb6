/**
 * Domain errors. Each class carries the spec's uppercase error code as a static
 * `code`, so the HTTP layer can render `{error: {code, message, details}}` without a
 * lookup table, and the CLI can print the same code.
 */
import { Schema } from "effect"

/** Extra data an error carries (e.g. `nextOpenDate`, `skus`). */
export const ErrorDetails = Schema.Record(Schema.String, Schema.Unknown)
export type ErrorDetails = typeof ErrorDetails.Type

/** Fields shared by every domain error. */
export const errorFields = {
  message: Schema.String,
  details: Schema.optional(ErrorDetails)
}

export class InvalidSchedule extends Schema.TaggedError<InvalidSchedule>()("InvalidSchedule", errorFields) {
  static readonly code = "INVALID_SCHEDULE"
}

export class InvalidPhone extends Schema.TaggedError<InvalidPhone>()("InvalidPhone", errorFields) {
  static readonly code = "INVALID_PHONE"
}
