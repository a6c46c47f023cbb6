/**
 * The audit actor of an HTTP request, read from what the endpoint's authentication
 * provided (`packages/api/src/security.ts`); resolved when a transaction starts, inside the handler.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { SessionUser } from "@quote/core/auth/views"
import type { AuditActor } from "@quote/core/audit/audit-context"
import { CurrentApiKey, CurrentCaller, CurrentUser, MaybeUser } from "@quote/api/security"

const userActor = (user: SessionUser): AuditActor => ({ type: "user", id: user.id, role: user.role })

export const requestActor = (path: string): Effect.Effect<AuditActor> =>
  Effect.gen(function*() {
    const user = yield* Effect.serviceOption(CurrentUser)
    if (Option.isSome(user)) return userActor(user.value)
    const caller = yield* Effect.serviceOption(CurrentCaller)
    if (Option.isSome(caller)) {
      return caller.value._tag === "User" ? userActor(caller.value.user) : { type: "api_key", id: caller.value.key.id }
    }
    const key = yield* Effect.serviceOption(CurrentApiKey)
    if (Option.isSome(key)) return { type: "api_key", id: key.value.id }
    const maybeUser = Option.flatten(yield* Effect.serviceOption(MaybeUser))
    if (Option.isSome(maybeUser)) return userActor(maybeUser.value)
    // Cron endpoints authenticate with the shared secret, which names nobody.
    return path.startsWith("/api/cron/") ? { type: "cron" } : { type: "anonymous" }
  })
