/**
 * Field schemas the resources share: one declaration validates a request field,
 * documents it in OpenAPI and types it in the service.
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"

/** Text with at least one non-blank character (names, tax ids). */
export const NonBlankString = Schema.String.check(
  Schema.isPattern(/\S/, { expected: "a non-blank string" }),
  Schema.isMaxLength(500)
)

export const OptionalText = Schema.String.check(Schema.isMaxLength(2000))

export const EmailAddress = Schema.String.check(
  Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { expected: "an e-mail address" }),
  Schema.isMaxLength(320)
)

const isoInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

/** An ISO 8601 instant with its offset (`2026-01-01T00:00:00-05:00`, `…Z`), decoded to a `Date`. */
export const IsoInstant = Schema.String.check(
  Schema.isPattern(isoInstantPattern, { expected: "an ISO 8601 date-time with offset, e.g. 2026-01-01T00:00:00-05:00" })
).pipe(Schema.decodeTo(Schema.Date, SchemaTransformation.dateFromString))

const IsoString = Schema.String.annotate({
  description: "ISO 8601 instant",
  format: "date-time",
  expected: "a string that will be decoded as a Date"
})

/**
 * A stored instant: holds the driver's `Date`, written as `toISOString()`. Its JSON form
 * is documented as a `date-time` string, as the answers always were.
 */
export const Timestamp = Schema.Date.annotate({
  toCodecJson: () => Schema.link<Date>()(IsoString, SchemaTransformation.dateFromString)
})
