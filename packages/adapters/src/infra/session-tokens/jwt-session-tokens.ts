/**
 * `SessionTokens` as HS256 JWTs (`sub` = user id, `role`, `exp`) signed with
 * SESSION_SECRET (jose), and refresh tokens of 32 random bytes. Verification is pure CPU
 * (no database), so it is cheap on every request.
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { errors as joseErrors, jwtVerify, SignJWT } from "jose"
import { randomBytes } from "node:crypto"
import { Role } from "@quote/core/auth/access"
import { AppConfig } from "@quote/core/shared/app-config"
import { accessTokenLifetime, hashRefreshToken, SessionTokens } from "@quote/core/auth/session-tokens"
import { InvalidToken } from "@quote/core/auth/errors"
import { UserId } from "@quote/core/shared/ids"

const AccessClaims = Schema.Struct({ sub: UserId, role: Role, exp: Schema.Number })
const decodeClaims = Schema.decodeUnknownOption(AccessClaims)

const invalid = (message: string) => new InvalidToken({ message })

export const JwtSessionTokens = Layer.effect(
  SessionTokens,
  Effect.gen(function*() {
    const { sessionSecret } = yield* AppConfig
    const key = new TextEncoder().encode(Redacted.value(sessionSecret))
    const lifetimeSeconds = Duration.toSeconds(accessTokenLifetime)

    const issueAccess = Effect.fn("SessionTokens.issueAccess")(function*(user: { readonly id: string; readonly role: Role }) {
      const nowSeconds = Math.floor((yield* Clock.currentTimeMillis) / 1000)
      const token = yield* Effect.promise(() =>
        new SignJWT({ role: user.role })
          .setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .setSubject(user.id)
          .setIssuedAt(nowSeconds)
          .setExpirationTime(nowSeconds + lifetimeSeconds)
          .sign(key)
      )
      return { token, expiresIn: lifetimeSeconds }
    })

    const verifyAccess = Effect.fn("SessionTokens.verifyAccess")(function*(token: string) {
      if (token === "") return yield* invalid("A session token is required (Authorization: Bearer <token>)")
      const nowSeconds = Math.floor((yield* Clock.currentTimeMillis) / 1000)
      const payload = yield* Effect.tryPromise({
        try: () => jwtVerify(token, key, { algorithms: ["HS256"], currentDate: new Date(nowSeconds * 1000) }),
        catch: (error) =>
          invalid(error instanceof joseErrors.JWTExpired ? "The session token has expired" : "The session token is not valid")
      })
      const claims = decodeClaims(payload.payload)
      if (claims._tag === "None") return yield* invalid("The session token is not valid")
      return { userId: claims.value.sub, role: claims.value.role }
    })

    const newRefreshToken = () => {
      const token = randomBytes(32).toString("base64url")
      return { token, hash: hashRefreshToken(token) }
    }

    return SessionTokens.of({ issueAccess, verifyAccess, newRefreshToken })
  })
)
