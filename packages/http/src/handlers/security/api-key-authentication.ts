/**
 * API key middlewares (spec "Authentication", item 2). The scope an endpoint needs comes
 * from its `RequiredScope` annotation (see `packages/api/src/security.ts`).
 *
 * - `ApiKeyAuthentication` (integration endpoints): only an `svc_…` bearer is an API
 *   key. No bearer, a blank one, or any other bearer (a user's session JWT included: a
 *   user login does not work there) → 401 API_KEY_REQUIRED; unknown or revoked →
 *   401 INVALID_API_KEY; expired → 401 API_KEY_EXPIRED; without the scope →
 *   403 INSUFFICIENT_SCOPE.
 * - `UserOrApiKeyAuthentication` (shared endpoints): a valid key with the scope is the
 *   caller; anything else falls to session validation, so a key without the scope (or an
 *   invalid one) ends in 401 INVALID_TOKEN.
 *
 * A key that is let in is counted against its rate limit (`rate-limit/key-rate-limit.ts`):
 * over it, 429 RATE_LIMITED.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { ApiKeyRequired, InsufficientScope } from "@quote/core/auth/errors"
import { type ApiKeyScope, type IntegrationKey } from "@quote/core/auth/access"
import { API_KEY_PREFIX } from "@quote/core/shared/secrets"
import { ApiKeyVerifier } from "@quote/adapters/app/api-keys/api-key-verifier"
import {
  ApiKeyAuthentication,
  CurrentApiKey,
  CurrentCaller,
  RequiredScope,
  UserOrApiKeyAuthentication
} from "@quote/api/security"
import { SessionAuthenticator } from "./user-authentication.ts"
import { KeyRateLimit } from "../../rate-limit/key-rate-limit.ts"

/** The bearer value, trimmed (the decoder keeps trailing spaces). */
const bearerOf = (credential: Redacted.Redacted<string>) => Redacted.value(credential).trim()

const isApiKeyBearer = (value: string) => value.startsWith(API_KEY_PREFIX)

/** Whether the key may call an endpoint; an endpoint without a scope annotation takes any valid key. */
const hasScope = (key: IntegrationKey, required: Option.Option<ApiKeyScope>) =>
  Option.isNone(required) || key.scopes.includes(required.value)

export const ApiKeyAuthenticationLive = Layer.effect(
  ApiKeyAuthentication,
  Effect.gen(function*() {
    const verifier = yield* ApiKeyVerifier
    const rateLimit = yield* KeyRateLimit
    return ApiKeyAuthentication.of({
      apiKey: Effect.fnUntraced(function*(httpEffect, { credential, endpoint }) {
        const bearer = bearerOf(credential)
        if (!isApiKeyBearer(bearer)) {
          return yield* new ApiKeyRequired({
            message: "This endpoint needs an API key (Authorization: Bearer svc_…); a user session does not work here"
          })
        }
        const key = yield* verifier.verify(bearer)
        const required = Context.getOption(endpoint.annotations, RequiredScope)
        if (!hasScope(key, required)) {
          return yield* new InsufficientScope({
            message: `The API key lacks the scope ${Option.getOrElse(required, () => "")} this endpoint needs`,
            details: { requiredScope: Option.getOrNull(required) }
          })
        }
        yield* rateLimit.enforce(key)
        return yield* Effect.provideService(httpEffect, CurrentApiKey, key)
      })
    })
  })
)

export const UserOrApiKeyAuthenticationLive = Layer.effect(
  UserOrApiKeyAuthentication,
  Effect.gen(function*() {
    const verifier = yield* ApiKeyVerifier
    const sessions = yield* SessionAuthenticator
    const rateLimit = yield* KeyRateLimit
    return UserOrApiKeyAuthentication.of({
      sessionToken: Effect.fnUntraced(function*(httpEffect, { credential, endpoint }) {
        const bearer = bearerOf(credential)
        if (isApiKeyBearer(bearer)) {
          const key = yield* Effect.option(verifier.verify(bearer))
          if (Option.isSome(key) && hasScope(key.value, Context.getOption(endpoint.annotations, RequiredScope))) {
            yield* rateLimit.enforce(key.value)
            return yield* Effect.provideService(httpEffect, CurrentCaller, { _tag: "ApiKey", key: key.value })
          }
        }
        const user = yield* sessions.authenticate(bearer)
        return yield* Effect.provideService(httpEffect, CurrentCaller, { _tag: "User", user })
      })
    })
  })
)
