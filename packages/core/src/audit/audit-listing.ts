/**
 * The audit trail as a list (`GET /api/audit`, `cli audit list`): its page sizes and the
 * kinds of actor an entry names. Shared by the HTTP contract and the reader.
 */
import * as Schema from "effect/Schema"

export const AUDIT_PAGE_MAX = 200
export const AUDIT_PAGE_DEFAULT = 50

/** `database` is a change made outside the service (a direct SQL session). */
export const AuditActorType = Schema.Literals(["user", "api_key", "system", "cron", "anonymous", "database"])
export type AuditActorType = typeof AuditActorType.Type
