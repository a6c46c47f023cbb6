/**
 * How the services of routes, clients and companies run a write: in one transaction, so
 * a domain error (or a defect) half-way rolls back everything, including the webhook
 * events the triggers recorded and the e-mails queued in the outbox. A SQL failure is
 * unexpected at this point (inputs were validated, known constraint violations mapped
 * by the caller) and becomes a defect: a 500 with a request id, never a stack trace.
 */
import * as Effect from "effect/Effect"
import * as SqlClient from "effect/sql/SqlClient"

export const inWriteTransaction = (sql: SqlClient.SqlClient) =>
<A, E, R>(
  write: Effect.Effect<A, E, R>
): Effect.Effect<A, Exclude<E, { readonly _tag: "SqlError" }>, Exclude<R, SqlClient.SqlClient>> =>
  write.pipe(
    sql.withTransaction,
    Effect.catchTag("SqlError", Effect.die),
    Effect.provideService(SqlClient.SqlClient, sql)
  )
