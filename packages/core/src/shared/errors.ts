/**
 * Errors any endpoint may answer: a request that fails validation, a missing resource,
 * an empty update, an unavailable dependency. Each class carries the spec's code as
 * `static code` and its HTTP status as the `httpApiStatus` annotation (docs/errors.md).
 */
import * as Schema from "effect/Schema"
import { messageOnly, optionalStrings, withDetails } from "./error-fields.ts"

/** One problem of a request: where (`payload`, `query`, `params`, `headers`, then the field) and what. */
export const ValidationIssue = Schema.Struct({
  path: Schema.Array(Schema.String),
  message: Schema.String
})
export type ValidationIssue = typeof ValidationIssue.Type

/** Input that fails the schema or a domain rule (e.g. `graceHours` out of range). */
export class ValidationError extends Schema.TaggedError<ValidationError>()(
  "ValidationError",
  withDetails({
    issues: Schema.optional(Schema.Array(ValidationIssue)),
    /** The field a domain rule refused, when not given as `issues`. */
    field: Schema.optional(Schema.String),
    value: Schema.optional(Schema.Finite),
    productIds: optionalStrings,
    startsAt: Schema.optional(Schema.String),
    endsAt: Schema.optional(Schema.String)
  }),
  {
    httpApiStatus: 400,
    description: "The request does not match the schema; `details.issues` lists every problem with its path"
  }
) {
  static readonly code = "VALIDATION_ERROR"
}

/** Missing, revoked or otherwise out-of-scope resource; `details` names the ids looked up. */
export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  withDetails({
    id: Schema.optional(Schema.String),
    companyId: Schema.optional(Schema.String),
    branchId: Schema.optional(Schema.String),
    clientId: Schema.optional(Schema.String),
    phoneId: Schema.optional(Schema.String),
    endpointId: Schema.optional(Schema.String),
    deliveryId: Schema.optional(Schema.String)
  }),
  { httpApiStatus: 404, description: "The resource does not exist or is not visible to the caller" }
) {
  static readonly code = "NOT_FOUND"
}

/** An update that names no field to change. */
export class EmptyPatch extends Schema.TaggedError<EmptyPatch>()(
  "EmptyPatch",
  messageOnly,
  { httpApiStatus: 400, description: "The update names no field to change" }
) {
  static readonly code = "EMPTY_PATCH"
}

/** The readiness check while the database does not answer. */
export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()(
  "ServiceUnavailable",
  messageOnly,
  { httpApiStatus: 503, description: "A dependency (the database) is not answering" }
) {
  static readonly code = "SERVICE_UNAVAILABLE"
}

/**
 * The embedded database's disk is (nearly) full: it refuses changes until space is freed,
 * and answers reads meanwhile. Answered by the outermost middleware for any change a
 * full disk refused (`packages/http/src/middleware/request-envelope.ts`), and by the
 * readiness check while the disk stays full (docs/operations.md, "A full disk").
 */
export class DiskFull extends Schema.TaggedError<DiskFull>()(
  "DiskFull",
  messageOnly,
  {
    httpApiStatus: 503,
    description: "The database's disk is full: changes are refused until space is freed, reads still answer"
  }
) {
  static readonly code = "DISK_FULL"
}

/** The one `DiskFull` the service answers. */
export const diskFull = (): DiskFull =>
  new DiskFull({ message: "The database's disk is full: changes are refused until space is freed; reads still answer" })

/**
 * An unexpected failure. Never raised by a feature: the outermost middleware answers it
 * for any defect (`packages/http/src/middleware/request-envelope.ts`), with the request
 * id that is also in the log line and the `X-Request-Id` header. Declared here so the
 * OpenAPI document describes that answer (every operation's `default` response).
 */
export class InternalError extends Schema.TaggedError<InternalError>()(
  "InternalError",
  { message: Schema.String, details: Schema.Struct({ requestId: Schema.String }) },
  { httpApiStatus: 500, description: "Unexpected failure; quote `details.requestId` when reporting it" }
) {
  static readonly code = "INTERNAL_ERROR"
}

/** A request body over the 1 MB cap; answered by the outermost middleware, for every operation with a body. */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()(
  "PayloadTooLarge",
  messageOnly,
  { httpApiStatus: 413, description: "The request body exceeds 1 MB" }
) {
  static readonly code = "PAYLOAD_TOO_LARGE"
}

/** A body sent as anything but `application/json`; answered by the outermost middleware. */
export class UnsupportedMediaType extends Schema.TaggedError<UnsupportedMediaType>()(
  "UnsupportedMediaType",
  messageOnly,
  { httpApiStatus: 415, description: "The body is not sent as `application/json`" }
) {
  static readonly code = "UNSUPPORTED_MEDIA_TYPE"
}
