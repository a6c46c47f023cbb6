/**
 * The web console's refresh cookie (docs/security.md "The web console's session"): the
 * refresh token in an HttpOnly cookie that a script cannot read, sent by the browser only
 * to the session endpoints (`Path=/api/auth/session`) and only from the service's own
 * pages (`SameSite=Strict`); `Secure` in production. It lives as long as the refresh
 * token does. Set and cleared as a pre-response handler, so the header reaches whatever
 * response the endpoint ends with (a cleared cookie rides on a 401 too).
 */
import * as Effect from "effect/Effect"
import * as HttpEffect from "effect/http/HttpEffect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { refreshTokenLifetime } from "@quote/core/auth/session-tokens"
import { refreshCookieName } from "@quote/api/security"

export const refreshCookiePath = "/api/auth/session"

const attributes = (secure: boolean) => ({ httpOnly: true, sameSite: "strict", path: refreshCookiePath, secure } as const)

/** Sets the cookie to `refreshToken` on the response. */
export const setRefreshCookie = (refreshToken: string, options: { readonly secure: boolean }) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.orDie(HttpServerResponse.setCookie(response, refreshCookieName, refreshToken, {
      ...attributes(options.secure),
      maxAge: refreshTokenLifetime
    }))
  )

/** Clears the cookie (empty value, `Max-Age=0`, same path, so the browser drops it). */
export const clearRefreshCookie = (options: { readonly secure: boolean }) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.orDie(HttpServerResponse.expireCookie(response, refreshCookieName, attributes(options.secure)))
  )
