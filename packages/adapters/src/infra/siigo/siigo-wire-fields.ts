/**
 * Field shapes for Siigo's JSON. Siigo's documentation does not fix the shape of many
 * fields (numbers arrive as strings, `discount` as a number or an object, codes as
 * numbers or strings), so a wire schema states, field by field, how much it trusts:
 *
 * - `opt(S)`: a field the service reads. Absent or `null` is fine; any other shape than
 *   `S` fails the record (better than acting on a misread value).
 * - `tolerated(S)`: a field the service does not rely on. An unexpected shape decodes as
 *   `null` instead of failing the record.
 * - Fields not named in a schema are ignored (Effect's default `onExcessProperty`).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"

/** Absent, `undefined` or `null`; any other shape than `schema` fails. */
export const opt = <S extends Schema.Top>(schema: S) => Schema.optional(Schema.NullOr(schema))

/** Absent, `null` or of an unexpected shape → `null`: never fails the record. */
export const tolerated = <S extends Schema.Top>(schema: S) =>
  Schema.optional(Schema.NullOr(schema).pipe(Schema.catchDecoding(() => Effect.succeed(Option.some(null)))))

/** A decimal written as text, as Siigo sends some amounts (`"12.50"`); blank text is not a number. */
const numericText = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/

/** A finite number, or one written as text. */
export const SiigoNumber = Schema.Union([
  Schema.Finite,
  Schema.String.check(Schema.isPattern(numericText)).pipe(
    Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString)
  )
])

/** An integer (ids, positions, branch offices), or one written as text. */
export const SiigoInt = SiigoNumber.check(Schema.isInt())

/** Codes and identifications: Siigo sends them as numbers in places and strings in others. */
export const StringOrNumber = Schema.Union([Schema.String, Schema.Number])

/**
 * A line discount: a number (its value) or an object `{percentage, value}` / `{value}` /
 * `{percentage}`; the docs do not fix it (siigo-api.md §5).
 */
export const SiigoDiscount = Schema.Union([
  SiigoNumber,
  Schema.Struct({ value: tolerated(SiigoNumber), percentage: tolerated(SiigoNumber) })
])
export type SiigoDiscount = typeof SiigoDiscount.Type
