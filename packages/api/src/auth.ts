import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { access, RefreshCookieAuthentication, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { InvalidToken, InvalidCredentials, TooManyAttempts } from "@quote/core/auth/errors"
import { ConsoleSession, SessionGrant, SessionUser } from "@quote/core/auth/views"

const RefreshTokenBody = Schema.Struct({ refreshToken: Schema.String.check(Schema.isMinLength(1)) })

const Credentials = Schema.Struct({
  email: Schema.String.check(Schema.isMinLength(1)),
  password: Schema.String.check(Schema.isMinLength(1))
})

const throttledLogin =
  "429 TOO_MANY_ATTEMPTS (with `Retry-After`) after too many failed logins for the e-mail or from the address, even with the right password (docs/security.md)."

export class AuthApi extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.post("login", "/login", {
      payload: Credentials,
      success: SessionGrant,
      error: errorEnvelopes(InvalidCredentials, TooManyAttempts)
    }).annotateMerge(access.public())
      .annotate(OpenApi.Description, `Access: public. ${throttledLogin}`),
    HttpApiEndpoint.post("refresh", "/refresh", {
      payload: RefreshTokenBody,
      success: SessionGrant,
      error: errorEnvelope(InvalidToken)
    }).annotateMerge(access.public())
      .annotate(OpenApi.Description, "Access: public. Spends the refresh token and returns a new pair; reusing a spent token revokes every session of its user."),
    HttpApiEndpoint.post("logout", "/logout", {
      payload: RefreshTokenBody,
      success: HttpApiSchema.NoContent
    }).annotateMerge(access.public()),
    HttpApiEndpoint.get("me", "/me", { success: SessionUser })
      .middleware(UserAuthentication).annotateMerge(access.signedIn()),
    // The web console's session (docs/security.md "The web console's session"): the
    // refresh token lives only in the HttpOnly `quote_refresh` cookie, never in a body.
    HttpApiEndpoint.post("createSession", "/session", {
      payload: Credentials,
      success: ConsoleSession,
      error: errorEnvelopes(InvalidCredentials, TooManyAttempts)
    }).annotateMerge(access.public())
      .annotate(
        OpenApi.Description,
        `Access: public. The web console's login: the access token in the body, the refresh token in the \`quote_refresh\` cookie (HttpOnly, SameSite=Strict, Path=/api/auth/session). Same checks as \`POST /api/auth/login\`; ${throttledLogin}`
      ),
    HttpApiEndpoint.post("refreshSession", "/session/refresh", {
      success: ConsoleSession,
      error: errorEnvelope(InvalidToken)
    }).middleware(RefreshCookieAuthentication).annotateMerge(access.refreshCookie())
      .annotate(
        OpenApi.Description,
        "Access: the `quote_refresh` cookie set by `POST /api/auth/session`. Spends it and sets a new one; 401 INVALID_TOKEN (and the cookie cleared) when it is missing, not valid, spent or its user inactive. Reusing a spent one revokes every session of its user."
      ),
    HttpApiEndpoint.delete("deleteSession", "/session", { success: HttpApiSchema.NoContent })
      .middleware(RefreshCookieAuthentication).annotateMerge(access.public())
      .annotate(OpenApi.Description, "Access: public. Revokes the refresh token of the `quote_refresh` cookie, if any, and clears the cookie; always 204.")
  )
  .prefix("/api/auth")
  .annotate(OpenApi.Title, "Sessions")
{}
