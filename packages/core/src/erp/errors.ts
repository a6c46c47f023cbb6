/**
 * Errors of the ERP (Siigo): those of any call through the `ErpGateway` port, and those
 * of the ERP integration endpoints (spec "ERP integration", "Errors"): product sync
 * runs, customer import/export and quotation pushes.
 */
import * as Schema from "effect/Schema"
import { messageOnly, withDetails } from "../shared/error-fields.ts"

/** One entry of Siigo's error envelope `{Status, Errors: [{Code, Message, Params, Detail}]}`. */
export const ErpErrorEntry = Schema.Struct({
  code: Schema.String,
  message: Schema.String,
  params: Schema.Array(Schema.String),
  detail: Schema.NullOr(Schema.String)
})
export type ErpErrorEntry = typeof ErpErrorEntry.Type

/**
 * Why a call failed: the ERP answered an error `status`, the call hit the client
 * `timeout`, the connection failed (`transport`), the answer did not decode
 * (`decode`), or the rate limit (429) outlasted the retries (`rate_limited`).
 */
export const ErpFailureReason = Schema.Literals(["status", "timeout", "transport", "decode", "rate_limited"])
export type ErpFailureReason = typeof ErpFailureReason.Type

/** `details` of `ErpAuthFailed` and `ErpHttpError`: Siigo's status and error codes/messages, never credentials. */
export const ErpHttpErrorDetails = Schema.Struct({
  reason: ErpFailureReason,
  /** e.g. `GET /v1/products`: method and path, no query string, no host. */
  operation: Schema.String,
  status: Schema.NullOr(Schema.Int),
  errors: Schema.Array(ErpErrorEntry),
  /** Siigo's error codes, for quick matching (`already_exists`, `requests_limit`, ...). */
  codes: Schema.Array(Schema.String),
  timeoutMs: Schema.NullOr(Schema.Finite),
  attempts: Schema.Int
})
export type ErpHttpErrorDetails = typeof ErpHttpErrorDetails.Type

// Failures of any ERP call.

/** The ERP settings (partner id, username, access key) are not stored. */
export class ErpNotConfigured extends Schema.TaggedError<ErpNotConfigured>()(
  "ErpNotConfigured",
  messageOnly,
  { httpApiStatus: 400, description: "The ERP partner id, username and access key are not all set" }
) {
  static readonly code = "ERP_NOT_CONFIGURED"
}

/** Siigo refused the credentials (`POST /auth`), or refused a fresh token again. */
export class ErpAuthFailed extends Schema.TaggedError<ErpAuthFailed>()(
  "ErpAuthFailed",
  { message: Schema.String, details: ErpHttpErrorDetails },
  { httpApiStatus: 502, description: "The ERP refused the credentials; `details` has its codes" }
) {
  static readonly code = "ERP_AUTH_FAILED"
}

/** Siigo rejected the call or did not answer after the retries. */
export class ErpHttpError extends Schema.TaggedError<ErpHttpError>()(
  "ErpHttpError",
  { message: Schema.String, details: ErpHttpErrorDetails },
  {
    httpApiStatus: 502,
    description: "The ERP rejected the call or did not answer after retries; `details.codes` has its error codes"
  }
) {
  static readonly code = "ERP_HTTP_ERROR"

  /**
   * True when the ERP may have processed the request although the call failed: a
   * 5xx answer, a time-out or a broken connection. A quotation create that failed
   * this way must be looked up before it is sent again.
   */
  get mayHaveBeenProcessed(): boolean {
    const { reason, status } = this.details
    return reason === "timeout" || reason === "transport" || (reason === "status" && status !== null && status >= 500)
  }
}

/** The deployment has no ERP connection (the test environment, where the spec says the ERP is "Not connected"). */
export class ErpNotConnected extends Schema.TaggedError<ErpNotConnected>()(
  "ErpNotConnected",
  messageOnly,
  { httpApiStatus: 503, description: "This environment has no ERP connection (the test environment)" }
) {
  static readonly code = "ERP_NOT_CONNECTED"
}

/** Every failure of an `ErpGateway` call. */
export type ErpError = ErpNotConfigured | ErpAuthFailed | ErpHttpError | ErpNotConnected

// Failures of the ERP integration endpoints.

/** Another product sync run is in progress; also when a push of the same quotation is still in flight. */
export class SyncAlreadyRunning extends Schema.TaggedError<SyncAlreadyRunning>()(
  "SyncAlreadyRunning",
  withDetails({ quoteId: Schema.String, integrationId: Schema.String }),
  { httpApiStatus: 409, description: "A product sync is running (or this quotation is being sent right now)" }
) {
  static readonly code = "SYNC_ALREADY_RUNNING"
}

/** The quotation to send does not exist. */
export class QuoteNotFound extends Schema.TaggedError<QuoteNotFound>()(
  "QuoteNotFound",
  withDetails({ quoteId: Schema.String }),
  { httpApiStatus: 404, description: "The quotation does not exist" }
) {
  static readonly code = "QUOTE_NOT_FOUND"
}

/** Already sent; `details.erpQuoteId`, `details.integrationId`. */
export class AlreadySynced extends Schema.TaggedError<AlreadySynced>()(
  "AlreadySynced",
  withDetails({ erpQuoteId: Schema.NullOr(Schema.String), integrationId: Schema.String }),
  { httpApiStatus: 409, description: "Already sent; `details.erpQuoteId`, `details.integrationId`. Use retry to force" }
) {
  static readonly code = "ALREADY_SYNCED"
}

export class QuoteHasNoItems extends Schema.TaggedError<QuoteHasNoItems>()(
  "QuoteHasNoItems",
  withDetails({ quoteId: Schema.String }),
  { httpApiStatus: 422, description: "The quotation has no items" }
) {
  static readonly code = "QUOTE_HAS_NO_ITEMS"
}

export class QuoteHasDeletedProducts extends Schema.TaggedError<QuoteHasDeletedProducts>()(
  "QuoteHasDeletedProducts",
  withDetails({ skus: Schema.Array(Schema.String) }),
  { httpApiStatus: 422, description: "A product was removed from the catalog; `details.skus`" }
) {
  static readonly code = "QUOTE_HAS_DELETED_PRODUCTS"
}

export class QuoteHasUnsyncedProducts extends Schema.TaggedError<QuoteHasUnsyncedProducts>()(
  "QuoteHasUnsyncedProducts",
  withDetails({ unsyncedSkus: Schema.Array(Schema.String) }),
  { httpApiStatus: 422, description: "A product has no ERP id; `details.unsyncedSkus`" }
) {
  static readonly code = "QUOTE_HAS_UNSYNCED_PRODUCTS"
}

/** Neither the client nor its company has a usable tax id. */
export class MissingClientNit extends Schema.TaggedError<MissingClientNit>()(
  "MissingClientNit",
  withDetails({ quoteId: Schema.String }),
  { httpApiStatus: 422, description: "The client has no tax id" }
) {
  static readonly code = "MISSING_CLIENT_NIT"
}

export class MissingSellerId extends Schema.TaggedError<MissingSellerId>()(
  "MissingSellerId",
  withDetails({ quoteId: Schema.String }),
  { httpApiStatus: 422, description: "The advisor has no ERP seller id and no default seller id is configured" }
) {
  static readonly code = "MISSING_SELLER_ID"
}

/**
 * The ERP has no such customer: 404 for an import by ERP id (`details.erpId`); the
 * quotation push answers it with 422 instead (`details.nit`, the client's tax id is not
 * a customer there; `packages/api/src/erp-quotes.ts`).
 */
export class ErpCustomerNotFound extends Schema.TaggedError<ErpCustomerNotFound>()(
  "ErpCustomerNotFound",
  withDetails({ erpId: Schema.optional(Schema.String), nit: Schema.optional(Schema.String) }),
  { httpApiStatus: 404, description: "The ERP has no customer with this id" }
) {
  static readonly code = "ERP_CUSTOMER_NOT_FOUND"
}

/** The ERP accepted the quotation but saving it locally failed; `details.erpQuoteId`. */
export class DbCommitFailed extends Schema.TaggedError<DbCommitFailed>()(
  "DbCommitFailed",
  withDetails({ erpQuoteId: Schema.String }),
  {
    httpApiStatus: 500,
    description: "The ERP accepted the quotation but the local save failed; `details.erpQuoteId`"
  }
) {
  static readonly code = "DB_COMMIT_FAILED"
}

/** `refresh-url` on a quotation without a successful integration. */
export class NoErpId extends Schema.TaggedError<NoErpId>()(
  "NoErpId",
  withDetails({ quoteId: Schema.String, erpQuoteId: Schema.optional(Schema.String) }),
  { httpApiStatus: 404, description: "No successful ERP integration exists for the quotation" }
) {
  static readonly code = "NO_ERP_ID"
}

/** Export of a company without a tax id. */
export class MissingNit extends Schema.TaggedError<MissingNit>()(
  "MissingNit",
  withDetails({ companyId: Schema.String }),
  { httpApiStatus: 422, description: "The company has no tax id" }
) {
  static readonly code = "MISSING_NIT"
}

/** Export of a company whose tax id is a `NIT-…` placeholder or not a NIT. */
export class InvalidNit extends Schema.TaggedError<InvalidNit>()(
  "InvalidNit",
  withDetails({ companyId: Schema.String, nit: Schema.String }),
  { httpApiStatus: 422, description: "The tax id is a `NIT-…` placeholder or not a NIT" }
) {
  static readonly code = "INVALID_NIT"
}
