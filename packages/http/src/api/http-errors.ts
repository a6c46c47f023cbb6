/**
 * Errors that belong to the HTTP boundary itself rather than to a business rule.
 */
import { Schema } from "effect"
import { errorFields, NotFound, ValidationError } from "@quote/core/errors"
import { httpError } from "./error-envelope.ts"

export { NotFound, ValidationError }

export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()("ServiceUnavailable", errorFields) {
  static readonly code = "SERVICE_UNAVAILABLE"
}

export const ValidationErrorResponse = httpError(
  ValidationError,
  400,
  "The request does not match the schema; `details.issues` lists every problem with its path"
)
export const NotFoundResponse = httpError(NotFound, 404, "The resource does not exist or is not visible to the caller")
export const ServiceUnavailableResponse = httpError(ServiceUnavailable, 503, "A dependency (the database) is not answering")
