/**
 * `RoleOrApiKeyAuthentication` (`packages/api/src/security-role-or-key.ts`): an `svc_…` bearer is an
 * API key and must carry the endpoint's `RequiredScope`; anything else is a session token
 * whose user must have one of the `AllowedRoles`. A key is counted against its rate limit
 * (`rate-limit/key-rate-limit.ts`).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { Forbidden, InsufficientScope } from "@quote/core/auth/errors"
import { API_KEY_PREFIX } from "@quote/core/shared/secrets"
import { ApiKeyVerifier } from "@quote/adapters/app/api-keys/api-key-verifier"
import { RoleOrApiKeyAuthentication } from "@quote/api/security-role-or-key"
import { AllowedRoles, CurrentCaller, RequiredScope } from "@quote/api/security"
import { SessionAuthenticator } from "./user-authentication.ts"
import { KeyRateLimit } from "../../rate-limit/key-rate-limit.ts"

export const RoleOrApiKeyAuthenticationLive = Layer.effect(
  RoleOrApiKeyAuthentication,
  Effect.gen(function*() {
    const verifier = yield* ApiKeyVerifier
    const sessions = yield* SessionAuthenticator
    const rateLimit = yield* KeyRateLimit
    return RoleOrApiKeyAuthentication.of({
      sessionToken: Effect.fnUntraced(function*(httpEffect, { credential, endpoint }) {
        const bearer = Redacted.value(credential).trim()
        if (bearer.startsWith(API_KEY_PREFIX)) {
          const key = yield* verifier.verify(bearer)
          const required = Context.getOption(endpoint.annotations, RequiredScope)
          if (Option.isSome(required) && !key.scopes.includes(required.value)) {
            return yield* new InsufficientScope({
              message: `The API key lacks the scope ${required.value} this endpoint needs`,
              details: { requiredScope: required.value }
            })
          }
          yield* rateLimit.enforce(key)
          return yield* Effect.provideService(httpEffect, CurrentCaller, { _tag: "ApiKey", key })
        }
        const user = yield* sessions.authenticate(bearer)
        const allowed = Context.getOption(endpoint.annotations, AllowedRoles)
        if (Option.isSome(allowed) && !allowed.value.includes(user.role)) {
          return yield* new Forbidden({ message: `This endpoint is not available to the ${user.role} role` })
        }
        return yield* Effect.provideService(httpEffect, CurrentCaller, { _tag: "User", user })
      })
    })
  })
)
