/**
 * Session-token middlewares. The roles an endpoint allows come from its `AllowedRoles`
 * annotation (see `packages/api/src/security.ts`), so this one implementation serves every endpoint.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { Forbidden, InvalidToken } from "@quote/core/auth/errors"
import type { SessionUser } from "@quote/core/auth/views"
import { SessionTokens } from "@quote/core/auth/session-tokens"
import { SessionUsers } from "@quote/adapters/app/auth/session-users"
import {
  AllowedRoles,
  CurrentUser,
  MaybeUser,
  OptionalUserAuthentication,
  UserAuthentication
} from "@quote/api/security"

/** Verifies a bearer token and loads its user; shared by every user-facing middleware. */
export class SessionAuthenticator extends Context.Service<SessionAuthenticator, {
  readonly authenticate: (token: string) => Effect.Effect<SessionUser, InvalidToken>
}>()("@quote/http/SessionAuthenticator") {
  static readonly layer = Layer.effect(
    SessionAuthenticator,
    Effect.gen(function*() {
      const tokens = yield* SessionTokens
      const users = yield* SessionUsers
      const authenticate = Effect.fn("SessionAuthenticator.authenticate")(function*(token: string) {
        const access = yield* tokens.verifyAccess(token)
        const user = yield* users.find(access.userId)
        if (Option.isNone(user)) {
          return yield* new InvalidToken({ message: "The session token's user no longer exists" })
        }
        return user.value
      })
      return SessionAuthenticator.of({ authenticate })
    })
  )
}

export const UserAuthenticationLive = Layer.effect(
  UserAuthentication,
  Effect.gen(function*() {
    const authenticator = yield* SessionAuthenticator
    return UserAuthentication.of({
      sessionToken: Effect.fnUntraced(function*(httpEffect, { credential, endpoint }) {
        const user = yield* authenticator.authenticate(Redacted.value(credential))
        const allowed = Context.getOption(endpoint.annotations, AllowedRoles)
        if (Option.isSome(allowed) && !allowed.value.includes(user.role)) {
          return yield* new Forbidden({ message: `This endpoint is not available to the ${user.role} role` })
        }
        return yield* Effect.provideService(httpEffect, CurrentUser, user)
      })
    })
  })
)

export const OptionalUserAuthenticationLive = Layer.effect(
  OptionalUserAuthentication,
  Effect.gen(function*() {
    const authenticator = yield* SessionAuthenticator
    return OptionalUserAuthentication.of({
      sessionToken: Effect.fnUntraced(function*(httpEffect, { credential }) {
        const token = Redacted.value(credential)
        // No token means anonymous; a token that is sent must be valid.
        const user = token === "" ? Option.none() : Option.some(yield* authenticator.authenticate(token))
        return yield* Effect.provideService(httpEffect, MaybeUser, user)
      })
    })
  })
)
