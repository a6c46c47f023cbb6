/**
 * Reading the audit trail (`GET /api/audit`, `npm run cli -- audit list`) and recording
 * the entries no trigger can see (logins). Entries are append-only: there is no update or
 * delete here; the 400-day purge is `audit-retention.ts`.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { redactSecrets } from "@quote/core/audit/audit-redaction"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { actorColumns, AuditContext, type AuditActor } from "@quote/core/audit/audit-context"
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from "@quote/core/audit/audit-listing"
import { AuditEntry, type AuditPage, type AuditQuery } from "@quote/core/audit/views"

/** An entry with its sequence number (the cursor), read with the entry's field names. */
const AuditRow = Schema.Struct({ ...AuditEntry.fields, seq: Schema.Number })

/** The cursor is the last entry's sequence number, opaque to callers. */
const encodeCursor = (seq: number) => Buffer.from(`seq:${seq}`).toString("base64url")
const decodeCursor = (cursor: string): number | undefined => {
  const match = /^seq:(\d{1,15})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"))
  return match === null ? undefined : Number(match[1])
}
export const isValidAuditCursor = (cursor: string) => decodeCursor(cursor) !== undefined

export interface LoginAuditEntry {
  readonly action: "auth.login_succeeded" | "auth.login_failed" | "auth.login_throttled"
  readonly actor: AuditActor
  /** The account, when the e-mail belongs to one. */
  readonly userId: string | null
  readonly summary: Record<string, unknown>
}

export class AuditTrail extends Context.Service<AuditTrail, {
  readonly list: (query: AuditQuery) => Effect.Effect<AuditPage>
  /** Records a login attempt with the current request's id and address. */
  readonly recordLogin: (entry: LoginAuditEntry) => Effect.Effect<void>
}>()("@quote/adapters/AuditTrail") {
  static readonly layer = Layer.effect(
    AuditTrail,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      // `summary` holds the changed columns' old and new values keyed by their stored
      // (snake_case) names, as docs/security.md shows them: read without the camelCase
      // transform, and the other columns named as the entry's fields in SQL.
      const asStored = sql.withoutTransforms()

      const list = Effect.fn("AuditTrail.list")(function*(filter: AuditQuery) {
        const limit = Math.min(Math.max(filter.limit ?? AUDIT_PAGE_DEFAULT, 1), AUDIT_PAGE_MAX)
        const before = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor)
        const conditions = [
          filter.action === undefined ? undefined : asStored`action = ${filter.action}`,
          filter.entityType === undefined ? undefined : asStored`entity_type = ${filter.entityType}`,
          filter.entityId === undefined ? undefined : asStored`entity_id = ${filter.entityId}`,
          filter.actorId === undefined ? undefined : asStored`actor_id = ${filter.actorId}::uuid`,
          filter.from === undefined ? undefined : asStored`created_at >= ${filter.from}`,
          filter.to === undefined ? undefined : asStored`created_at < ${filter.to}`,
          before === undefined ? undefined : asStored`seq < ${before}`
        ].filter((condition) => condition !== undefined)
        const rows = yield* SqlSchema.findAll({
          Request: Schema.Void,
          Result: AuditRow,
          execute: () => asStored`
            select id, seq, created_at as "at",
                   json_build_object('type', actor_type, 'id', actor_id, 'role', actor_role) as actor,
                   action, entity_type as "entityType", entity_id as "entityId", summary,
                   request_id as "requestId", client_address as "clientAddress"
              from audit_log
             ${conditions.length === 0 ? asStored`` : asStored`where ${asStored.and(conditions)}`}
             order by seq desc
             limit ${limit + 1}`
        })(undefined).pipe(Effect.orDie)
        const page = rows.slice(0, limit)
        return {
          // Redacted again on the way out: no secret is shown even if one was ever stored.
          items: page.map(({ seq: _seq, ...entry }): AuditEntry => ({ ...entry, summary: redactSecrets(entry.summary) })),
          nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1].seq) : null
        }
      })

      const recordLogin = Effect.fn("AuditTrail.recordLogin")(function*(entry: LoginAuditEntry) {
        const context = yield* AuditContext
        yield* sql`insert into audit_log ${sql.insert({
          ...actorColumns(entry.actor),
          action: entry.action,
          entity_type: "user",
          entity_id: entry.userId,
          summary: jsonb(entry.summary),
          request_id: context.requestId,
          client_address: context.clientAddress
        })}`.pipe(Effect.orDie)
      })

      return AuditTrail.of({ list, recordLogin })
    })
  )
}
