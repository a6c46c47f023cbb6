/**
 * How Postgres values cross into JavaScript, identically on both drivers.
 *
 * `@effect/sql-pg` decodes the binary wire format and PGlite parses the text
 * format, and their defaults disagree (int8 is a `bigint` on one and a
 * `number` on the other, `date` a string on one and a `Date` on the other...).
 * This module fixes one behaviour and configures both drivers to it:
 *
 * | Postgres type                    | JavaScript                                   |
 * |----------------------------------|----------------------------------------------|
 * | int2, int4, oid, float8          | `number`                                     |
 * | int8 (bigint, count(*))          | `number`; a value beyond ±2^53 fails loudly  |
 * | numeric                          | `number` (a double: keep money in whole COP) |
 * | bool                             | `boolean`                                    |
 * | text, varchar, char, uuid, enum  | `string`                                     |
 * | date                             | `"YYYY-MM-DD"` string                        |
 * | time                             | `"HH:MM:SS[.ffffff]"` string                 |
 * | timestamptz                      | `Date` (milliseconds, truncated)             |
 * | timestamp                        | `Date` whose UTC fields are the wall clock   |
 * | json, jsonb                      | parsed value                                 |
 * | bytea                            | `Uint8Array`                                 |
 * | arrays of the above              | arrays of the above                          |
 *
 * Parameters are typed from their JavaScript value the way `@effect/sql-pg`
 * does (integer → int4/int8, other number → float8, boolean → bool, bigint →
 * int8, Date → timestamptz, Uint8Array → bytea, arrays → arrays of those);
 * strings and nulls are left for Postgres to infer from the statement. Objects
 * must go through {@link jsonb} (or be `JSON.stringify`-ed).
 *
 * Not normalized (avoid in result columns, or cast): `interval` (select
 * `extract(epoch from x)` or `x::text`), `real`/float4, `timetz`, `inet`,
 * `money`.
 */
import * as PgTypes from "@effect/sql-pg/PgTypes"
import * as Result from "effect/Result"
import * as Statement from "effect/sql/Statement"

export const Oid = PgTypes.OID

/**
 * A JSON value as a statement parameter: `sql\`... ${jsonb(value)}\`` or a
 * field of `sql.insert({...})` / `sql.update({...})`. Works on both drivers.
 */
export const jsonb = (value: unknown): Statement.Fragment => Statement.fragment([Statement.parameter(PgTypes.jsonb(value))])

/** Like {@link jsonb}, for `json` columns. */
export const json = (value: unknown): Statement.Fragment => Statement.fragment([Statement.parameter(PgTypes.json(value))])

// ---------------------------------------------------------------------------
// Shared conversions

const PG_EPOCH_MS = 946_684_800_000

const int8ToNumber = (value: bigint): number => {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`int8 value ${value} does not fit a JavaScript number; cast it to text`)
  }
  return Number(value)
}

const pad = (n: number, width: number): string => String(n).padStart(width, "0")

/** Postgres' text form of a `time`: fractional seconds without trailing zeros. */
export const formatTimeMicros = (micros: bigint): string => {
  const total = Number(micros)
  const seconds = Math.floor(total / 1_000_000)
  const fraction = total % 1_000_000
  const text = `${pad(Math.floor(seconds / 3600), 2)}:${pad(Math.floor(seconds / 60) % 60, 2)}:${pad(seconds % 60, 2)}`
  return fraction === 0 ? text : `${text}.${pad(fraction, 6).replace(/0+$/, "")}`
}

const parseTimeText = (text: string): bigint => {
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/.exec(text)
  if (match === null) throw new TypeError(`Expected a time "HH:MM[:SS[.ffffff]]", received "${text}"`)
  const [, h, m, s, f] = match
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s ?? "0")
  return BigInt(seconds) * 1_000_000n + BigInt((f ?? "").padEnd(6, "0") || "0")
}

const TIMESTAMP_TEXT =
  /^(\d{4,})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?( BC)?$/

/**
 * Parses Postgres' ISO text output of `timestamp`/`timestamptz` (the session
 * runs with `TimeZone=UTC`, but any offset is honoured). Sub-millisecond
 * digits are truncated towards the Postgres epoch, exactly like sql-pg's
 * binary decoder, so both drivers return the same `Date`.
 */
export const parseTimestampText = (text: string): Date => {
  if (text === "infinity" || text === "-infinity") return new Date(Number.NaN)
  const match = TIMESTAMP_TEXT.exec(text)
  if (match === null) return new Date(Number.NaN)
  const [, y, mo, d, h, mi, s, f, sign, oh, om, os, bc] = match
  const year = bc === undefined ? Number(y) : 1 - Number(y)
  const date = new Date(0)
  date.setUTCFullYear(year, Number(mo) - 1, Number(d))
  date.setUTCHours(Number(h), Number(mi), Number(s), 0)
  let ms = date.getTime()
  if (sign !== undefined) {
    const offset = (Number(oh) * 3600 + Number(om ?? "0") * 60 + Number(os ?? "0")) * 1000
    ms = sign === "+" ? ms - offset : ms + offset
  }
  const micros = (ms - PG_EPOCH_MS) * 1000 + Number((f ?? "").padEnd(6, "0") || "0")
  return new Date((micros - (micros % 1000)) / 1000 + PG_EPOCH_MS)
}

// ---------------------------------------------------------------------------
// @effect/sql-pg: binary codecs registered over the defaults

const codecError = (error: unknown) =>
  new PgTypes.CodecError({ message: error instanceof Error ? error.message : String(error) })

const attempt = <A>(f: () => A): Result.Result<A, PgTypes.CodecError> => {
  try {
    return Result.succeed(f())
  } catch (error) {
    return Result.fail(codecError(error))
  }
}

const readInt64 = (bytes: Uint8Array): bigint => {
  if (bytes.length !== 8) throw new RangeError(`Expected 8 bytes, received ${bytes.length}`)
  return new DataView(bytes.buffer, bytes.byteOffset, 8).getBigInt64(0)
}

const int8Codec: PgTypes.Codec<number | bigint> = {
  decode: (bytes) => attempt(() => int8ToNumber(readInt64(bytes))),
  encode: (value) => PgTypes.encode(typeof value === "number" ? BigInt(value) : value, Oid.int8)
}

const numericCodec: PgTypes.Codec<number | string> = {
  decode: (bytes) => Result.map(PgTypes.decode(bytes, Oid.numeric, 1), (text) => Number(text)),
  encode: (value) => PgTypes.encode(String(value), Oid.numeric)
}

const timeCodec: PgTypes.Codec<string | bigint> = {
  decode: (bytes) => attempt(() => formatTimeMicros(readInt64(bytes))),
  encode: (value) =>
    Result.flatMap(
      attempt(() => typeof value === "string" ? parseTimeText(value) : value),
      (micros) => PgTypes.encode(micros, Oid.time)
    )
}

/** The `types` registry to give `PgClient` so it decodes like PGlite (see the table above). */
export const makePgTypeRegistry = (): PgTypes.Registry => {
  const registry = PgTypes.makeRegistry()
  registry.register(Oid.int8, int8Codec)
  registry.register(Oid.numeric, numericCodec)
  registry.register(Oid.time, timeCodec)
  return registry
}

// ---------------------------------------------------------------------------
// PGlite: text parsers merged over its defaults

/** Parsers (by type OID) for `PGlite.create({ parsers })`; arrays follow their element. */
export const pgliteParsers: Record<number, (text: string) => unknown> = {
  [Oid.int8]: (text) => int8ToNumber(BigInt(text)),
  [Oid.numeric]: (text) => Number(text),
  [Oid.date]: (text) => text,
  [Oid.time]: (text) => text,
  [Oid.timestamp]: parseTimestampText,
  [Oid.timestamptz]: parseTimestampText
}

const INT32_MIN = -2_147_483_648
const INT32_MAX = 2_147_483_647

interface TypedParameter {
  readonly oid: number
  readonly value: unknown
}

const scalarParameter = (value: unknown): TypedParameter => {
  if (PgTypes.isParameter(value)) {
    if (value.value === null || value.value === undefined) return { oid: value.oid, value: null }
    return value.oid === Oid.json || value.oid === Oid.jsonb
      ? { oid: value.oid, value: JSON.stringify(value.value) }
      : { oid: value.oid, value: value.value }
  }
  if (value === null || value === undefined) return { oid: 0, value: null }
  switch (typeof value) {
    case "boolean":
      return { oid: Oid.bool, value }
    case "bigint":
      return { oid: Oid.int8, value }
    case "number":
      if (Number.isInteger(value)) {
        if (value >= INT32_MIN && value <= INT32_MAX) return { oid: Oid.int4, value }
        if (Number.isSafeInteger(value)) return { oid: Oid.int8, value }
      }
      return { oid: Oid.float8, value }
    case "string":
      return { oid: 0, value }
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError("Cannot bind an invalid Date")
    return { oid: Oid.timestamptz, value }
  }
  if (value instanceof Uint8Array) return { oid: Oid.bytea, value }
  if (value instanceof Int8Array) {
    return { oid: Oid.bytea, value: new Uint8Array(value.buffer, value.byteOffset, value.byteLength) }
  }
  throw new TypeError(`Cannot infer a PostgreSQL type for ${String(value)}; use jsonb(value) for JSON`)
}

const parameter = (value: unknown): TypedParameter => {
  if (!Array.isArray(value)) return scalarParameter(value)
  // An empty array is left for Postgres to type from the statement, as on sql-pg.
  if (value.length === 0) return { oid: 0, value: "{}" }
  let elementOid: number | undefined
  const values = value.map((element: unknown) => {
    if (Array.isArray(element)) throw new TypeError("Nested array parameters are not supported")
    const typed = scalarParameter(element)
    if (typed.value === null) return null
    const oid = typed.oid === 0 ? Oid.text : typed.oid
    if (elementOid === undefined) elementOid = oid
    else if (elementOid !== oid) throw new TypeError("Array parameter elements must have the same type")
    return typed.value
  })
  if (elementOid === undefined) throw new TypeError("Cannot infer the type of an array containing only null values")
  const arrayOid = PgTypes.arrayOidFor(elementOid)
  if (arrayOid === undefined) throw new TypeError(`No array type known for element OID ${elementOid}`)
  return { oid: arrayOid, value: values }
}

/**
 * Types the parameters of a statement for PGlite the way sql-pg types them,
 * so `SELECT ${1} AS n` is an int4 on both. `0` leaves a parameter to Postgres.
 */
export const pgliteParameters = (
  params: ReadonlyArray<unknown>
): { readonly values: Array<unknown>; readonly types: Array<number> } => {
  const values: Array<unknown> = new Array(params.length)
  const types: Array<number> = new Array(params.length)
  for (let index = 0; index < params.length; index++) {
    const typed = parameter(params[index])
    values[index] = typed.value
    types[index] = typed.oid
  }
  return { values, types }
}
