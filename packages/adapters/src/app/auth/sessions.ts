/**
 * Login, refresh-token rotation with reuse detection, and logout (CONTRACT.md
 * "Sessions"). A refresh token is spent by a conditional UPDATE, so two concurrent
 * refreshes with one token cannot both succeed; presenting a spent token again revokes
 * every refresh token of its user.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import * as Statement from "effect/sql/Statement"
import type { SqlError } from "effect/sql/SqlError"
import { InvalidCredentials, InvalidToken, TooManyAttempts } from "@quote/core/auth/errors"
import { AuditContext } from "@quote/core/audit/audit-context"
import { UserId } from "@quote/core/shared/ids"
import { PasswordHasher } from "@quote/core/auth/password-hasher"
import { hashRefreshToken, refreshTokenLifetime, SessionTokens } from "@quote/core/auth/session-tokens"
import { type SessionGrant, SessionUser } from "@quote/core/auth/views"
import { AuditTrail } from "../audit/audit-trail.ts"
import { LoginThrottle } from "./login-throttle.ts"
import { selectSessionUsers } from "./session-users.ts"

/** A session user plus what login and refresh check. */
const LoginRow = Schema.Struct({
  ...SessionUser.fields,
  passwordHash: Schema.String,
  active: Schema.Boolean
})

const RefreshRow = Schema.Struct({
  id: Schema.String,
  userId: UserId,
  familyId: Schema.String,
  spentAt: Schema.NullOr(Schema.Date),
  revokedAt: Schema.NullOr(Schema.Date),
  expiresAt: Schema.Date
})

const invalidRefresh = () => new InvalidToken({ message: "The refresh token is not valid" })

export class Sessions extends Context.Service<Sessions, {
  readonly login: (email: string, password: string) => Effect.Effect<SessionGrant, InvalidCredentials | TooManyAttempts>
  readonly refresh: (refreshToken: string) => Effect.Effect<SessionGrant, InvalidToken>
  readonly logout: (refreshToken: string) => Effect.Effect<void>
  /** Revokes every refresh token of a user (password change, deactivation). */
  readonly revokeAll: (userId: UserId) => Effect.Effect<void>
}>()("@quote/adapters/Sessions") {
  static readonly layer = Layer.effect(
    Sessions,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const tokens = yield* SessionTokens
      const passwords = yield* PasswordHasher
      const throttle = yield* LoginThrottle
      const audit = yield* AuditTrail

      const loginRow = (where: Statement.Fragment) =>
        SqlSchema.findOneOption({
          Request: Schema.Void,
          Result: LoginRow,
          execute: () => sql`${selectSessionUsers(sql)} where ${where}`
        })(undefined)
      const userByEmail = (email: string) => loginRow(sql`lower(u.email) = lower(${email})`)
      const userById = (id: UserId) => loginRow(sql`u.id = ${id}`)
      const refreshByHash = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: RefreshRow,
        execute: (hash) => sql`
          select id, user_id, family_id, spent_at, revoked_at, expires_at
            from refresh_tokens where token_hash = ${hash}`
      })

      const revokeAll = Effect.fn("Sessions.revokeAll")(function*(userId: UserId) {
        yield* sql`update refresh_tokens set revoked_at = now()
                    where user_id = ${userId} and revoked_at is null`.pipe(Effect.orDie)
      })

      const grant = Effect.fnUntraced(function*(row: typeof LoginRow.Type, familyId: Option.Option<string>) {
        const refresh = tokens.newRefreshToken()
        const expiresAt = DateTime.toDateUtc(DateTime.addDuration(yield* DateTime.now, refreshTokenLifetime))
        yield* sql`insert into refresh_tokens ${sql.insert({
          user_id: row.id,
          token_hash: refresh.hash,
          expires_at: expiresAt,
          ...(Option.isSome(familyId) ? { family_id: familyId.value } : {})
        })}`.pipe(Effect.orDie)
        const access = yield* tokens.issueAccess({ id: row.id, role: row.role })
        const { passwordHash: _hash, active: _active, ...user } = row
        return {
          accessToken: access.token,
          refreshToken: refresh.token,
          tokenType: "Bearer",
          expiresIn: access.expiresIn,
          user
        } satisfies SessionGrant
      })

      const login = Effect.fn("Sessions.login")(function*(email: string, password: string) {
        const { clientAddress } = yield* AuditContext
        const user = yield* userByEmail(email.trim()).pipe(Effect.orDie)
        const userId = Option.match(user, { onNone: () => null, onSome: (row) => row.id })
        // Throttled even with the right password, and before any compare (docs/security.md).
        const decision = yield* throttle.check(email, clientAddress)
        if (decision._tag === "Throttled") {
          yield* audit.recordLogin({
            action: "auth.login_throttled",
            actor: { type: "anonymous" },
            userId,
            summary: { retryAfterSeconds: decision.retryAfterSeconds }
          })
          return yield* new TooManyAttempts({
            message: "Too many failed logins; try again later",
            details: { retryAfterSeconds: decision.retryAfterSeconds }
          })
        }
        const matches = yield* passwords.matches(password, Option.match(user, {
          onNone: () => passwords.decoyHash,
          onSome: (row) => row.passwordHash
        }))
        if (Option.isNone(user) || !matches || !user.value.active) {
          // The same writes whether the account exists or not: only the timing of one compare differs, and it is equal.
          yield* Effect.all([
            throttle.recordFailure(email, clientAddress),
            audit.recordLogin({
              action: "auth.login_failed",
              actor: { type: "anonymous" },
              userId,
              summary: { reason: Option.isNone(user) ? "unknown_email" : matches ? "inactive_user" : "wrong_password" }
            })
          ]).pipe(sql.withTransaction, Effect.orDie)
          return yield* new InvalidCredentials({ message: "E-mail or password is not correct" })
        }
        const row = user.value
        return yield* Effect.gen(function*() {
          yield* throttle.clearAccount(email)
          yield* audit.recordLogin({
            action: "auth.login_succeeded",
            actor: { type: "user", id: row.id, role: row.role },
            userId: row.id,
            summary: {}
          })
          return yield* grant(row, Option.none())
        }).pipe(sql.withTransaction, Effect.orDie)
      })

      type Rotation =
        | { readonly _tag: "Granted"; readonly grant: SessionGrant }
        | { readonly _tag: "Reused"; readonly userId: UserId }
        | { readonly _tag: "Rejected" }

      const rotate = Effect.fnUntraced(function*(refreshToken: string): Effect.fn.Return<Rotation, SqlError> {
        const row = yield* refreshByHash(hashRefreshToken(refreshToken)).pipe(Effect.orDie)
        if (Option.isNone(row) || row.value.revokedAt !== null) return { _tag: "Rejected" }
        const now = yield* Clock.currentTimeMillis
        if (row.value.expiresAt.getTime() <= now) return { _tag: "Rejected" }
        // Spend it only if nobody did yet: the row count tells reuse from first use.
        const spent = yield* sql`update refresh_tokens set spent_at = now()
                                  where id = ${row.value.id} and spent_at is null and revoked_at is null
                                  returning id`
        if (spent.length === 0) return { _tag: "Reused", userId: row.value.userId }
        const user = yield* userById(row.value.userId).pipe(Effect.orDie)
        if (Option.isNone(user) || !user.value.active) return { _tag: "Rejected" }
        return { _tag: "Granted", grant: yield* grant(user.value, Option.some(row.value.familyId)) }
      })

      const refresh = Effect.fn("Sessions.refresh")(function*(refreshToken: string) {
        const rotation = yield* rotate(refreshToken).pipe(sql.withTransaction, Effect.orDie)
        switch (rotation._tag) {
          case "Granted":
            return rotation.grant
          case "Reused":
            // Outside the rotation's transaction, so the revocation stays even though the call fails.
            yield* revokeAll(rotation.userId)
            yield* Effect.logWarning("Refresh token reuse detected; every session of the user was revoked").pipe(
              Effect.annotateLogs({ userId: rotation.userId })
            )
            return yield* invalidRefresh()
          case "Rejected":
            return yield* invalidRefresh()
        }
      })

      const logout = Effect.fn("Sessions.logout")(function*(refreshToken: string) {
        yield* sql`update refresh_tokens set revoked_at = now()
                    where token_hash = ${hashRefreshToken(refreshToken)} and revoked_at is null`.pipe(Effect.orDie)
      })

      return Sessions.of({ login, refresh, logout, revokeAll })
    })
  ).pipe(Layer.provide([LoginThrottle.layer, AuditTrail.layer]))
}
