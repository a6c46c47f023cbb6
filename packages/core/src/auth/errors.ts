/**
 * Authentication and authorization failures (spec "Authentication"): session tokens,
 * roles, API keys and their scopes, the login and the cron secret.
 */
import * as Schema from "effect/Schema"
import { messageOnly, withDetails } from "../shared/error-fields.ts"

/** Missing, malformed, expired or forged session token. */
export class InvalidToken extends Schema.TaggedError<InvalidToken>()(
  "InvalidToken",
  messageOnly,
  { httpApiStatus: 401, description: "Missing, malformed, expired or forged session token" }
) {
  static readonly code = "INVALID_TOKEN"
}

/** Authenticated, but the role may not use this endpoint. */
export class Forbidden extends Schema.TaggedError<Forbidden>()(
  "Forbidden",
  messageOnly,
  { httpApiStatus: 403, description: "The caller's role may not use this endpoint" }
) {
  static readonly code = "FORBIDDEN"
}

/** Unknown e-mail, wrong password and inactive user all look alike (no account probing). */
export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()(
  "InvalidCredentials",
  messageOnly,
  {
    httpApiStatus: 401,
    description: "Unknown e-mail, wrong password or inactive user (indistinguishable on purpose)"
  }
) {
  static readonly code = "INVALID_CREDENTIALS"
}

/** An integration endpoint called without an API key. */
export class ApiKeyRequired extends Schema.TaggedError<ApiKeyRequired>()(
  "ApiKeyRequired",
  messageOnly,
  { httpApiStatus: 401, description: "No API key was sent" }
) {
  static readonly code = "API_KEY_REQUIRED"
}

/** Unknown or revoked API key. */
export class InvalidApiKey extends Schema.TaggedError<InvalidApiKey>()(
  "InvalidApiKey",
  messageOnly,
  { httpApiStatus: 401, description: "Unknown or revoked API key" }
) {
  static readonly code = "INVALID_API_KEY"
}

/**
 * An API key past its `expiresAt`: 401 when it authenticates a call; the rotate
 * endpoint answers it with 409 instead (`packages/api/src/api-keys.ts`).
 */
export class ApiKeyExpired extends Schema.TaggedError<ApiKeyExpired>()(
  "ApiKeyExpired",
  messageOnly,
  { httpApiStatus: 401, description: "The API key has expired" }
) {
  static readonly code = "API_KEY_EXPIRED"
}

/** The API key lacks the endpoint's scope; `details.requiredScope` names it. */
export class InsufficientScope extends Schema.TaggedError<InsufficientScope>()(
  "InsufficientScope",
  withDetails({ requiredScope: Schema.NullOr(Schema.String) }),
  { httpApiStatus: 403, description: "The API key lacks the endpoint's scope" }
) {
  static readonly code = "INSUFFICIENT_SCOPE"
}

/** `/api/cron/*` called without the right `CRON_SECRET` bearer. */
export class CronUnauthorized extends Schema.TaggedError<CronUnauthorized>()(
  "CronUnauthorized",
  messageOnly,
  { httpApiStatus: 401, description: "Wrong or missing cron secret" }
) {
  static readonly code = "UNAUTHORIZED"
}

/** `/api/cron/*` on a deployment without `CRON_SECRET`. */
export class CronNotConfigured extends Schema.TaggedError<CronNotConfigured>()(
  "CronNotConfigured",
  messageOnly,
  { httpApiStatus: 503, description: "CRON_SECRET is not configured" }
) {
  static readonly code = "CRON_NOT_CONFIGURED"
}

/**
 * Too many failed logins for the account or from the client address (docs/security.md);
 * the response also carries `Retry-After` (seconds), the same as `details.retryAfterSeconds`.
 */
export class TooManyAttempts extends Schema.TaggedError<TooManyAttempts>()(
  "TooManyAttempts",
  withDetails({ retryAfterSeconds: Schema.Int }),
  { httpApiStatus: 429, description: "Too many failed logins; retry after `Retry-After` seconds" }
) {
  static readonly code = "TOO_MANY_ATTEMPTS"
}
