/**
 * Reading the audit trail (`GET /api/audit`, `npm run cli -- audit list`) and recording
 * the entries no trigger can see (logins). Entries are append-only: there is no update or
 * delete here; the 400-day purge is `audit-retention.ts`.
 */
import { Context, Effect, Layer, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { redactSecrets } from "@quote/core/audit/audit-redaction"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { actorColumns, AuditContext, type AuditActor } from "@quote/core/audit/audit-context"
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, AuditActorType } from "@quote/core/audit/audit-listing"

export interface AuditFilter {
  readonly action?: string | undefined
  readonly entityType?: string | undefined
  readonly entityId?: string | undefined
  readonly actorId?: string | undefined
  readonly from?: Date | undefined
  readonly to?: Date | undefined
  /** The `nextCursor` of the previous page. */
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

export interface AuditEntry {
  readonly id: string
  readonly at: Date
  readonly actor: { readonly type: AuditActorType; readonly id: string | null; readonly role: string | null }
  readonly action: string
  readonly entityType: string
  readonly entityId: string | null
  readonly summary: unknown
  readonly requestId: string | null
  readonly clientAddress: string | null
}

export interface AuditPage {
  readonly items: ReadonlyArray<AuditEntry>
  /** Pass as `cursor` for the next (older) page; `null` on the last page. */
  readonly nextCursor: string | null
}

const AuditRow = Schema.Struct({
  id: Schema.String,
  seq: Schema.Number,
  created_at: Schema.Date,
  actor_type: AuditActorType,
  actor_id: Schema.NullOr(Schema.String),
  actor_role: Schema.NullOr(Schema.String),
  action: Schema.String,
  entity_type: Schema.String,
  entity_id: Schema.NullOr(Schema.String),
  summary: Schema.Unknown,
  request_id: Schema.NullOr(Schema.String),
  client_address: Schema.NullOr(Schema.String)
})

const toEntry = (row: typeof AuditRow.Type): AuditEntry => ({
  id: row.id,
  at: row.created_at,
  actor: { type: row.actor_type, id: row.actor_id, role: row.actor_role },
  action: row.action,
  entityType: row.entity_type,
  entityId: row.entity_id,
  // Again on the way out: no secret is shown even if one was ever stored.
  summary: redactSecrets(row.summary),
  requestId: row.request_id,
  clientAddress: row.client_address
})

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
  readonly list: (filter: AuditFilter) => Effect.Effect<AuditPage>
  /** Records a login attempt with the current request's id and address. */
  readonly recordLogin: (entry: LoginAuditEntry) => Effect.Effect<void>
}>()("@quote/adapters/AuditTrail") {
  static readonly layer = Layer.effect(
    AuditTrail,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const list = Effect.fn("AuditTrail.list")(function*(filter: AuditFilter) {
        const limit = Math.min(Math.max(filter.limit ?? AUDIT_PAGE_DEFAULT, 1), AUDIT_PAGE_MAX)
        const before = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor)
        const conditions = [
          filter.action === undefined ? undefined : sql`action = ${filter.action}`,
          filter.entityType === undefined ? undefined : sql`entity_type = ${filter.entityType}`,
          filter.entityId === undefined ? undefined : sql`entity_id = ${filter.entityId}`,
          filter.actorId === undefined ? undefined : sql`actor_id = ${filter.actorId}::uuid`,
          filter.from === undefined ? undefined : sql`created_at >= ${filter.from}`,
          filter.to === undefined ? undefined : sql`created_at < ${filter.to}`,
          before === undefined ? undefined : sql`seq < ${before}`
        ].filter((condition) => condition !== undefined)
        const rows = yield* SqlSchema.findAll({
          Request: Schema.Void,
          Result: AuditRow,
          execute: () => sql`
            select id, seq, created_at, actor_type, actor_id, actor_role, action, entity_type, entity_id,
                   summary, request_id, client_address
              from audit_log
             ${conditions.length === 0 ? sql`` : sql`where ${sql.and(conditions)}`}
             order by seq desc
             limit ${limit + 1}`
        })(undefined).pipe(Effect.orDie)
        const page = rows.slice(0, limit)
        return {
          items: page.map(toEntry),
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
