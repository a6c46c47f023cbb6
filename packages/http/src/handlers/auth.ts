import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Sessions } from "@quote/adapters/app/auth/sessions"
import { QuotationApi } from "@quote/api/api"
import { CurrentUser, RefreshCookie } from "@quote/api/security"
import { AppConfig } from "@quote/core/shared/app-config"
import { InvalidToken } from "@quote/core/auth/errors"
import type { SessionGrant } from "@quote/core/auth/views"
import { withRetryAfter } from "../middleware/retry-after.ts"
import { clearRefreshCookie, setRefreshCookie } from "./support/refresh-cookie.ts"

export const AuthHandlers = HttpApiBuilder.group(
  QuotationApi,
  "auth",
  Effect.fn(function*(handlers) {
    const sessions = yield* Sessions
    const cookie = { secure: (yield* AppConfig).environment === "production" }

    /** One login for both the token pair and the console's cookie: the same checks, throttle and 429. */
    const login = (credentials: { readonly email: string; readonly password: string }) =>
      sessions.login(credentials.email, credentials.password).pipe(
        Effect.tapError((error) => error._tag === "TooManyAttempts" ? withRetryAfter(error) : Effect.void)
      )

    /** The grant as the console gets it: the refresh token goes into the cookie, not the body. */
    const inCookie = ({ refreshToken, ...session }: SessionGrant) =>
      Effect.as(setRefreshCookie(refreshToken, cookie), session)

    return handlers
      .handle("login", ({ payload }) => login(payload))
      .handle("refresh", ({ payload }) => sessions.refresh(payload.refreshToken))
      .handle("logout", ({ payload }) => sessions.logout(payload.refreshToken))
      .handle("me", () => CurrentUser)
      .handle("createSession", ({ payload }) => Effect.flatMap(login(payload), inCookie))
      .handle("refreshSession", () =>
        RefreshCookie.pipe(
          Effect.flatMap(Option.match({
            onNone: () => Effect.fail(new InvalidToken({ message: "No session cookie; log in again" })),
            onSome: (token) => sessions.refresh(Redacted.value(token))
          })),
          Effect.flatMap(inCookie),
          Effect.tapError(() => clearRefreshCookie(cookie))
        ))
      .handle("deleteSession", () =>
        Effect.flatMap(RefreshCookie, (token) =>
          Option.match(token, {
            onNone: () => Effect.void,
            onSome: (value) => sessions.logout(Redacted.value(value))
          })).pipe(Effect.andThen(clearRefreshCookie(cookie))))
  })
)
