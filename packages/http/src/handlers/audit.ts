import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { AuditTrail, isValidAuditCursor } from "@quote/adapters/app/audit/audit-trail"
import { ValidationError } from "@quote/core/shared/errors"
import { QuotationApi } from "@quote/api/api"

export const AuditHandlers = HttpApiBuilder.group(
  QuotationApi,
  "audit",
  Effect.fn(function*(handlers) {
    const audit = yield* AuditTrail
    return handlers.handle("list", ({ query }) =>
      query.cursor !== undefined && !isValidAuditCursor(query.cursor)
        ? Effect.fail(new ValidationError({
          message: "The request is not valid",
          details: { issues: [{ path: ["query", "cursor"], message: "not a cursor of this list" }] }
        }))
        : audit.list(query))
  })
)
