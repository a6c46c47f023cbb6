/**
 * Errors of the quotation flow and the chatbot integration API (spec "Integration API",
 * "Errors"). Each class carries the spec's code as `static code`, like `errors.ts`.
 */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

/** Required query parameters are missing (cutoff, prices, lookup). */
export class MissingParams extends Schema.TaggedError<MissingParams>()("MissingParams", errorFields) {
  static readonly code = "MISSING_PARAMS"
}

/** The client does not exist, is inactive, or belongs to no active company. */
export class ClientNotFound extends Schema.TaggedError<ClientNotFound>()("ClientNotFound", errorFields) {
  static readonly code = "CLIENT_NOT_FOUND"
}

/** The branch does not exist, is inactive, or is not of the client's company. */
export class BranchNotFound extends Schema.TaggedError<BranchNotFound>()("BranchNotFound", errorFields) {
  static readonly code = "BRANCH_NOT_FOUND"
}

/**
 * Unknown, inactive or unpriced products of a quotation request; `details.skus` and
 * `details.productIds` list every one of them.
 */
export class ProductNotFound extends Schema.TaggedError<ProductNotFound>()("ProductNotFound", errorFields) {
  static readonly code = "PRODUCT_NOT_FOUND"
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
