/**
 * Every error response has the body `{error: {code, message, details?}}` (CONTRACT.md
 * "Errors"). Domain errors are `Schema.TaggedError` classes carrying the spec's code as
 * `static code`; `httpError` turns one into an endpoint error schema whose wire form is
 * that envelope, so the OpenAPI document shows the real shape and status.
 */
import { Schema, SchemaTransformation } from "effect"
import { HttpApiSchema } from "effect/http-api"
import { ErrorDetails } from "@quote/core/errors"

export const ErrorBody = Schema.Struct({
  code: Schema.String,
  message: Schema.String,
  details: Schema.optional(ErrorDetails)
})

export const ErrorEnvelope = Schema.Struct({ error: ErrorBody })
export type ErrorEnvelope = typeof ErrorEnvelope.Type

/** The encoded form every domain error class shares (see `@quote/core/errors`). */
export interface CodedErrorEncoded {
  readonly _tag: string
  readonly message: string
  readonly details?: ErrorDetails | undefined
}

/** A domain error class: a schema of its instances plus the spec code. */
export type CodedErrorClass<Err> = Schema.Codec<Err, CodedErrorEncoded> & {
  readonly code: string
  readonly identifier: string
}

/** An endpoint error schema for `errorClass`, sent with `status` as the envelope. */
export const httpError = <Err>(errorClass: CodedErrorClass<Err>, status: number, description?: string) => {
  const code = errorClass.code
  const tag = errorClass.identifier
  const wire = Schema.Struct({
    error: Schema.Struct({
      code: Schema.Literal(code),
      message: Schema.String,
      details: Schema.optional(ErrorDetails)
    })
  }).annotate({ identifier: `${code}Error`, description: description ?? code })
  return wire.pipe(
    Schema.decodeTo(
      errorClass,
      SchemaTransformation.transform<CodedErrorEncoded, typeof wire.Type>({
        decode: (body) => ({
          _tag: tag,
          message: body.error.message,
          ...(body.error.details === undefined ? {} : { details: body.error.details })
        }),
        encode: (error) => ({
          error: {
            code,
            message: error.message,
            ...(error.details === undefined ? {} : { details: error.details })
          }
        })
      })
    ),
    HttpApiSchema.status(status)
  )
}

/** Builds an envelope body (for responses produced outside HttpApi, e.g. 404 of an unknown path). */
export const envelope = (code: string, message: string, details?: ErrorDetails): ErrorEnvelope => ({
  error: details === undefined ? { code, message } : { code, message, details }
})
