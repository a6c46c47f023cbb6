/**
 * What the webhook black-box tests share (`test/webhooks-*.test.ts`): endpoints
 * registered through the API for one test, signature checks by an independent
 * implementation (Stripe's Node SDK, which verifies this exact `t=…,v1=…` scheme over
 * the raw body), and waiting for what the receiver and the deliveries list show.
 */
import { assert } from "@effect/vitest"
import { Effect } from "effect"
import Stripe from "stripe"
import type { ReceivedRequest, TestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import { about, envelopeOf, unique } from "../../packages/adapters/test/app/webhooks/fixtures.ts"
import type { TestServer } from "./test-server.ts"

const stripe = new Stripe("sk_test_not_used_for_requests")

export interface CreatedEndpoint {
  readonly id: string
  readonly secret: string
  readonly [key: string]: unknown
}

export type Server = TestServer["Service"]

/** Registers an endpoint for the test and deletes it when the test ends. */
export const registerEndpoint = (server: Server, token: string, body: Record<string, unknown>) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const response = yield* server.request("POST", "/api/webhooks", { token, body: { name: `hook ${unique()}`, ...body } })
      assert.strictEqual(response.status, 201, response.text)
      return response.body as CreatedEndpoint
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

export const sortedKeys = (value: unknown) => Object.keys(value as object).sort()

/** A delivery as `GET /:id/deliveries` lists it, once `ready` (an answer is recorded after the receiver saw it). */
export const listedDelivery = (
  server: Server,
  token: string,
  endpointId: string,
  deliveryId: string,
  ready: (item: Record<string, unknown>) => boolean
) =>
  Effect.gen(function*() {
    for (let tries = 0;; tries++) {
      const response = yield* server.request("GET", `/api/webhooks/${endpointId}/deliveries`, { token })
      const found = (response.body as { items: Array<Record<string, unknown>> }).items.find((item) => item.id === deliveryId)
      if ((found !== undefined && ready(found)) || tries === 200) return found
      yield* Effect.promise(() => new Promise((wake) => setTimeout(wake, 20)))
    }
  })
