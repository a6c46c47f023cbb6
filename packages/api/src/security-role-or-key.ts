/**
 * Access for endpoints that serve both an administrator's session and an integration
 * (the webhook event feed): a login with one of the endpoint's roles, or an API key with
 * its scope. Unlike `UserOrApiKeyAuthentication` (shared endpoints, where a key without
 * the scope falls to login validation), an `svc_…` bearer here is judged as a key: without
 * the scope 403 INSUFFICIENT_SCOPE, unknown or revoked 401 INVALID_API_KEY, expired
 * 401 API_KEY_EXPIRED. Any other bearer is a session token: 401 INVALID_TOKEN, a role not
 * allowed 403 FORBIDDEN.
 *
 * ```ts
 * HttpApiEndpoint.get("feed", "/events/feed", {...})
 *   .middleware(RoleOrApiKeyAuthentication).annotateMerge(roleOrApiKeyScope(["admin"], "events:read"))
 * ```
 */
import * as Context from "effect/Context"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as OpenApi from "effect/http-api/OpenApi"
import type { ApiKeyScope, Role } from "@quote/core/auth/access"
import { ApiKeyExpired, Forbidden, InsufficientScope, InvalidApiKey, InvalidToken } from "@quote/core/auth/errors"
import { RateLimited } from "@quote/core/api-keys/errors"
import { errorEnvelopes } from "./error-envelope.ts"
import { AllowedRoles, CurrentCaller, RequiredScope, sessionBearer } from "./security.ts"

export class RoleOrApiKeyAuthentication
  extends HttpApiMiddleware.Service<RoleOrApiKeyAuthentication, { provides: CurrentCaller }>()(
    "@quote/api/RoleOrApiKeyAuthentication",
    {
      // One middleware key; the document lists both schemes as alternatives (`openapi-finish.ts`).
      security: { sessionToken: sessionBearer },
      error: errorEnvelopes(InvalidToken, Forbidden, InvalidApiKey, ApiKeyExpired, InsufficientScope, RateLimited)
    }
  )
{}

/** The annotation of such an endpoint: the roles a login needs, the scope a key needs. */
export const roleOrApiKeyScope = (roles: ReadonlyArray<Role>, scope: ApiKeyScope) =>
  Context.add(
    Context.add(
      OpenApi.annotations({
        description: `Access: roles ${roles.join(", ")}, or an API key with scope \`${scope}\` (another key: 403 INSUFFICIENT_SCOPE).`
      }),
      AllowedRoles,
      roles
    ),
    RequiredScope,
    scope
  )
