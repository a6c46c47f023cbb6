/**
 * The audit trail as a list (docs/security.md "Audit trail"): its query, an entry and a
 * page. Declared once: the service's types, the endpoint's schemas, the CLI's flag
 * decoder and the decoder of the rows the service reads.
 */
import * as Schema from "effect/Schema"
import { AUDIT_PAGE_MAX, AuditActorType } from "./audit-listing.ts"
import { Uuid } from "../shared/ids.ts"
import { IsoInstant, Timestamp } from "../shared/fields.ts"

const Text = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))

/** The query of `GET /api/audit`; the CLI decodes its flags with it too. */
export const AuditQuery = Schema.Struct({
  action: Schema.optionalKey(Text.annotate({ description: "e.g. `api_key.revoked`, `auth.login_failed`" })),
  entityType: Schema.optionalKey(Text.annotate({ description: "e.g. `api_key`, `user`, `webhook_endpoint`" })),
  entityId: Schema.optionalKey(Text),
  actorId: Schema.optionalKey(Uuid.annotate({ description: "A user id or an API key id" })),
  from: Schema.optionalKey(IsoInstant.annotate({ description: "Entries at or after this instant" })),
  to: Schema.optionalKey(IsoInstant.annotate({ description: "Entries before this instant" })),
  /** The `nextCursor` of the previous page. */
  cursor: Schema.optionalKey(Text.annotate({ description: "`nextCursor` of the previous page" })),
  limit: Schema.optionalKey(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: AUDIT_PAGE_MAX })).annotate({ description: "1–200, default 50" })
  )
})
export type AuditQuery = typeof AuditQuery.Type

/** Ids are strings: an entry names a user, an API key or any audited entity. */
export const AuditEntry = Schema.Struct({
  id: Schema.String,
  at: Timestamp,
  actor: Schema.Struct({
    type: AuditActorType,
    id: Schema.NullOr(Schema.String).annotate({ description: "The user or API key id" }),
    role: Schema.NullOr(Schema.String).annotate({ description: "The user's role; for `database`, the database role" })
  }),
  action: Schema.String,
  entityType: Schema.String,
  entityId: Schema.NullOr(Schema.String),
  summary: Schema.Unknown.annotate({ description: "What changed; never a secret, password, token or key value" }),
  requestId: Schema.NullOr(Schema.String),
  clientAddress: Schema.NullOr(Schema.String)
}).annotate({ identifier: "AuditEntry" })
export type AuditEntry = typeof AuditEntry.Type

export const AuditPage = Schema.Struct({
  items: Schema.Array(AuditEntry),
  /** Pass as `cursor` for the next (older) page; `null` on the last page. */
  nextCursor: Schema.NullOr(Schema.String)
})
export type AuditPage = typeof AuditPage.Type
