/**
 * Who is changing things, for the audit trail: the actor, the request id and the client
 * address of the current request (docs/security.md "Audit trail"). The HTTP edge provides
 * it per request; work started by the service itself (schedules, dispatchers) runs with
 * the default, `system`. `AuditedSqlClient` writes it into every transaction, where the
 * audit triggers read it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"

export type AuditActor =
  | { readonly type: "user"; readonly id: string; readonly role: string }
  | { readonly type: "api_key"; readonly id: string }
  | { readonly type: "system" }
  | { readonly type: "cron" }
  | { readonly type: "anonymous" }

export const systemActor: AuditActor = { type: "system" }

export interface AuditRequest {
  readonly requestId: string | null
  readonly clientAddress: string | null
  /**
   * Resolved when a transaction starts, in the fiber that starts it: the HTTP layer
   * only knows the caller once the endpoint's authentication has run.
   */
  readonly actor: Effect.Effect<AuditActor>
}

export const AuditContext = Context.Reference<AuditRequest>("@quote/core/AuditContext", {
  defaultValue: () => ({ requestId: null, clientAddress: null, actor: Effect.succeed(systemActor) })
})

/** The columns of an actor in `audit_log` (and the `audit.*` transaction settings). */
export const actorColumns = (actor: AuditActor) => ({
  actor_type: actor.type,
  actor_id: actor.type === "user" || actor.type === "api_key" ? actor.id : null,
  actor_role: actor.type === "user" ? actor.role : null
})
