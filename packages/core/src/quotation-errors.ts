/**
 * Errors of the quotation flow and the chatbot integration API (spec "Integration API",
 * "Errors"). Each class carries the spec's code as `static code`, like `errors.ts`.
 */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

/** Shared with the rest of the API: `CLIENT_NOT_FOUND`, `BRANCH_NOT_FOUND`, `PRODUCT_NOT_FOUND`. */
export { BranchNotFound, ClientNotFound, ProductNotFound } from "./resource-errors.ts"

/** Required query parameters are missing (cutoff, prices, lookup). */
export class MissingParams extends Schema.TaggedError<MissingParams>()("MissingParams", errorFields) {
  static readonly code = "MISSING_PARAMS"
}

/**
 * An `Idempotency-Key` already used (in the same key lineage) for a request with a
 * different body; `details.quotationId` is the quotation the key created.
 */
export class IdempotencyKeyReused
  extends Schema.TaggedError<IdempotencyKeyReused>()("IdempotencyKeyReused", errorFields)
{
  static readonly code = "IDEMPOTENCY_KEY_REUSED"
}
