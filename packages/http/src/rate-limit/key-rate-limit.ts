/**
 * The per-key rate limit at the edge of every operation an API key may call
 * (docs/api-keys.md, "Rate limits"): the key's request is counted (`ApiKeyRateLimiter`),
 * the answer — whatever it turns out to be, an error envelope included — carries
 * `RateLimit-Policy` and `RateLimit`, and a key over its limit is refused with
 * 429 `RATE_LIMITED` and `Retry-After` before the endpoint runs. The API key middlewares
 * (`handlers/security/*`) call it once they know the key.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpEffect from "effect/http/HttpEffect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { RateLimited } from "@quote/core/api-keys/errors"
import { rateLimitHeader, rateLimitPolicyHeader } from "@quote/core/api-keys/rate-limit"
import type { IntegrationKey } from "@quote/core/auth/access"
import { ApiKeyRateLimiter, type RateLimitDecision } from "@quote/adapters/app/api-keys/api-key-rate-limiter"

const headersOf = (decision: RateLimitDecision): Record<string, string> => ({
  "ratelimit-policy": rateLimitPolicyHeader(decision.limit),
  ratelimit: rateLimitHeader(decision.remaining, decision.resetSeconds),
  ...(decision.allowed ? {} : { "retry-after": String(decision.resetSeconds) })
})

export class KeyRateLimit extends Context.Service<KeyRateLimit, {
  /** Counts the key's request and sets the answer's headers; fails when the key is over its limit. */
  readonly enforce: (key: IntegrationKey) => Effect.Effect<void, RateLimited, HttpServerRequest.HttpServerRequest>
}>()("@quote/http/KeyRateLimit") {
  static readonly layer = Layer.effect(
    KeyRateLimit,
    Effect.map(ApiKeyRateLimiter, (limiter) =>
      KeyRateLimit.of({
        enforce: (key) =>
          Effect.flatMap(limiter.admit(key), (decision) => {
            const headers = headersOf(decision)
            const withHeaders = HttpEffect.appendPreResponseHandler((_request, response) =>
              Effect.succeed(HttpServerResponse.setHeaders(response, headers))
            )
            return decision.allowed
              ? withHeaders
              : Effect.andThen(
                withHeaders,
                Effect.fail(
                  new RateLimited({
                    message:
                      `This API key may make ${decision.limit} requests per minute; retry in ${decision.resetSeconds} s`,
                    details: { limit: decision.limit, retryAfterSeconds: decision.resetSeconds }
                  })
                )
              )
          })
      }))
  ).pipe(Layer.provide(ApiKeyRateLimiter.layer))

  /** No limit and no headers: only for measuring what the limiter costs (`bench/rate-limit.ts`). */
  static readonly layerUnlimited = Layer.succeed(KeyRateLimit, KeyRateLimit.of({ enforce: () => Effect.void }))
}
