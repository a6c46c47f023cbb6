/**
 * Which quotations a caller may see (CONTRACT.md "Quotations"; spec "GET
 * /quotations/:id"): an admin all of them, an advisor those assigned to them, a client
 * user those of its company, an API key those created by its lineage (the key and the
 * keys that replaced it by rotation). Anything outside the scope is reported as not
 * found, never as forbidden, so its existence does not leak.
 */
import * as Effect from "effect/Effect"
import { resolveAdvisorScope } from "@quote/core/advisor/advisor-scope"
import type { IntegrationKey } from "@quote/core/auth/access"
import type { Forbidden } from "@quote/core/auth/errors"
import type { SessionUser } from "@quote/core/auth/views"
import type { CompanyId, UserId } from "@quote/core/shared/ids"
import type { SqlClient } from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"

export type QuotationScope =
  | { readonly _tag: "All" }
  | { readonly _tag: "Advisor"; readonly advisorId: UserId }
  | { readonly _tag: "Company"; readonly companyId: CompanyId }
  | { readonly _tag: "Lineage"; readonly lineageId: IntegrationKey["lineageId"] }
  | { readonly _tag: "Nothing" }

/** The scope of a logged-in user; a client user without a company sees nothing. */
export const userScope = (user: SessionUser): QuotationScope => {
  switch (user.role) {
    case "admin":
      return { _tag: "All" }
    case "advisor":
      return { _tag: "Advisor", advisorId: user.id }
    case "client":
      return user.companyId === null ? { _tag: "Nothing" } : { _tag: "Company", companyId: user.companyId }
  }
}

/**
 * The scope of a list (or its export) that may name an advisor (`advisorId`, spec
 * "Advisor module": an admin sees all or filters with it): without it, the user's own
 * scope; an admin naming an advisor sees that advisor's quotations, an advisor naming
 * itself its own, and an advisor naming another (or a client naming anyone) is 403
 * `FORBIDDEN`, as in `/api/advisor/*` (`resolveAdvisorScope`).
 */
export const listScope = (user: SessionUser, advisorId: UserId | undefined): Effect.Effect<QuotationScope, Forbidden> =>
  advisorId === undefined
    ? Effect.succeed(userScope(user))
    : Effect.as(resolveAdvisorScope(user, advisorId), { _tag: "Advisor", advisorId } as const)

/** A `where` condition on the quotation aliased `q`. */
export const scopeCondition = (sql: SqlClient, scope: QuotationScope): Fragment => {
  switch (scope._tag) {
    case "All":
      return sql`true`
    case "Advisor":
      return sql`q.advisor_id = ${scope.advisorId}::uuid`
    case "Company":
      return sql`q.company_id = ${scope.companyId}::uuid`
    case "Lineage":
      return sql`exists (select 1 from api_keys k where k.id = q.api_key_id and k.lineage_id = ${scope.lineageId}::uuid)`
    case "Nothing":
      return sql`false`
  }
}
