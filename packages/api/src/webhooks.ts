/**
 * Webhook administration (spec "Webhook administration", admin only). The signing
 * secret appears in full only in the create and rotate-secret answers; lists show
 * `secretHint`. Target URLs follow the spec's rules (https, no credentials, no internal
 * or private destination, including names resolving to one): otherwise
 * `400 INVALID_WEBHOOK_URL` with `details.reason`. Recovery and the event feed are
 * issue #16's. docs/webhooks.md has the decisions; the shapes are `@quote/core/webhooks/views`.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import {
  InvalidWebhookTarget,
  DeliveryInProgress,
  WebhookEndpointInactive,
  WebhookLimitReached
} from "@quote/core/webhooks/errors"
import { DeliveryId, WebhookEndpointId } from "@quote/core/shared/ids"
import {
  CreatedWebhookEndpoint,
  DeliveryQuery,
  FeedQuery,
  NewWebhookEndpoint,
  RecoveryRange,
  RotatedWebhookEndpoint,
  WebhookAttemptResult,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointPatch,
  WebhookEventCatalog,
  WebhookEventFeedPage,
  WebhookRecovery
} from "@quote/core/webhooks/views"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelopes } from "./error-envelope.ts"
import { RoleOrApiKeyAuthentication, roleOrApiKeyScope } from "./security-role-or-key.ts"
import { EmptyPatch, NotFound, ValidationError } from "@quote/core/shared/errors"

const idParams = { id: WebhookEndpointId }
const admin = access.roles("admin")

export class WebhooksApi extends HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.get("events", "/events", { success: WebhookEventCatalog })
      .middleware(UserAuthentication).annotateMerge(admin),
    HttpApiEndpoint.get("feed", "/events/feed", { query: FeedQuery.fields, success: WebhookEventFeedPage, error: errorEnvelopes(ValidationError) })
      .middleware(RoleOrApiKeyAuthentication).annotateMerge(roleOrApiKeyScope(["admin"], "events:read")),
    HttpApiEndpoint.get("list", "/", {
      success: WebhookEndpointList
    }).middleware(UserAuthentication).annotateMerge(admin),
    HttpApiEndpoint.post("create", "/", {
      payload: NewWebhookEndpoint,
      success: CreatedWebhookEndpoint.pipe(HttpApiSchema.status(201)),
      error: errorEnvelopes(ValidationError, InvalidWebhookTarget, WebhookLimitReached)
    }).middleware(UserAuthentication).annotateMerge(admin),
    HttpApiEndpoint.patch("update", "/:id", {
      params: idParams,
      payload: WebhookEndpointPatch,
      success: WebhookEndpoint,
      error: errorEnvelopes(ValidationError, NotFound, EmptyPatch, InvalidWebhookTarget)
    }).middleware(UserAuthentication).annotateMerge(admin)
      .annotate(OpenApi.Description, "Access: roles admin. Deactivating fails the endpoint's pending deliveries (an inactive endpoint accumulates none)."),
    HttpApiEndpoint.post("test", "/:id/test", {
      params: idParams,
      success: WebhookAttemptResult,
      error: errorEnvelopes(ValidationError, NotFound)
    }).middleware(UserAuthentication).annotateMerge(admin)
      .annotate(OpenApi.Description, "Access: roles admin. Sends a `ping` now, once, without retries, and returns the result."),
    HttpApiEndpoint.post("rotateSecret", "/:id/rotate-secret", {
      params: idParams,
      // The body is optional: none (read as null) means the default grace.
      payload: [
        Schema.Struct({
          graceHours: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 168 })).annotate({
            description: "Hours the old secret still signs (0–168, default 24); 0 stops it at once"
          }))
        }),
        Schema.Null
      ],
      success: RotatedWebhookEndpoint,
      error: errorEnvelopes(ValidationError, NotFound)
    }).middleware(UserAuthentication).annotateMerge(admin),
    HttpApiEndpoint.post("recover", "/:id/recover", {
      params: idParams,
      payload: RecoveryRange,
      success: WebhookRecovery.pipe(HttpApiSchema.status(202)),
      error: errorEnvelopes(ValidationError, NotFound, WebhookEndpointInactive)
    }).middleware(UserAuthentication).annotateMerge(admin)
      .annotate(OpenApi.Description, "Access: roles admin. Sends again every failed delivery of the endpoint whose event was created in [since, until), each as a fresh try (attempts restarted); pending ones keep their schedule. More than 10,000: 400, narrow the range."),
    HttpApiEndpoint.get("deliveries", "/:id/deliveries", {
      params: idParams,
      query: DeliveryQuery.fields,
      success: Schema.Struct({ items: Schema.Array(WebhookDelivery) }),
      error: errorEnvelopes(ValidationError, NotFound)
    }).middleware(UserAuthentication).annotateMerge(admin),
    HttpApiEndpoint.post("retry", "/deliveries/:id/retry", {
      params: { id: DeliveryId },
      success: WebhookAttemptResult,
      error: errorEnvelopes(ValidationError, NotFound, DeliveryInProgress)
    }).middleware(UserAuthentication).annotateMerge(admin)
      .annotate(OpenApi.Description, "Access: roles admin. Re-sends a delivery in any state now; the attempt count restarts and the answer is the new attempt's result."),
    HttpApiEndpoint.delete("remove", "/:id", {
      params: idParams,
      success: HttpApiSchema.NoContent,
      error: errorEnvelopes(ValidationError, NotFound)
    }).middleware(UserAuthentication).annotateMerge(admin)
      .annotate(OpenApi.Description, "Access: roles admin. Deletes the endpoint and its delivery history.")
  )
  .prefix("/api/webhooks")
  .annotate(OpenApi.Title, "Webhooks")
{}
