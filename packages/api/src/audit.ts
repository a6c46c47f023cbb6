/**
 * The audit trail (docs/security.md "Audit trail"), admin only: newest first, keyset
 * pagination (`nextCursor` → `cursor`). Read-only: entries are append-only.
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { ValidationError } from "@quote/core/shared/errors"
import { AuditPage, AuditQuery } from "@quote/core/audit/views"
import { errorEnvelopes } from "./error-envelope.ts"
import { access, UserAuthentication } from "./security.ts"

export class AuditApi extends HttpApiGroup.make("audit")
  .add(
    HttpApiEndpoint.get("list", "/", {
      query: AuditQuery.fields,
      success: AuditPage,
      error: errorEnvelopes(ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
      .annotate(OpenApi.Description, "Access: roles admin. Security- and money-relevant changes, newest first.")
  )
  .prefix("/api/audit")
  .annotate(OpenApi.Title, "Audit trail")
{}
