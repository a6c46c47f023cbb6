/**
 * What an error answer of the service becomes for a promise client: the envelope
 * `{error: {code, message, details}}` plus the HTTP status.
 */
export class ApiError extends Error {
  override readonly name = "ApiError"
  /** The HTTP status (400, 401, 404, 409, 422, 5xx, …). */
  readonly status: number
  /** The spec's code (`INVALID_PHONE`, `ROUTE_CLOSED`, …); `HTTP_<status>` when the body was no envelope. */
  readonly code: string
  /** The code's extra data (`details.skus`, `details.nextOpenDate`, …); `{}` when none. */
  readonly details: Readonly<Record<string, unknown>>

  constructor(status: number, code: string, message: string, details: Readonly<Record<string, unknown>> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.details = details
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** The `ApiError` of an error answer, whatever its body (a proxy's HTML page included). */
export const apiErrorFrom = (status: number, bodyText: string): ApiError => {
  let body: unknown
  try {
    body = JSON.parse(bodyText)
  } catch {
    body = undefined
  }
  const error = isRecord(body) ? body.error : undefined
  if (isRecord(error) && typeof error.code === "string" && typeof error.message === "string") {
    return new ApiError(status, error.code, error.message, isRecord(error.details) ? error.details : {})
  }
  return new ApiError(status, `HTTP_${status}`, bodyText.slice(0, 200) || `HTTP ${status}`)
}
