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

/** Input that fails a domain rule the HTTP layer reports as `400 VALIDATION_ERROR` (e.g. `graceHours` out of range). */
export class ValidationError extends Schema.TaggedError<ValidationError>()("ValidationError", errorFields) {
  static readonly code = "VALIDATION_ERROR"
}

/** Missing, revoked or otherwise out-of-scope resource (spec `404 NOT_FOUND`). */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", errorFields) {
  static readonly code = "NOT_FOUND"
}

/** An API key past its `expiresAt` (spec `401`/`409 API_KEY_EXPIRED`, depending on the endpoint). */
export class ApiKeyExpired extends Schema.TaggedError<ApiKeyExpired>()("ApiKeyExpired", errorFields) {
  static readonly code = "API_KEY_EXPIRED"
}

/**
 * A quotation status change the domain does not allow (e.g. `approved` → `pending`).
 * The spec leaves these transitions "not shown"; `docs/domain.md` lists the allowed ones.
 */
export class InvalidStatusTransition
  extends Schema.TaggedError<InvalidStatusTransition>()("InvalidStatusTransition", errorFields)
{
  static readonly code = "INVALID_STATUS_TRANSITION"
}

/**
 * A webhook signature that a receiver must reject (answer `401`): malformed header,
 * timestamp outside the tolerance, or no `v1` matching any secret.
 * `details.reason` is `MALFORMED_HEADER`, `TIMESTAMP_OUT_OF_TOLERANCE` or `NO_MATCHING_SIGNATURE`.
 */
export class InvalidSignature extends Schema.TaggedError<InvalidSignature>()("InvalidSignature", errorFields) {
  static readonly code = "INVALID_SIGNATURE"
}

/**
 * A webhook target URL (or the addresses its host resolves to) that breaks the
 * spec's target-URL rules. `details.reason` says which rule.
 */
export class InvalidWebhookTarget
  extends Schema.TaggedError<InvalidWebhookTarget>()("InvalidWebhookTarget", errorFields)
{
  static readonly code = "INVALID_WEBHOOK_URL"
}

/**
 * The route's window is closed (spec `422 ROUTE_CLOSED`). `message` is the Spanish,
 * client-presentable text of the Cutoff status; `details` carries `nextOpenDate` and
 * `routeDate` (timestamps as in the Cutoff status), or `missingRoute: true`.
 */
export class RouteClosed extends Schema.TaggedError<RouteClosed>()("RouteClosed", errorFields) {
  static readonly code = "ROUTE_CLOSED"
}
