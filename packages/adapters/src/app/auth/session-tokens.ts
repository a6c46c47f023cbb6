/**
 * Session access tokens: HS256 JWTs (`sub` = user id, `role`, `exp`) signed with
 * SESSION_SECRET, plus opaque refresh tokens of which only a SHA-256 hash is stored.
 * Verification is pure CPU (no database), so it is cheap on every request.
 */
import { Clock, Context, Duration, Effect, Layer, Redacted, Schema } from "effect"
import { errors as joseErrors, jwtVerify, SignJWT } from "jose"
import { createHash, randomBytes } from "node:crypto"
import { InvalidToken } from "@quote/core/errors/auth"
import { Role } from "@quote/core/access"
import { AppConfig } from "@quote/core/app-config"
import { UserId } from "@quote/core/ids"

export const accessTokenLifetime = Duration.hours(8)
export const refreshTokenLifetime = Duration.days(30)

const AccessClaims = Schema.Struct({ sub: UserId, role: Role, exp: Schema.Number })
const decodeClaims = Schema.decodeUnknownOption(AccessClaims)

export interface AccessToken {
  readonly token: string
  readonly expiresIn: number
}

export interface VerifiedAccess {
  readonly userId: UserId
  readonly role: Role
}

/** SHA-256 of a refresh token: what the database keeps instead of the token. */
export const hashRefreshToken = (token: string) => createHash("sha256").update(token).digest("hex")

const invalid = (message: string) => new InvalidToken({ message })

export class SessionTokens extends Context.Service<SessionTokens, {
  readonly issueAccess: (user: { readonly id: string; readonly role: Role }) => Effect.Effect<AccessToken>
  readonly verifyAccess: (token: string) => Effect.Effect<VerifiedAccess, InvalidToken>
  readonly newRefreshToken: () => { readonly token: string; readonly hash: string }
}>()("@quote/adapters/SessionTokens") {
  static readonly layer = Layer.effect(
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
}
