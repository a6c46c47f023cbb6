/**
 * Every error response has the body `{error: {code, message, details?}}` (CONTRACT.md
 * "Errors"). Domain errors are `Schema.TaggedError` classes (`@quote/core/<feature>/errors`)
 * carrying the spec's code as `static code`, the HTTP status as the `httpApiStatus`
 * annotation and the OpenAPI text as the `description` annotation. `errorEnvelope`
 * derives from such a class the endpoint error schema whose wire form is that envelope,
 * so the OpenAPI document shows each code with its status, description and typed
 * `details`. docs/errors.md has the rules.
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"

/** The envelope of any error, whatever its code (responses built outside `HttpApi`). */
export const ErrorBody = Schema.Struct({
  code: Schema.String,
  message: Schema.String,
  details: Schema.optional(Schema.Record(Schema.String, Schema.Unknown))
})

export const ErrorEnvelope = Schema.Struct({ error: ErrorBody })
export type ErrorEnvelope = typeof ErrorEnvelope.Type

/** The encoded form of a domain error instance. */
interface CodedErrorEncoded {
  readonly _tag: string
  readonly message: string
  readonly details?: unknown
}

/**
 * A domain error class: a schema of its instances (whose `details`, when present, is
 * plain data: the same value decoded and encoded), the spec code and its fields.
 */
export interface CodedErrorClass<Err = unknown, Encoded extends CodedErrorEncoded = CodedErrorEncoded>
  extends Schema.Codec<Err, Encoded>
{
  readonly code: string
  readonly identifier: string
  readonly fields: Schema.Struct.Fields
}

/** The wire form of `Encoded`: its `_tag` replaced by the spec code, inside `error`. */
export interface EnvelopeOf<Encoded extends CodedErrorEncoded> {
  readonly error: { readonly code: string } & Omit<Encoded, "_tag">
}

/** The endpoint error schema of an error class: instances in, envelopes on the wire. */
export type ErrorEnvelopeSchema<C extends CodedErrorClass> = Schema.Codec<C["Type"], EnvelopeOf<C["Encoded"]>>

/** Where an endpoint answers a class with another status than the class's own. */
export interface StatusOverride {
  readonly status: number
  readonly description: string
}

const statusOf = (errorClass: CodedErrorClass): number => {
  const status = Schema.resolveAnnotations(errorClass)?.httpApiStatus
  if (status === undefined) throw new Error(`${errorClass.identifier} has no httpApiStatus annotation`)
  return status
}

/** An envelope on the wire, whatever its code. */
type WireEnvelope = { readonly error: { readonly code: string; readonly [field: string]: unknown } }

const descriptionOf = (errorClass: CodedErrorClass): string =>
  Schema.resolveAnnotations(errorClass)?.description ?? errorClass.code

// One wire schema per class: the same object wherever it appears (an endpoint that
// answers the class with another status re-describes the response, not the envelope),
// so the OpenAPI document declares its `<CODE>Error` component once.
const wires = new WeakMap<CodedErrorClass, Schema.Codec<WireEnvelope>>()

/**
 * The wire form of `errorClass`, `{error: {code, message, details?}}`, as the OpenAPI
 * component `<CODE>Error` (also for responses the document adds outside the endpoints'
 * declarations: `openapi-finish.ts`).
 */
export const envelopeWire = (errorClass: CodedErrorClass): Schema.Codec<WireEnvelope> => {
  let wire = wires.get(errorClass)
  if (wire === undefined) {
    const { _tag: _ignored, ...data } = errorClass.fields
    wire = Schema.Struct({ error: Schema.Struct({ code: Schema.Literal(errorClass.code), ...data }) })
      .annotate({ identifier: `${errorClass.code}Error`, description: descriptionOf(errorClass) })
    wires.set(errorClass, wire)
  }
  return wire
}

const build = (errorClass: CodedErrorClass, status: number, description: string): Schema.Top => {
  const { code, identifier: tag } = errorClass
  // OpenAPI describes the response by the decoded side: an override re-describes it.
  const target = Schema.resolveAnnotations(errorClass)?.description === description
    ? errorClass
    : errorClass.annotate({ description })
  const wire = envelopeWire(errorClass)
  return wire.pipe(
    Schema.decodeTo(
      target,
      SchemaTransformation.transform<CodedErrorEncoded, WireEnvelope>({
        decode: ({ error: { code: _code, ...fields } }) => ({ ...fields, _tag: tag }) as CodedErrorEncoded,
        encode: ({ _tag: _, ...fields }) => ({ error: { code, ...fields } })
      })
    ),
    HttpApiSchema.status(status)
  )
}

// One schema per class (and per override), so every endpoint shares it.
const derived = new WeakMap<CodedErrorClass, Map<string, Schema.Top>>()

/**
 * The endpoint error schema of `errorClass`, answered with the class's `httpApiStatus`
 * and described by its `description`; `override` gives both for an endpoint that
 * answers the class otherwise (docs/errors.md lists those).
 */
export const errorEnvelope = <C extends CodedErrorClass>(errorClass: C, override?: StatusOverride): ErrorEnvelopeSchema<C> => {
  const status = override?.status ?? statusOf(errorClass)
  const description = override?.description ?? descriptionOf(errorClass)
  const key = `${status} ${description}`
  let byKey = derived.get(errorClass)
  if (byKey === undefined) derived.set(errorClass, byKey = new Map())
  let schema = byKey.get(key)
  if (schema === undefined) byKey.set(key, schema = build(errorClass, status, description))
  // `build` derives exactly this codec; only its precise type is lost in the generic code.
  return schema as unknown as ErrorEnvelopeSchema<C>
}

/** The endpoint error schemas of several classes, in order (an endpoint's `error` list). */
export const errorEnvelopes = <const Classes extends ReadonlyArray<CodedErrorClass>>(
  ...classes: Classes
): { readonly [K in keyof Classes]: ErrorEnvelopeSchema<Classes[K]> } =>
  classes.map((errorClass) => errorEnvelope(errorClass)) as unknown as {
    readonly [K in keyof Classes]: ErrorEnvelopeSchema<Classes[K]>
  }

/** Builds an envelope body (for responses produced outside HttpApi, e.g. 404 of an unknown path). */
export const envelope = (code: string, message: string, details?: Record<string, unknown>): ErrorEnvelope => ({
  error: details === undefined ? { code, message } : { code, message, details }
})
