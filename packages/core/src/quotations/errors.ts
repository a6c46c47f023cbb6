/** Errors of the quotation flow and the chatbot integration API (spec "Quotations", "Integration API", "Errors"). */
import * as Schema from "effect/Schema"
import { withDetails } from "../shared/error-fields.ts"

/**
 * A quotation status change the domain does not allow (e.g. `approved` → `pending`);
 * `details.allowed` lists the statuses reachable from `details.from`. The spec leaves
 * these transitions "not shown"; `docs/domain.md` lists the allowed ones.
 */
export class InvalidStatusTransition extends Schema.TaggedError<InvalidStatusTransition>()(
  "InvalidStatusTransition",
  withDetails({ from: Schema.String, to: Schema.String, allowed: Schema.Array(Schema.String) }),
  { httpApiStatus: 422, description: "The status change is not allowed" }
) {
  static readonly code = "INVALID_STATUS_TRANSITION"
}

/** Required query parameters are missing (cutoff, prices, lookup); `details.required` names them. */
export class MissingParams extends Schema.TaggedError<MissingParams>()(
  "MissingParams",
  withDetails({ required: Schema.Array(Schema.String) }),
  { httpApiStatus: 400, description: "Required query parameters are missing" }
) {
  static readonly code = "MISSING_PARAMS"
}

/**
 * An `Idempotency-Key` already used (in the same key lineage, or by the same user for a
 * web create) for a request with a different body; `details.quotationId` is the
 * quotation the key created.
 */
export class IdempotencyKeyReused extends Schema.TaggedError<IdempotencyKeyReused>()(
  "IdempotencyKeyReused",
  withDetails({ quotationId: Schema.String }),
  {
    httpApiStatus: 409,
    description:
      "The Idempotency-Key was already used (by this API key lineage, or this user for a web create) for a request with a different body; `details.quotationId` is what it created"
  }
) {
  static readonly code = "IDEMPOTENCY_KEY_REUSED"
}
