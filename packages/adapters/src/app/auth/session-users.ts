/**
 * Loads the user behind a verified access token, fresh on every request, so a moved
 * client sees its new company at once. Deactivation does not end an issued access token
 * (spec: it stays valid until it expires); it only stops login and refresh.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { UserId } from "@quote/core/shared/ids"
import { SessionUser } from "@quote/core/auth/views"

/**
 * The session user's columns and joins (company from the user or its branch; the client
 * record of a client login), plus what login and refresh check; callers append the `where`.
 */
export const selectSessionUsers = (sql: SqlClient.SqlClient) =>
  sql`select u.id, u.role, u.name, u.email,
             coalesce(u.company_id, b.company_id) as company_id, u.branch_id, c.id as client_id,
             u.password_hash, u.active
        from users u
        left join branches b on b.id = u.branch_id
        left join clients c on c.user_id = u.id`

export class SessionUsers extends Context.Service<SessionUsers, {
  readonly find: (userId: UserId) => Effect.Effect<Option.Option<SessionUser>>
}>()("@quote/adapters/SessionUsers") {
  static readonly layer = Layer.effect(
    SessionUsers,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      // The view's fields only: the password hash and the flag are not part of it.
      const findUser = SqlSchema.findOneOption({
        Request: UserId,
        Result: SessionUser,
        execute: (userId) => sql`${selectSessionUsers(sql)} where u.id = ${userId}`
      })
      const find = Effect.fn("SessionUsers.find")(function*(userId: UserId) {
        return yield* findUser(userId).pipe(Effect.orDie)
      })
      return SessionUsers.of({ find })
    })
  )
}
