/**
 * The outermost middleware of every request: gives it an id, caps the body at 1 MB,
 * turns every failure that escaped the endpoint (decode errors, unknown paths, bodies
 * too large, unsupported content types, a full disk, defects) into our error envelope, and writes
 * one JSON log line. No response ever carries a stack trace.
 */
import * as ByteSize from "effect/ByteSize"
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as LogLevel from "effect/LogLevel"
import * as Option from "effect/Option"
import * as References from "effect/References"
import * as SchemaIssue from "effect/SchemaIssue"
import type * as Types from "effect/Types"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerError from "effect/http/HttpServerError"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as HttpApiError from "effect/http-api/HttpApiError"
import { randomUUID } from "node:crypto"
import { AuditContext } from "@quote/core/audit/audit-context"
import { envelope } from "@quote/api/error-envelope"
import { DiskFull, diskFull } from "@quote/core/shared/errors"
import { isDiskFull } from "@quote/adapters/infra/database/disk-space"
import { labelServerSpan } from "./request-span.ts"
import { matchedRouteOf, recordRequest, UNMATCHED_ROUTE } from "./request-metrics.ts"

export const maxBodyBytes = 1024 * 1024

const validRequestId = /^[A-Za-z0-9._:-]{1,100}$/

const requestIdOf = (request: HttpServerRequest.HttpServerRequest): string => {
  const given = request.headers["x-request-id"]
  return given !== undefined && validRequestId.test(given) ? given : randomUUID()
}

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

const schemaIssues = (error: HttpApiError.HttpApiSchemaError) =>
  formatIssues(error.cause.issue).issues.map((issue) => ({
    path: [error.kind.toLowerCase(), ...(issue.path ?? []).map((segment) =>
      typeof segment === "object" && segment !== null && "key" in segment ? segment.key : segment
    )].map(String),
    message: issue.message
  }))

const jsonError = (status: number, code: string, message: string, details?: Record<string, unknown>) =>
  HttpServerResponse.jsonUnsafe(envelope(code, message, details), { status })

/** The 400 of a request that is not valid, one issue per problem (also used by `text-boundary.ts`). */
export const validationErrorResponse = (issues: ReadonlyArray<{ readonly path: ReadonlyArray<string>; readonly message: string }>) =>
  jsonError(400, "VALIDATION_ERROR", "The request is not valid", { issues })

/** Everything the cause holds, failures and defects alike. */
const causeValues = (cause: Cause.Cause<unknown>): ReadonlyArray<unknown> =>
  cause.reasons.flatMap((reason) =>
    reason._tag === "Fail" ? [reason.error] : reason._tag === "Die" ? [reason.defect] : []
  )

const isInterruptedOnly = (cause: Cause.Cause<unknown>) =>
  cause.reasons.length > 0 && cause.reasons.every((reason) => reason._tag === "Interrupt")

/**
 * Maps a failure that reached the edge to the envelope, or `None` for a defect. A change
 * the embedded database refused for lack of space is 503 `DISK_FULL`, whichever service
 * made it (infra/database/disk-space.ts).
 */
const knownFailureResponse = (cause: Cause.Cause<unknown>): Option.Option<HttpServerResponse.HttpServerResponse> => {
  for (const value of causeValues(cause)) {
    if (isDiskFull(value)) return Option.some(jsonError(503, DiskFull.code, diskFull().message))
    if (HttpApiError.HttpApiSchemaError.is(value) && value.kind !== "Body" && value.kind !== "ResponseHeaders") {
      return Option.some(validationErrorResponse(schemaIssues(value)))
    }
    if (HttpApiError.HttpApiPayloadTooLarge.is(value)) {
      return Option.some(jsonError(413, "PAYLOAD_TOO_LARGE", `The request body exceeds ${maxBodyBytes} bytes`))
    }
    if (HttpServerError.isHttpServerError(value)) {
      const reason = value.reason
      if (reason._tag === "RouteNotFound") {
        return Option.some(jsonError(404, "NOT_FOUND", `No endpoint at ${reason.request.method} ${reason.request.url.split("?")[0]}`))
      }
      if (reason._tag === "RequestParseError") {
        return Option.some(
          reason.reason === "BodyTooLarge"
            ? jsonError(413, "PAYLOAD_TOO_LARGE", `The request body exceeds ${maxBodyBytes} bytes`)
            : jsonError(400, "VALIDATION_ERROR", "The request body could not be read", { issues: [] })
        )
      }
    }
  }
  return Option.none()
}

/** Responses produced inside HttpApi with an empty or text body get the envelope too. */
const normalizeBareResponse = (response: HttpServerResponse.HttpServerResponse) => {
  if (response.status === 415) {
    return jsonError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json")
  }
  if (response.status === 413 && response.body._tag === "Empty") {
    return jsonError(413, "PAYLOAD_TOO_LARGE", `The request body exceeds ${maxBodyBytes} bytes`)
  }
  return response
}

/**
 * Typed as still failing with `unhandled` because HttpRouter only lets a global middleware
 * claim the errors it declares; at run time it recovers from every failure.
 */
type EdgeEffect = Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled, HttpServerRequest.HttpServerRequest>

const isInfoLogged = (fiber: Fiber.Fiber<unknown, unknown>) =>
  LogLevel.isGreaterThanOrEqualTo("Info", fiber.getRef(References.MinimumLogLevel))

/**
 * Every request passes here, so the work is kept to a few effect steps (each context
 * change is a copy of the fiber's context): what can be read synchronously is read in
 * one `withFiber`, the body-size cap is provided once for the whole server
 * (`bodySizeLimit`), and the log line's annotations are built only when `Info` is logged
 * (docs/performance.md).
 */
export const RequestEnvelope = HttpRouter.middleware(
  (httpApp): EdgeEffect =>
    Effect.withFiber((fiber) => {
      const request = Context.getUnsafe(fiber.context, HttpServerRequest.HttpServerRequest)
      const requestId = requestIdOf(request)
      const startedAt = performance.now()
      labelServerSpan(fiber.context, requestId)
      let route = UNMATCHED_ROUTE
      return httpApp.pipe(
        // Read before the provides below restore the context the router added the route to.
        Effect.onExit(() =>
          Effect.withFiber((inner) => {
            route = matchedRouteOf(inner.context)
            return Effect.void
          })
        ),
        // The audit trail records the request id with every change the request makes.
        Effect.updateService(AuditContext, (context) => ({ ...context, requestId })),
        Effect.catchCause((cause) => {
          if (isInterruptedOnly(cause)) {
            return Effect.succeed(jsonError(503, "SERVICE_UNAVAILABLE", "The server is shutting down"))
          }
          return Option.match(knownFailureResponse(cause), {
            onSome: Effect.succeed,
            onNone: () =>
              Effect.logError("Unhandled failure", cause).pipe(
                Effect.annotateLogs({ requestId }),
                Effect.as(jsonError(500, "INTERNAL_ERROR", "Unexpected error; quote the request id when reporting it", { requestId }))
              )
          })
        }),
        Effect.flatMap((produced) => {
          const response = HttpServerResponse.setHeader(normalizeBareResponse(produced), "x-request-id", requestId)
          const elapsedMs = performance.now() - startedAt
          recordRequest(request.method, route, response.status, elapsedMs / 1000)
          if (!isInfoLogged(fiber)) return Effect.succeed(response)
          return Effect.logInfo("request").pipe(
            Effect.annotateLogs({
              requestId,
              method: request.method,
              path: request.url.split("?")[0],
              status: response.status,
              ms: Math.round(elapsedMs * 10) / 10
            }),
            Effect.as(response)
          )
        })
      )
    }),
  { global: true }
)

/** The 1 MB body cap, for every request of the server (see `serveOn`). */
export const bodySizeLimit = Layer.succeed(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(maxBodyBytes))
