/**
 * The port through which webhooks leave the service (spec "Delivery contract", "Target
 * URL rules"). The use cases (delivery attempts, endpoint registration) depend on this
 * declaration only; `@quote/adapters/infra/webhook-http` implements it over Node's HTTP
 * client with the destination checked and its address pinned.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { InvalidWebhookTarget } from "./errors.ts"
import type { AttemptOutcome } from "./webhook-delivery-state.ts"

export interface WebhookRequest {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

export interface TransportResult {
  readonly outcome: AttemptOutcome
  /** Real milliseconds from the start of the check to the end of the answer. */
  readonly durationMs: number
}

export class WebhookTransport extends Context.Service<WebhookTransport, {
  /** Checks the destination and POSTs; never fails: every problem is an outcome. */
  readonly send: (request: WebhookRequest) => Effect.Effect<TransportResult>
  /**
   * The registration check: the URL rules and the addresses its host resolves to; a name
   * that does not resolve (yet) is accepted, since every delivery checks again.
   */
  readonly checkRegistrationUrl: (url: string) => Effect.Effect<void, InvalidWebhookTarget>
}>()("@quote/core/WebhookTransport") {}
