/**
 * Loads the user behind a verified access token, fresh on every request, so a moved
 * client sees its new company at once. Deactivation does not end an issued access token
 * (spec: it stays valid until it expires); it only stops login and refresh.
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { Role, type SessionUser } from "@quote/core/access"

export const SessionUserRow = Schema.Struct({
  id: Schema.String,
  role: Role,
  name: Schema.String,
  email: Schema.String,
  company_id: Schema.NullOr(Schema.String),
  branch_id: Schema.NullOr(Schema.String),
  client_id: Schema.NullOr(Schema.String)
})

/**
 * The session user's columns and joins (company from the user or its branch; the client
 * record of a client login); callers append the `where`.
 */
export const selectSessionUsers = (sql: SqlClient.SqlClient) =>
  sql`select u.id, u.role, u.name, u.email,
             coalesce(u.company_id, b.company_id) as company_id, u.branch_id, c.id as client_id,
             u.password_hash, u.active
        from users u
        left join branches b on b.id = u.branch_id
        left join clients c on c.user_id = u.id`

export const toSessionUser = (row: typeof SessionUserRow.Type): SessionUser => ({
  id: row.id,
  role: row.role,
  name: row.name,
  email: row.email,
  companyId: row.company_id,
  branchId: row.branch_id,
  clientId: row.client_id
})

export class SessionUsers extends Context.Service<SessionUsers, {
  readonly find: (userId: string) => Effect.Effect<Option.Option<SessionUser>>
}>()("@quote/adapters/SessionUsers") {
  static readonly layer = Layer.effect(
    SessionUsers,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const findRow = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: SessionUserRow,
        execute: (userId) => sql`${selectSessionUsers(sql)} where u.id = ${userId}`
      })
      const find = Effect.fn("SessionUsers.find")(function*(userId: string) {
        const row = yield* findRow(userId).pipe(Effect.orDie)
        return Option.map(row, toSessionUser)
      })
      return SessionUsers.of({ find })
    })
  )
}
