/**
 * A `SqlClient` whose transactions carry the audit context: the outermost
 * `withTransaction` first writes the current `AuditContext` (actor, request id, client
 * address) into transaction-local settings (`set_config('audit.…', value, true)`), which
 * the audit triggers of `migrations/0004_security.sql` read. So every service that writes
 * in a transaction is audited with the right actor without knowing about it, and a change
 * made outside the service (psql) is still recorded, as `database`.
 *
 * Everything else is the wrapped client itself; statements outside a transaction carry no
 * context, so audited writes run in a transaction (docs/security.md).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SqlClient from "effect/sql/SqlClient"
import { actorColumns, AuditContext } from "@quote/core/audit/audit-context"

/** Writes the current audit context into the open transaction. */
export const writeAuditSettings = (sql: SqlClient.SqlClient) =>
  Effect.gen(function*() {
    const context = yield* AuditContext
    const actor = actorColumns(yield* context.actor)
    yield* sql`select set_config('audit.actor_type', ${actor.actor_type}, true),
                      set_config('audit.actor_id', ${actor.actor_id ?? ""}, true),
                      set_config('audit.actor_role', ${actor.actor_role ?? ""}, true),
                      set_config('audit.request_id', ${context.requestId ?? ""}, true),
                      set_config('audit.client_address', ${context.clientAddress ?? ""}, true)`
  })

export const auditedSqlClient = (client: SqlClient.SqlClient): SqlClient.SqlClient => {
  const withTransaction: SqlClient.SqlClient["withTransaction"] = (effect) =>
    Effect.flatMap(Effect.serviceOption(client.transactionService), (open) =>
      Option.isSome(open)
        ? client.withTransaction(effect)
        : client.withTransaction(Effect.andThen(writeAuditSettings(client), effect)))
  // The client is a tagged-template function with properties: a proxy keeps both and
  // answers `withTransaction` with ours.
  return new Proxy(client, {
    get: (target, property, receiver) =>
      property === "withTransaction" ? withTransaction : Reflect.get(target, property, receiver)
  })
}

/** Replaces the `SqlClient` of the layers it is provided to with the audited one. */
export const AuditedSqlClient = {
  layer: Layer.effect(SqlClient.SqlClient, Effect.map(SqlClient.SqlClient, auditedSqlClient))
}
