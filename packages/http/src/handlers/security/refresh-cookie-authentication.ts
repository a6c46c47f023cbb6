/**
 * Reads the web console's refresh cookie for the session endpoints. It never refuses:
 * an absent cookie is `None`, and the handler decides (refresh answers 401, logout 204).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { RefreshCookie, RefreshCookieAuthentication } from "@quote/api/security"

export const RefreshCookieAuthenticationLive = Layer.succeed(
  RefreshCookieAuthentication,
  RefreshCookieAuthentication.of({
    refreshCookie: (httpEffect, { credential }) =>
      Effect.provideService(
        httpEffect,
        RefreshCookie,
        Redacted.value(credential) === "" ? Option.none() : Option.some(credential)
      )
  })
)
