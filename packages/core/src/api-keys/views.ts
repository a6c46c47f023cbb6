/**
 * The spec's ApiKey resource ("API keys (admin)"), the answers that carry a key's value
 * (create and rotate: the only place it ever appears), and what creates, changes and
 * rotates a key. Declared once: the service's types, the endpoints' schemas and the
 * decoders of the rows the service reads (columns named as these fields).
 */
import * as Schema from "effect/Schema"
import { Timestamp } from "../shared/fields.ts"
import { ApiKeyScope } from "../auth/access.ts"
import { API_KEY_MAX_EXPIRES_IN_DAYS, API_KEY_MAX_GRACE_HOURS, API_KEY_MIN_EXPIRES_IN_DAYS } from "./api-key-state.ts"
import { MAX_RATE_LIMIT_PER_MINUTE } from "./rate-limit.ts"
import { ApiKeyId } from "../shared/ids.ts"

export const ApiKeyName = Schema.String.check(
  Schema.isPattern(/\S/, { expected: "a non-blank name" }),
  Schema.isMaxLength(200)
)
export const ApiKeyScopes = Schema.Array(ApiKeyScope).check(Schema.isMinLength(1)).annotate({
  description: "At least one scope from the scope table"
})
export const ExpiresInDays = Schema.Int.check(
  Schema.isBetween({ minimum: API_KEY_MIN_EXPIRES_IN_DAYS, maximum: API_KEY_MAX_EXPIRES_IN_DAYS })
).annotate({ description: "Days until the key expires (1–730); without it the key never expires" })
const GraceHours = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: API_KEY_MAX_GRACE_HOURS })).annotate({
  description: "Hours the old key stays valid (0–168, default 48); 0 revokes it at once"
})

/** A key's own request limit (docs/api-keys.md, "Rate limits"). */
export const RateLimitPerMinute = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_RATE_LIMIT_PER_MINUTE }))
/** The key's limit as stored and shown: `null` is the deployment's default. */
const OwnRateLimit = Schema.NullOr(RateLimitPerMinute).annotate({
  description:
    "Requests per minute the key may make (1–1000000), across every instance of the service; null = the deployment's default (`API_KEY_RATE_LIMIT_PER_MINUTE`, 600 unless configured)"
})

/** A key without its value (never stored): lists show `keyPrefix`. */
export const ApiKey = Schema.Struct({
  id: ApiKeyId,
  name: Schema.String,
  keyPrefix: Schema.String.annotate({ description: "First 12 characters of the key (`svc_` plus 8); not secret" }),
  scopes: Schema.Array(ApiKeyScope),
  rateLimitPerMinute: OwnRateLimit,
  active: Schema.Boolean.annotate({ description: "false after revocation" }),
  lastUsedAt: Schema.NullOr(Timestamp),
  createdAt: Timestamp,
  revokedAt: Schema.NullOr(Timestamp),
  expiresAt: Schema.NullOr(Timestamp),
  replacedBy: Schema.NullOr(ApiKeyId).annotate({ description: "Id of the key that replaced it by rotation" })
}).annotate({ identifier: "ApiKey" })
export type ApiKey = typeof ApiKey.Type

/** The create answer of the spec, `{id, name, scopes, apiKey, createdAt, expiresAt}`, plus the key's `rateLimitPerMinute`. */
export const IssuedApiKey = Schema.Struct({
  id: ApiKeyId,
  name: Schema.String,
  scopes: Schema.Array(ApiKeyScope),
  apiKey: Schema.String.annotate({ description: "The full key; shown only in this response" }),
  rateLimitPerMinute: OwnRateLimit,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp)
}).annotate({ identifier: "IssuedApiKey" })
export type IssuedApiKey = typeof IssuedApiKey.Type

export const RotatedApiKey = Schema.Struct({
  ...IssuedApiKey.fields,
  previous: Schema.Struct({ id: ApiKeyId, expiresAt: Schema.NullOr(Timestamp) })
}).annotate({ identifier: "RotatedApiKey" })
export type RotatedApiKey = typeof RotatedApiKey.Type

/** Body of `POST /api/api-keys`; the CLI decodes its flags with it too. */
export const NewApiKey = Schema.Struct({
  name: ApiKeyName,
  scopes: ApiKeyScopes,
  expiresInDays: Schema.optionalKey(Schema.NullOr(ExpiresInDays)),
  rateLimitPerMinute: Schema.optionalKey(OwnRateLimit)
})
export type NewApiKey = typeof NewApiKey.Type

export const ApiKeyPatch = Schema.Struct({
  name: Schema.optionalKey(ApiKeyName),
  scopes: Schema.optionalKey(ApiKeyScopes),
  rateLimitPerMinute: Schema.optionalKey(OwnRateLimit)
})
export type ApiKeyPatch = typeof ApiKeyPatch.Type

export const ApiKeyRotation = Schema.Struct({
  graceHours: Schema.optionalKey(GraceHours),
  scopes: Schema.optionalKey(ApiKeyScopes),
  expiresInDays: Schema.optionalKey(ExpiresInDays),
  rateLimitPerMinute: Schema.optionalKey(OwnRateLimit.annotate({
    description: "The new key's limit (1–1000000, null = the default); absent keeps the old key's"
  }))
})
export type ApiKeyRotation = typeof ApiKeyRotation.Type
