/**
 * API key administration (spec "API keys (admin)"), admin only. The key value appears
 * only in the create and rotate responses; lists show `keyPrefix`.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { ApiKeyExpired } from "@quote/core/errors/auth"
import { ApiKeyScope } from "@quote/core/access"
import {
  API_KEY_MAX_EXPIRES_IN_DAYS,
  API_KEY_MAX_GRACE_HOURS,
  API_KEY_MIN_EXPIRES_IN_DAYS
} from "@quote/core/api-key-state"
import { Uuid } from "./catalog.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/errors/common"

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

/** Body of `POST /api/api-keys`; the CLI decodes its flags with it too. */
export const CreateApiKeyPayload = Schema.Struct({
  name: ApiKeyName,
  scopes: ApiKeyScopes,
  expiresInDays: Schema.optionalKey(Schema.NullOr(ExpiresInDays))
})

const UpdateApiKeyPayload = Schema.Struct({
  name: Schema.optionalKey(ApiKeyName),
  scopes: Schema.optionalKey(ApiKeyScopes)
})

/** Every field is optional, and so is the body itself (a bodiless POST rotates with the defaults). */
const RotateApiKeyPayload = [
  Schema.Struct({
    graceHours: Schema.optionalKey(GraceHours),
    scopes: Schema.optionalKey(ApiKeyScopes),
    expiresInDays: Schema.optionalKey(ExpiresInDays)
  }),
  // An empty body decodes as null.
  Schema.Null
] as const

export const ApiKeyJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  keyPrefix: Schema.String.annotate({ description: "First 12 characters of the key (`svc_` plus 8); not secret" }),
  scopes: Schema.Array(ApiKeyScope),
  active: Schema.Boolean.annotate({ description: "false after revocation" }),
  lastUsedAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date,
  revokedAt: Schema.NullOr(Schema.Date),
  expiresAt: Schema.NullOr(Schema.Date),
  replacedBy: Schema.NullOr(Schema.String).annotate({ description: "Id of the key that replaced it by rotation" })
}).annotate({ identifier: "ApiKey" })

const issuedFields = {
  id: Schema.String,
  name: Schema.String,
  scopes: Schema.Array(ApiKeyScope),
  apiKey: Schema.String.annotate({ description: "The full key; shown only in this response" }),
  createdAt: Schema.Date,
  expiresAt: Schema.NullOr(Schema.Date)
}

export const IssuedApiKeyJson = Schema.Struct(issuedFields).annotate({ identifier: "IssuedApiKey" })

const RotatedApiKeyJson = Schema.Struct({
  ...issuedFields,
  previous: Schema.Struct({ id: Schema.String, expiresAt: Schema.NullOr(Schema.Date) })
}).annotate({ identifier: "RotatedApiKey" })

/** Rotating an expired key is a conflict with the key's state, not a failed authentication (docs/errors.md). */
const AlreadyExpired = errorEnvelope(ApiKeyExpired, {
  status: 409,
  description: "The key has already expired and cannot be rotated"
})

const idParams = { id: Uuid }

export class ApiKeysApi extends HttpApiGroup.make("apiKeys")
  .add(
    HttpApiEndpoint.get("list", "/", {
      success: Schema.Struct({ items: Schema.Array(ApiKeyJson) })
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("create", "/", {
      payload: CreateApiKeyPayload,
      success: IssuedApiKeyJson.pipe(HttpApiSchema.status(201)),
      error: errorEnvelope(ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.patch("update", "/:id", {
      params: idParams,
      payload: UpdateApiKeyPayload,
      success: ApiKeyJson,
      error: errorEnvelopes(NotFound, EmptyPatch, ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("rotate", "/:id/rotate", {
      params: idParams,
      payload: RotateApiKeyPayload,
      success: RotatedApiKeyJson.pipe(HttpApiSchema.status(201)),
      error: [errorEnvelope(NotFound), AlreadyExpired, errorEnvelope(ValidationError)]
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.delete("revoke", "/:id", {
      params: idParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelopes(NotFound, ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
  )
  .prefix("/api/api-keys")
  .annotate(OpenApi.Title, "API keys")
{}
