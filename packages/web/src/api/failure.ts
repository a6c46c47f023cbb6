/**
 * A refused or failed API call, read from the service's error envelope
 * (`{error: {code, message, details}}`, docs/errors.md) and its headers.
 */
import { errorMessages } from "../i18n/error-messages.ts"
import { messages } from "../i18n/messages.ts"

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly serverMessage: string,
    readonly details: Readonly<Record<string, unknown>> | undefined,
    readonly requestId: string | undefined,
    /** Seconds from `Retry-After`, when the service sent one. */
    readonly retryAfterSeconds: number | undefined
  ) {
    super(`${status} ${code}: ${serverMessage}`)
    this.name = "ApiFailure"
  }
}

/** The network failed before any answer (offline, server down). */
export class NetworkFailure extends Error {
  constructor(cause: unknown) {
    super("network failure", { cause })
    this.name = "NetworkFailure"
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

export const failureFrom = (response: Response, body: unknown): ApiFailure => {
  const envelope = isRecord(body) && isRecord(body.error) ? body.error : undefined
  const retryAfter = Number(response.headers.get("retry-after"))
  return new ApiFailure(
    response.status,
    typeof envelope?.code === "string" ? envelope.code : "INTERNAL_ERROR",
    typeof envelope?.message === "string" ? envelope.message : response.statusText,
    isRecord(envelope?.details) ? envelope.details : undefined,
    response.headers.get("x-request-id") ?? undefined,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined
  )
}

export const hasCode = (error: unknown, code: string): error is ApiFailure =>
  error instanceof ApiFailure && error.code === code

/**
 * The sentence a person reads for a failure: the code's Spanish sentence, else the
 * generic one with the request id so that support can find it in the log.
 */
export const describeFailure = (error: unknown): { readonly sentence: string; readonly requestId?: string } => {
  if (error instanceof NetworkFailure) return { sentence: messages.errors.network }
  if (error instanceof ApiFailure) {
    const known = errorMessages[error.code]
    if (known !== undefined && error.code !== "INTERNAL_ERROR") return { sentence: known }
    return error.requestId === undefined
      ? { sentence: messages.errors.unexpected }
      : { sentence: messages.errors.unexpected, requestId: error.requestId }
  }
  return { sentence: messages.errors.unexpected }
}
