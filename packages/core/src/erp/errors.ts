/**
 * Errors of the ERP (Siigo) port. Same pattern as `../errors.ts`: each class carries
 * the spec's uppercase code as a static `code`; `status` is the HTTP status the spec
 * gives it, so the HTTP layer can render `{error: {code, message, details}}`.
 */
import { Schema } from "effect"

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

/** `details` of `ErpHttpError`: Siigo's status and error codes/messages, never credentials. */
export const ErpHttpErrorDetails = Schema.Struct({
  reason: ErpFailureReason,
  /** e.g. `GET /v1/products`: method and path, no query string, no host. */
  operation: Schema.String,
  status: Schema.NullOr(Schema.Int),
  errors: Schema.Array(ErpErrorEntry),
  /** Siigo's error codes, for quick matching (`already_exists`, `requests_limit`, ...). */
  codes: Schema.Array(Schema.String),
  timeoutMs: Schema.NullOr(Schema.Number),
  attempts: Schema.Int
})
export type ErpHttpErrorDetails = typeof ErpHttpErrorDetails.Type

/** The ERP settings (partner id, username, access key) are not stored. */
export class ErpNotConfigured extends Schema.TaggedError<ErpNotConfigured>()("ErpNotConfigured", {
  message: Schema.String
}) {
  static readonly code = "ERP_NOT_CONFIGURED"
  static readonly status = 400
}

/** Siigo refused the credentials (`POST /auth`), or refused a fresh token again. */
export class ErpAuthFailed extends Schema.TaggedError<ErpAuthFailed>()("ErpAuthFailed", {
  message: Schema.String,
  details: ErpHttpErrorDetails
}) {
  static readonly code = "ERP_AUTH_FAILED"
  static readonly status = 502
}

/** Siigo rejected the call or did not answer after the retries. */
export class ErpHttpError extends Schema.TaggedError<ErpHttpError>()("ErpHttpError", {
  message: Schema.String,
  details: ErpHttpErrorDetails
}) {
  static readonly code = "ERP_HTTP_ERROR"
  static readonly status = 502

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

/**
 * The deployment has no ERP connection (the test environment, where the spec says the
 * ERP is "Not connected"). Rendered as 503 `ERP_NOT_CONNECTED`.
 */
export class ErpNotConnected extends Schema.TaggedError<ErpNotConnected>()("ErpNotConnected", {
  message: Schema.String
}) {
  static readonly code = "ERP_NOT_CONNECTED"
  static readonly status = 503
}

/** Every failure of an `ErpGateway` call. */
export type ErpError = ErpNotConfigured | ErpAuthFailed | ErpHttpError | ErpNotConnected
