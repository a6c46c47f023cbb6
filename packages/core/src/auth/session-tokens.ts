/**
 * The session token port: short-lived signed access tokens (verified on every request
 * without the database) and opaque refresh tokens, of which only a SHA-256 hash is
 * stored. The adapter signs HS256 JWTs with SESSION_SECRET
 * (`@quote/adapters/infra/session-tokens`), wired in `@quote/adapters/live/auth-live`.
 */
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import type * as Effect from "effect/Effect"
import { createHash } from "node:crypto"
import type { Role } from "./access.ts"
import type { InvalidToken } from "./errors.ts"
import type { UserId } from "../shared/ids.ts"

export const accessTokenLifetime = Duration.hours(8)
export const refreshTokenLifetime = Duration.days(30)

export interface AccessToken {
  readonly token: string
  /** Seconds. */
  readonly expiresIn: number
}

export interface VerifiedAccess {
  readonly userId: UserId
  readonly role: Role
}

/** SHA-256 of a refresh token: what the database keeps instead of the token. */
export const hashRefreshToken = (token: string): string => createHash("sha256").update(token).digest("hex")

export class SessionTokens extends Context.Service<SessionTokens, {
  readonly issueAccess: (user: { readonly id: string; readonly role: Role }) => Effect.Effect<AccessToken>
  readonly verifyAccess: (token: string) => Effect.Effect<VerifiedAccess, InvalidToken>
  /** A new refresh token and the hash to store (`hashRefreshToken` of it). */
  readonly newRefreshToken: () => { readonly token: string; readonly hash: string }
}>()("@quote/core/SessionTokens") {}
