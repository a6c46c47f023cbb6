/**
 * The audit trail (docs/security.md "Audit trail"), admin only: newest first, keyset
 * pagination (`nextCursor` → `cursor`). Read-only: entries are append-only.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { AUDIT_PAGE_MAX, AuditActorType } from "@quote/core/audit/audit-listing"
import { ValidationError } from "@quote/core/errors/common"
import { Uuid } from "./catalog.ts"
import { errorEnvelopes } from "./error-envelope.ts"
import { IsoInstant } from "./promotions.ts"
import { access, UserAuthentication } from "./security.ts"

const Text = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))

/** The query of `GET /api/audit`; the CLI decodes its flags with it too. */
export const AuditQuery = {
  action: Schema.optionalKey(Text.annotate({ description: "e.g. `api_key.revoked`, `auth.login_failed`" })),
  entityType: Schema.optionalKey(Text.annotate({ description: "e.g. `api_key`, `user`, `webhook_endpoint`" })),
  entityId: Schema.optionalKey(Text),
  actorId: Schema.optionalKey(Uuid.annotate({ description: "A user id or an API key id" })),
  from: Schema.optionalKey(IsoInstant.annotate({ description: "Entries at or after this instant" })),
  to: Schema.optionalKey(IsoInstant.annotate({ description: "Entries before this instant" })),
  cursor: Schema.optionalKey(Text.annotate({ description: "`nextCursor` of the previous page" })),
  limit: Schema.optionalKey(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: AUDIT_PAGE_MAX })).annotate({ description: "1–200, default 50" })
  )
}

export const AuditEntryJson = Schema.Struct({
  id: Schema.String,
  at: Schema.Date,
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

export const AuditPageJson = Schema.Struct({
  items: Schema.Array(AuditEntryJson),
  nextCursor: Schema.NullOr(Schema.String)
})

export class AuditApi extends HttpApiGroup.make("audit")
  .add(
    HttpApiEndpoint.get("list", "/", {
      query: AuditQuery,
      success: AuditPageJson,
      error: errorEnvelopes(ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Security- and money-relevant changes, newest first.")
  )
  .prefix("/api/audit")
  .annotate(OpenApi.Title, "Audit trail")
{}
