/**
 * What the webhook black-box tests share (`test/webhooks-*.test.ts`): endpoints
 * registered through the API for one test, signature checks by an independent
 * implementation (Stripe's Node SDK, which verifies this exact `t=…,v1=…` scheme over
 * the raw body), and waiting for what the receiver and the deliveries list show.
 */
import { Effect } from "effect"
import Stripe from "stripe"
import type { ReceivedRequest, TestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import type { WebhookEndpointId } from "@quote/core/shared/ids"
import type { NewWebhookEndpoint, WebhookDelivery } from "@quote/core/webhooks/views"
import { about, envelopeOf, unique } from "../../packages/adapters/test/app/webhooks/fixtures.ts"
import { type TestServer, wireItems } from "./test-server.ts"

const stripe = new Stripe("sk_test_not_used_for_requests")

export type Server = TestServer["Service"]

/**
 * The spec's event types ("Webhooks", events table), in its order: written out here, not
 * taken from the server's catalog, so the tests hold the catalog to the spec.
 */
export const specEventTypes = [
  "quotation.created",
  "quotation.status_changed",
  "quotation.approved",
  "quotation.rejected",
  "quotation.comment_added",
  "client.created",
  "client.updated",
  "branch.updated",
  "route.updated"
] as const

/** Registers an endpoint for the test (through the typed client) and deletes it when the test ends. */
export const registerEndpoint = (
  server: Server,
  token: string,
  body: Omit<NewWebhookEndpoint, "name"> & Partial<Pick<NewWebhookEndpoint, "name">>
) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const api = yield* server.api(token)
      return yield* api.webhooks.create({ payload: { name: `hook ${unique()}`, ...body } })
    }),
    (endpoint) => Effect.asVoid(server.request("DELETE", `/api/webhooks/${endpoint.id}`, { token }))
  )

/** Verifies with Stripe's SDK (throws on a bad signature) and returns the parsed body. */
export const stripeVerifies = (request: ReceivedRequest, secret: string): boolean => {
  try {
    stripe.webhooks.constructEvent(request.rawBody, request.headers["x-service-signature"] ?? "", secret)
    return true
  } catch {
    return false
  }
}

export const oneEvent = (receiver: TestReceiver, entityId: string, type: string) =>
  Effect.map(receiver.waitFor(1, about(entityId, type)), (requests) => envelopeOf(requests[0]!))

export const sortedKeys = (value: unknown) => Object.keys(value ?? {}).sort()

/**
 * A delivery as `GET /:id/deliveries` lists it, once `ready` (an answer is recorded after
 * the receiver saw it): typed, and as the wire carried it (for its exact fields).
 */
export const listedDelivery = (
  server: Server,
  token: string,
  endpointId: WebhookEndpointId,
  deliveryId: string,
  ready: (item: WebhookDelivery) => boolean
) =>
  Effect.gen(function*() {
    const api = yield* server.api(token)
    for (let tries = 0;; tries++) {
      const [list, answer] = yield* api.webhooks.deliveries({
        params: { id: endpointId },
        query: {},
        responseMode: "decoded-and-response"
      })
      const delivery = list.items.find((item) => item.id === deliveryId)
      if ((delivery !== undefined && ready(delivery)) || tries === 200) {
        const onTheWire = (yield* wireItems(answer)).find((item) => item.id === deliveryId)
        return { delivery, onTheWire }
      }
      yield* Effect.promise(() => new Promise((wake) => setTimeout(wake, 20)))
    }
  })
