/**
 * Access declarations. Every endpoint states its access next to its definition — a
 * middleware plus an `access.*` annotation — and the OpenAPI document shows both:
 *
 * - no middleware + `access.public()` — no credentials.
 * - `OptionalUserAuthentication` + `access.optionalUser()` — public; an admin token changes the behaviour.
 * - `UserAuthentication` + `access.signedIn()` — every logged-in user.
 * - `UserAuthentication` + `access.roles("admin", "advisor")` — a user with one of the roles.
 * - `ApiKeyAuthentication` + `access.apiKeyScope("cutoff:read")` — integration endpoints: API key only.
 * - `UserOrApiKeyAuthentication` + `access.userOrApiKeyScope("catalog:read")` — a login or a key with the scope.
 * - `CronAuthentication` + `access.cronSecret()` — the `CRON_SECRET` bearer.
 * - `RefreshCookieAuthentication` + `access.refreshCookie()` — the web console's refresh
 *   cookie (`/api/auth/session/refresh`); the middleware only reads it, the handler decides.
 *
 * The middlewares read the required roles/scope from the endpoint's annotations, so
 * one middleware implementation serves every endpoint.
 */
import * as Context from "effect/Context"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as HttpApiSecurity from "effect/http-api/HttpApiSecurity"
import * as OpenApi from "effect/http-api/OpenApi"
import { type ApiKeyScope, type IntegrationKey, type Role } from "@quote/core/auth/access"
import type { SessionUser } from "@quote/core/auth/views"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import {
  CronNotConfigured,
  CronUnauthorized,
  ApiKeyExpired,
  ApiKeyRequired,
  Forbidden,
  InsufficientScope,
  InvalidApiKey,
  InvalidToken
} from "@quote/core/auth/errors"
import { RateLimited } from "@quote/core/api-keys/errors"

export class CurrentUser extends Context.Service<CurrentUser, SessionUser>()("@quote/api/CurrentUser") {}

/** Set by `optionalUser`: the user when a valid token was sent. */
export class MaybeUser extends Context.Service<MaybeUser, Option.Option<SessionUser>>()("@quote/api/MaybeUser") {}

export class CurrentApiKey extends Context.Service<CurrentApiKey, IntegrationKey>()("@quote/api/CurrentApiKey") {}

/** Who called an endpoint that accepts either credential. */
export type Caller =
  | { readonly _tag: "User"; readonly user: SessionUser }
  | { readonly _tag: "ApiKey"; readonly key: IntegrationKey }

export class CurrentCaller extends Context.Service<CurrentCaller, Caller>()("@quote/api/CurrentCaller") {}

/** Endpoint annotation: the roles allowed (absent = every logged-in user). */
export class AllowedRoles extends Context.Service<AllowedRoles, ReadonlyArray<Role>>()("@quote/api/AllowedRoles") {}

/** Endpoint annotation: the API key scope required. */
export class RequiredScope extends Context.Service<RequiredScope, ApiKeyScope>()("@quote/api/RequiredScope") {}

/**
 * The three credentials (spec "Authentication"), each one OpenAPI security scheme under
 * the middleware key that names it: `sessionToken` (a user's session, shared by every
 * session middleware: a scheme name means one thing across the document), `apiKey` and
 * `cronSecret`. All three travel as `Authorization: Bearer …`; the format tells them apart.
 */
export const sessionBearer = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    "A user's session access token from `POST /api/auth/login`: an HS256 JWT (`sub`, `role`, `exp`; valid 8 hours by default), verified with its algorithm pinned and its expiry required, per RFC8725 (JWT best current practices)"
  ),
  HttpApiSecurity.annotate(OpenApi.Format, "JWT")
)

const apiKeyBearer = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(OpenApi.Description, "An integration API key (`svc_…`) with the operation's scope, sent as the bearer token"),
  HttpApiSecurity.annotate(OpenApi.Format, "svc_ API key")
)

const cronBearer = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(OpenApi.Description, "The `CRON_SECRET` of the deployment, for the scheduled-job endpoints"),
  HttpApiSecurity.annotate(OpenApi.Format, "CRON_SECRET")
)

export class UserAuthentication extends HttpApiMiddleware.Service<UserAuthentication, { provides: CurrentUser }>()(
  "@quote/api/UserAuthentication",
  {
    security: { sessionToken: sessionBearer },
    error: errorEnvelopes(InvalidToken, Forbidden)
  }
) {}

export class OptionalUserAuthentication
  extends HttpApiMiddleware.Service<OptionalUserAuthentication, { provides: MaybeUser }>()(
    "@quote/api/OptionalUserAuthentication",
    {
      security: { sessionToken: sessionBearer },
      error: errorEnvelope(InvalidToken)
    }
  )
{}

export class ApiKeyAuthentication
  extends HttpApiMiddleware.Service<ApiKeyAuthentication, { provides: CurrentApiKey }>()(
    "@quote/api/ApiKeyAuthentication",
    {
      security: { apiKey: apiKeyBearer },
      error: errorEnvelopes(ApiKeyRequired, InvalidApiKey, ApiKeyExpired, InsufficientScope, RateLimited)
    }
  )
{}

export class UserOrApiKeyAuthentication
  extends HttpApiMiddleware.Service<UserOrApiKeyAuthentication, { provides: CurrentCaller }>()(
    "@quote/api/UserOrApiKeyAuthentication",
    {
      security: { sessionToken: sessionBearer },
      error: errorEnvelopes(InvalidToken, RateLimited)
    }
  )
{}

export class CronAuthentication extends HttpApiMiddleware.Service<CronAuthentication>()(
  "@quote/api/CronAuthentication",
  {
    security: { cronSecret: cronBearer },
    error: errorEnvelopes(CronUnauthorized, CronNotConfigured)
  }
) {}

/** The HttpOnly cookie holding the web console's refresh token (docs/security.md "The web console's session"). */
export const refreshCookieName = "quote_refresh"

/** The refresh token of the console's cookie, when the request carries one. */
export class RefreshCookie extends Context.Service<RefreshCookie, Option.Option<Redacted.Redacted<string>>>()(
  "@quote/api/RefreshCookie"
) {}

export class RefreshCookieAuthentication
  extends HttpApiMiddleware.Service<RefreshCookieAuthentication, { provides: RefreshCookie }>()(
    "@quote/api/RefreshCookieAuthentication",
    {
      security: {
        refreshCookie: HttpApiSecurity.apiKey({ key: refreshCookieName, in: "cookie" }).pipe(
          HttpApiSecurity.annotate(
            OpenApi.Description,
            "The web console's refresh token, an HttpOnly cookie set by `POST /api/auth/session` (never readable by a script)"
          )
        )
      }
    }
  )
{}

const describeAccess = (text: string) => OpenApi.annotations({ description: `Access: ${text}.` })

/**
 * Access annotations, merged into an endpoint next to its middleware:
 *
 * ```ts
 * HttpApiEndpoint.get("list", "/api/users", {...})
 *   .middleware(UserAuthentication).annotateMerge(access.roles("admin"))
 * ```
 */
export const access = {
  public: () => describeAccess("public"),
  optionalUser: () => describeAccess("public; an admin token unlocks more"),
  signedIn: () => describeAccess("every logged-in user"),
  roles: (...allowed: ReadonlyArray<Role>) =>
    Context.add(describeAccess(`roles ${allowed.join(", ")}`), AllowedRoles, allowed),
  apiKeyScope: (scope: ApiKeyScope) =>
    Context.add(describeAccess(`API key with scope \`${scope}\``), RequiredScope, scope),
  userOrApiKeyScope: (scope: ApiKeyScope) =>
    Context.add(describeAccess(`every logged-in user, or an API key with scope \`${scope}\``), RequiredScope, scope),
  cronSecret: () => describeAccess("`Authorization: Bearer <CRON_SECRET>`"),
  refreshCookie: () => describeAccess("the `quote_refresh` cookie set by `POST /api/auth/session`")
}
