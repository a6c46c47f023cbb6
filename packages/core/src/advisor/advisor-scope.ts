/**
 * Whose data an advisor-module or statistics request covers (spec "Advisor module": an
 * advisor sees only assigned data; an admin sees all or filters with `advisorId`).
 */
import * as Effect from "effect/Effect"
import { Forbidden } from "../auth/errors.ts"
import type { SessionUser } from "../auth/views.ts"

export type AdvisorScope =
  | { readonly _tag: "Everyone" }
  | { readonly _tag: "Advisor"; readonly advisorId: string }

/**
 * The scope of a request by `viewer` that asked for `requestedAdvisorId`.
 *
 * An advisor naming another advisor gets `FORBIDDEN` rather than a silently widened or
 * ignored filter: the caller learns at once that the parameter is admin-only. Naming
 * oneself is harmless and allowed.
 */
export const resolveAdvisorScope = (
  viewer: SessionUser,
  requestedAdvisorId: string | undefined
): Effect.Effect<AdvisorScope, Forbidden> => {
  switch (viewer.role) {
    case "admin":
      return Effect.succeed(
        requestedAdvisorId === undefined ? { _tag: "Everyone" } : { _tag: "Advisor", advisorId: requestedAdvisorId }
      )
    case "advisor":
      return requestedAdvisorId === undefined || requestedAdvisorId === viewer.id
        ? Effect.succeed({ _tag: "Advisor", advisorId: viewer.id })
        : Effect.fail(new Forbidden({ message: "The advisorId filter is only available to administrators" }))
    case "client":
      return Effect.fail(new Forbidden({ message: "This endpoint is not available to the client role" }))
  }
}
