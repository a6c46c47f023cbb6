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
 *
 * The middlewares read the required roles/scope from the endpoint's annotations, so
 * one middleware implementation serves every endpoint.
 */
import { Context, Option, Schema } from "effect"
import { HttpApiMiddleware, HttpApiSecurity, OpenApi } from "effect/http-api"
import {
  ApiKeyExpired,
  ApiKeyRequired,
  type ApiKeyScope,
  Forbidden,
  InsufficientScope,
  InvalidApiKey,
  type IntegrationKey,
  InvalidToken,
  type Role,
  type SessionUser
} from "@quote/core/access"
import { errorFields } from "@quote/core/errors"
import { httpError } from "./error-envelope.ts"

export const InvalidTokenResponse = httpError(InvalidToken, 401, "Missing, malformed, expired or forged session token")
export const ForbiddenResponse = httpError(Forbidden, 403, "The caller's role may not use this endpoint")
export const ApiKeyRequiredResponse = httpError(ApiKeyRequired, 401, "No API key was sent")
export const InvalidApiKeyResponse = httpError(InvalidApiKey, 401, "Unknown or revoked API key")
export const ApiKeyExpiredResponse = httpError(ApiKeyExpired, 401, "The API key has expired")
export const InsufficientScopeResponse = httpError(InsufficientScope, 403, "The API key lacks the endpoint's scope")

export class CurrentUser extends Context.Service<CurrentUser, SessionUser>()("@quote/http/CurrentUser") {}

/** Set by `optionalUser`: the user when a valid token was sent. */
export class MaybeUser extends Context.Service<MaybeUser, Option.Option<SessionUser>>()("@quote/http/MaybeUser") {}

export class CurrentApiKey extends Context.Service<CurrentApiKey, IntegrationKey>()("@quote/http/CurrentApiKey") {}

/** Who called an endpoint that accepts either credential. */
export type Caller =
  | { readonly _tag: "User"; readonly user: SessionUser }
  | { readonly _tag: "ApiKey"; readonly key: IntegrationKey }

export class CurrentCaller extends Context.Service<CurrentCaller, Caller>()("@quote/http/CurrentCaller") {}

/** Endpoint annotation: the roles allowed (absent = every logged-in user). */
export class AllowedRoles extends Context.Service<AllowedRoles, ReadonlyArray<Role>>()("@quote/http/AllowedRoles") {}

/** Endpoint annotation: the API key scope required. */
export class RequiredScope extends Context.Service<RequiredScope, ApiKeyScope>()("@quote/http/RequiredScope") {}

export class CronUnauthorized extends Schema.TaggedError<CronUnauthorized>()("CronUnauthorized", errorFields) {
  static readonly code = "UNAUTHORIZED"
}

export class CronNotConfigured extends Schema.TaggedError<CronNotConfigured>()("CronNotConfigured", errorFields) {
  static readonly code = "CRON_NOT_CONFIGURED"
}

export const CronUnauthorizedResponse = httpError(CronUnauthorized, 401, "Wrong or missing cron secret")
export const CronNotConfiguredResponse = httpError(CronNotConfigured, 503, "CRON_SECRET is not configured")

/**
 * One bearer scheme for every session-token middleware: OpenAPI requires a scheme name
 * to mean one thing across the document.
 */
const sessionBearer = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(OpenApi.Description, "Session access token (JWT) from `POST /api/auth/login`")
)

export class UserAuthentication extends HttpApiMiddleware.Service<UserAuthentication, { provides: CurrentUser }>()(
  "@quote/http/UserAuthentication",
  {
    security: { bearer: sessionBearer },
    error: [InvalidTokenResponse, ForbiddenResponse]
  }
) {}

export class OptionalUserAuthentication
  extends HttpApiMiddleware.Service<OptionalUserAuthentication, { provides: MaybeUser }>()(
    "@quote/http/OptionalUserAuthentication",
    {
      security: { bearer: sessionBearer },
      error: InvalidTokenResponse
    }
  )
{}

export class ApiKeyAuthentication
  extends HttpApiMiddleware.Service<ApiKeyAuthentication, { provides: CurrentApiKey }>()(
    "@quote/http/ApiKeyAuthentication",
    {
      security: { apiKey: HttpApiSecurity.bearer.pipe(HttpApiSecurity.annotate(OpenApi.Description, "API key (`svc_…`) sent as a bearer token")) },
      error: [ApiKeyRequiredResponse, InvalidApiKeyResponse, ApiKeyExpiredResponse, InsufficientScopeResponse]
    }
  )
{}

export class UserOrApiKeyAuthentication
  extends HttpApiMiddleware.Service<UserOrApiKeyAuthentication, { provides: CurrentCaller }>()(
    "@quote/http/UserOrApiKeyAuthentication",
    {
      security: { bearer: sessionBearer },
      error: InvalidTokenResponse
    }
  )
{}

export class CronAuthentication extends HttpApiMiddleware.Service<CronAuthentication>()(
  "@quote/http/CronAuthentication",
  {
    security: { cronSecret: HttpApiSecurity.bearer.pipe(HttpApiSecurity.annotate(OpenApi.Description, "`CRON_SECRET`")) },
    error: [CronUnauthorizedResponse, CronNotConfiguredResponse]
  }
) {}

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
  cronSecret: () => describeAccess("`Authorization: Bearer <CRON_SECRET>`")
}
