/**
 * Attempts of leased deliveries (spec "Events"): build each `data` from the current
 * state, wrap it in the envelope, sign it, POST it, and record the outcome through core's
 * delivery state machine. A batch shares its database work (one payload query per
 * entity kind, one statement to record) while its requests go out concurrently. The
 * admin retry and the test ping use `attemptAll`; the dispatcher uses `prepare` and
 * `recordAll` apart, so each request runs on its own and a slow one holds up no other.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import {
  type AttemptOutcome,
  type DeliveryState,
  isSuccessfulOutcome,
  manualRetry,
  nextAfterAttempt
} from "@quote/core/webhooks/webhook-delivery-state"
import { SIGNATURE_HEADER, signPayload } from "@quote/core/webhooks/webhook-signature"
import { nextAttemptHonouringRetryAfter } from "@quote/core/webhooks/retry-after"
import { standardWebhookHeaders } from "@quote/core/webhooks/standard-webhook-signature"
import { WEBHOOK_API_VERSION } from "@quote/core/webhooks/event-catalog"
import type { WebhookAttemptResult } from "@quote/core/webhooks/views"
import { type ClaimedDelivery, DeliveryQueue, type RecordedAttempt } from "./delivery-queue.ts"
import { EndpointHealth } from "./endpoint-health.ts"
import { WebhookPayloads } from "./webhook-payloads.ts"
import { WebhookTransport } from "@quote/core/webhooks/webhook-transport"
import { recordWebhookAttempt, webhookAttemptOutcomeLabel } from "@quote/core/observability/service-metrics"

export const USER_AGENT = "Service-Webhooks/1"

export interface AttemptOptions {
  /** Admin retry: the count restarts (core `manualRetry`) before this attempt. */
  readonly restart?: boolean
}

/** New secret first; the previous one while its rotation grace lasts (spec "Signature"). */
export const signingSecrets = (endpoint: ClaimedDelivery["endpoint"], now: number): ReadonlyArray<string> =>
  endpoint.previousSecret !== null && endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt.getTime() > now
    ? [endpoint.secret, endpoint.previousSecret]
    : [endpoint.secret]

const statusCodeOf = (outcome: AttemptOutcome) => (outcome._tag === "Response" ? outcome.statusCode : null)

/** One attempt made, not yet recorded. */
export interface SentAttempt extends RecordedAttempt {
  readonly statusCode: number | null
}

export const resultOf = ({ delivery, durationMs, state, statusCode }: SentAttempt): WebhookAttemptResult => ({
  deliveryId: delivery.id,
  ok: state.status === "delivered",
  statusCode,
  error: state.lastError,
  durationMs: durationMs ?? 0,
  status: state.status,
  attempts: state.attempts
})

export class DeliveryAttempts extends Context.Service<DeliveryAttempts, {
  /**
   * Builds the batch's payloads (one query per entity kind) and returns one effect per
   * delivery, in order, that makes its attempt (signed at the moment it runs).
   */
  readonly prepare: (
    deliveries: ReadonlyArray<ClaimedDelivery>,
    options?: AttemptOptions
  ) => Effect.Effect<ReadonlyArray<Effect.Effect<SentAttempt>>>
  /** Records attempts whose lease is still held (one statement); logs the others. */
  readonly recordAll: (sent: ReadonlyArray<SentAttempt>) => Effect.Effect<ReadonlyArray<WebhookAttemptResult>>
  /** Attempts every delivery of the batch (concurrently) and records them together. */
  readonly attemptAll: (
    deliveries: ReadonlyArray<ClaimedDelivery>,
    options?: AttemptOptions
  ) => Effect.Effect<ReadonlyArray<WebhookAttemptResult>>
  readonly attempt: (delivery: ClaimedDelivery, options?: AttemptOptions) => Effect.Effect<WebhookAttemptResult>
}>()("@quote/adapters/webhooks/DeliveryAttempts") {
  static readonly layer = Layer.effect(
    DeliveryAttempts,
    Effect.gen(function*() {
      const queue = yield* DeliveryQueue
      const payloads = yield* WebhookPayloads
      const transport = yield* WebhookTransport
      const health = yield* EndpointHealth

      const send = Effect.fnUntraced(function*(
        delivery: ClaimedDelivery,
        data: Option.Option<unknown>,
        options: AttemptOptions | undefined
      ) {
        const now = yield* Clock.currentTimeMillis
        const before = options?.restart === true ? manualRetry(delivery.state, now) : delivery.state
        if (Option.isNone(data)) {
          // The entity was deleted: there is nothing true left to send, now or later.
          const gone: DeliveryState = {
            ...before,
            status: "failed",
            nextAttemptAt: null,
            lastAttemptAt: now,
            lastStatusCode: null,
            lastError: `The ${delivery.event.type.split(".")[0]} no longer exists; nothing to send`
          }
          recordWebhookAttempt("gone", 0)
          return { delivery, state: gone, durationMs: 0, statusCode: null } satisfies SentAttempt
        }
        const body = JSON.stringify({
          id: delivery.event.id,
          type: delivery.event.type,
          apiVersion: WEBHOOK_API_VERSION,
          createdAt: delivery.event.createdAt.toISOString(),
          data: data.value
        })
        const secrets = signingSecrets(delivery.endpoint, now)
        const { durationMs, outcome } = yield* transport.send({
          url: delivery.endpoint.url,
          body,
          headers: {
            // Standard Webhooks (svix, standardwebhooks) beside the spec's headers; same t.
            ...standardWebhookHeaders(delivery.event.id, Math.floor(now / 1000), body, secrets),
            "Content-Type": "application/json",
            "User-Agent": USER_AGENT,
            "X-Service-Event": delivery.event.type,
            "X-Service-Event-Id": delivery.event.id,
            "X-Service-Delivery-Id": delivery.id,
            "X-Service-Delivery-Attempt": String(before.attempts + 1),
            [SIGNATURE_HEADER]: signPayload(body, secrets, now)
          }
        })
        recordWebhookAttempt(webhookAttemptOutcomeLabel(outcome, isSuccessfulOutcome(outcome)), durationMs)
        const scheduled = nextAfterAttempt(before, outcome, now)
        // A 429/503 with Retry-After moves the retry later, never sooner than the table.
        const next: DeliveryState = scheduled.nextAttemptAt !== null && outcome._tag === "Response"
          ? {
            ...scheduled,
            nextAttemptAt: nextAttemptHonouringRetryAfter(scheduled.nextAttemptAt, now, outcome.statusCode, outcome.retryAfter)
          }
          : scheduled
        // Pings, and anything sent to an endpoint switched off, are never retried automatically.
        const final = delivery.event.type === "ping" || !delivery.endpoint.active
        const state: DeliveryState = final && next.status === "pending"
          ? { ...next, status: "failed", nextAttemptAt: null }
          : next
        return { delivery, state, durationMs, statusCode: statusCodeOf(outcome) } satisfies SentAttempt
      })

      const prepare = Effect.fn("DeliveryAttempts.prepare")(function*(
        deliveries: ReadonlyArray<ClaimedDelivery>,
        options?: AttemptOptions
      ) {
        const data = yield* payloads.build(deliveries.map((delivery) => delivery.event))
        return deliveries.map((delivery) => send(delivery, data.get(delivery.event.id) ?? Option.none(), options))
      })

      const recordAll = Effect.fn("DeliveryAttempts.recordAll")(function*(sent: ReadonlyArray<SentAttempt>) {
        const recorded = yield* queue.record(sent)
        yield* health.afterAttempts(
          sent.filter((attempt) => recorded.has(attempt.delivery.id)).map((attempt) => ({
            endpointId: attempt.delivery.endpoint.id,
            delivered: attempt.state.status === "delivered",
            statusCode: attempt.statusCode
          })),
          yield* Clock.currentTimeMillis
        )
        const lost = sent.filter((attempt) => !recorded.has(attempt.delivery.id))
        if (lost.length > 0) {
          yield* Effect.logWarning("webhook attempts not recorded: the lease was lost or the endpoint deleted").pipe(
            Effect.annotateLogs({ deliveryIds: lost.map((attempt) => attempt.delivery.id).join(",") })
          )
        }
        return sent.map(resultOf)
      })

      const attemptAll = Effect.fn("DeliveryAttempts.attemptAll")(function*(
        deliveries: ReadonlyArray<ClaimedDelivery>,
        options?: AttemptOptions
      ) {
        const sends = yield* prepare(deliveries, options)
        return yield* recordAll(yield* Effect.all(sends, { concurrency: "unbounded" }))
      })

      const attempt = (delivery: ClaimedDelivery, options?: AttemptOptions) =>
        Effect.map(attemptAll([delivery], options), (results) => results[0]!)

      return DeliveryAttempts.of({ prepare, recordAll, attemptAll, attempt })
    })
  )
}
