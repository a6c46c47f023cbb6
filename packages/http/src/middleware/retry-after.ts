/** `Retry-After` on a 429: the error's `details.retryAfterSeconds`, as the header clients and proxies read. */
import * as Effect from "effect/Effect"
import * as HttpEffect from "effect/http/HttpEffect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import type { TooManyAttempts } from "@quote/core/auth/errors"

export const withRetryAfter = (error: TooManyAttempts) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(error.details?.retryAfterSeconds ?? 1)))
  )
