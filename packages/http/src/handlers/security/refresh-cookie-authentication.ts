/**
 * Reads the web console's refresh cookie for the session endpoints. It never refuses:
 * an absent cookie is `None`, and the handler decides (refresh answers 401, logout 204).
 */
import { Effect, Layer, Option, Redacted } from "effect"
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
