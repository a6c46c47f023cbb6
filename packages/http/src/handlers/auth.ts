import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Sessions } from "@quote/adapters/app/auth/sessions"
import { QuotationApi } from "@quote/api/api"
import { CurrentUser } from "@quote/api/security"
import { withRetryAfter } from "../middleware/retry-after.ts"

export const AuthHandlers = HttpApiBuilder.group(
  QuotationApi,
  "auth",
  Effect.fn(function*(handlers) {
    const sessions = yield* Sessions
    return handlers
      .handle("login", ({ payload }) =>
        sessions.login(payload.email, payload.password).pipe(
          Effect.tapError((error) => error._tag === "TooManyAttempts" ? withRetryAfter(error) : Effect.void)
        ))
      .handle("refresh", ({ payload }) => sessions.refresh(payload.refreshToken))
      .handle("logout", ({ payload }) => sessions.logout(payload.refreshToken))
      .handle("me", () => CurrentUser)
  })
)
