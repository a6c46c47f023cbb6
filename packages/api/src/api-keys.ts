/**
 * API key administration (spec "API keys (admin)"), admin only. The key value appears
 * only in the create and rotate responses; lists show `keyPrefix`.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { ApiKeyExpired } from "@quote/core/auth/errors"
import { ApiKeyId } from "@quote/core/shared/ids"
import { ApiKey, ApiKeyPatch, ApiKeyRotation, IssuedApiKey, NewApiKey, RotatedApiKey } from "@quote/core/api-keys/views"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/shared/errors"

/** Every field is optional, and so is the body itself (a bodiless POST rotates with the defaults). */
const RotatePayload = [
  ApiKeyRotation,
  // An empty body decodes as null.
  Schema.Null
] as const

/** Rotating an expired key is a conflict with the key's state, not a failed authentication (docs/errors.md). */
const AlreadyExpired = errorEnvelope(ApiKeyExpired, {
  status: 409,
  description: "The key has already expired and cannot be rotated"
})

const idParams = { id: ApiKeyId }

export class ApiKeysApi extends HttpApiGroup.make("apiKeys")
  .add(
    HttpApiEndpoint.get("list", "/", {
      success: Schema.Struct({ items: Schema.Array(ApiKey) })
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("create", "/", {
      payload: NewApiKey,
      success: IssuedApiKey.pipe(HttpApiSchema.status(201)),
      error: errorEnvelope(ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.patch("update", "/:id", {
      params: idParams,
      payload: ApiKeyPatch,
      success: ApiKey,
      error: errorEnvelopes(NotFound, EmptyPatch, ValidationError)
    }).middleware(UserAuthentication).annotateMerge(access.roles("admin")),
    HttpApiEndpoint.post("rotate", "/:id/rotate", {
      params: idParams,
      payload: RotatePayload,
      success: RotatedApiKey.pipe(HttpApiSchema.status(201)),
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
