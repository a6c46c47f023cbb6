/**
 * Refuses text PostgreSQL cannot store (a NUL, a lone surrogate: `unstorable-text.ts`)
 * in the path parameters, query parameters and JSON body of every API route, with the
 * same 400 `VALIDATION_ERROR` and issue shape as a schema failure — before the endpoint
 * authenticates or decodes anything, so no endpoint (present or added later) can let
 * such text reach a statement and fail there with a 500.
 *
 * A route middleware rather than the global one because only a routed request has its
 * path parameters by name. Headers need no check: Node refuses a NUL (and every other
 * control character) in a header before the request exists, and header values are
 * Latin-1, which holds no surrogates.
 *
 * Cheap on every request: the parameters are a handful of short strings, and the body
 * (read once; the endpoint's decoder reuses the same cached bytes) is only searched
 * natively for `\u0000`/`\uD8xx`-style escapes — it is parsed a second time only when
 * one is there.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as HttpMethod from "effect/http/HttpMethod"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { validationErrorResponse } from "./request-envelope.ts"
import { mayEscapeUnstorableText, unstorableJsonIssues, unstorableRecordIssues } from "./unstorable-text.ts"

const utf8 = new TextDecoder()

/** The endpoints decode a body without a content type as JSON too (HttpApiBuilder's default). */
const hasJsonBody = (request: HttpServerRequest.HttpServerRequest) => {
  if (!HttpMethod.hasBody(request.method)) return false
  const contentType = request.headers["content-type"]
  return contentType === undefined || contentType.trimStart().toLowerCase().startsWith("application/json")
}

/** The body's problems; none for a body that is not JSON (the endpoint's decoder reports that). */
const bodyIssues = (body: ArrayBuffer) => {
  const bytes = new Uint8Array(body)
  if (!mayEscapeUnstorableText(bytes)) return []
  let json: unknown
  try {
    json = JSON.parse(utf8.decode(bytes))
  } catch {
    return []
  }
  return unstorableJsonIssues("payload", json)
}

export const TextBoundary = HttpRouter.middleware((httpEffect) =>
  Effect.withFiber((fiber) => {
    const context = fiber.context
    const request = Context.getUnsafe(context, HttpServerRequest.HttpServerRequest)
    const issues = [
      ...unstorableRecordIssues("params", Context.getUnsafe(context, HttpRouter.RouteContext).params),
      ...unstorableRecordIssues("query", Context.getUnsafe(context, HttpServerRequest.ParsedSearchParams))
    ]
    if (!hasJsonBody(request)) {
      return issues.length === 0 ? httpEffect : Effect.succeed(validationErrorResponse(issues))
    }
    // A body that cannot be read (too large, cut off) fails here as it would in the decoder.
    return Effect.flatMap(request.arrayBuffer, (body) => {
      const all = [...issues, ...bodyIssues(body)]
      return all.length === 0 ? httpEffect : Effect.succeed(validationErrorResponse(all))
    })
  })
)
