/**
 * The fields every domain error class is built from. The wire form of any error is
 * `{error: {code, message, details?}}` (docs/errors.md): `message` is for people,
 * `details` is typed per class and present only when there is extra data.
 */
import * as Schema from "effect/Schema"

/** An error that carries no data besides its message. */
export const messageOnly = { message: Schema.String }

/** An error whose optional `details` has exactly these fields. */
export const withDetails = <const Details extends Schema.Struct.Fields>(details: Details) => ({
  message: Schema.String,
  details: Schema.optional(Schema.Struct(details))
})

/** An optional list of ids or SKUs in `details`. */
export const optionalStrings = Schema.optional(Schema.Array(Schema.String))
