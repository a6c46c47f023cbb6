/**
 * Issue #6 "Done when": a quotation created through the integration API reaches a
 * registered local receiver within a second of the 201, verifiably signed. The server
 * runs at an ordinary business hour (the seeded "Always open" route is open), so the
 * signature is verified against that clock.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Result, Schema } from "effect"
import { startTestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import { verifySignature } from "@quote/core/webhooks/webhook-signature"
import { ordinaryBusinessHour, TestServer, testUsers } from "./support/test-server.ts"

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("webhooks end to end", (it) => {
  it.effect("an integration quotation reaches the receiver within a second of the 201, signed", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const receiver = yield* startTestReceiver()
      const admin = yield* server.login(testUsers.admin)

      const adminApi = yield* server.api(admin)

      const { secret } = yield* adminApi.webhooks.create({
        payload: { name: "chatbot", url: `${receiver.url}/hooks`, events: ["quotation.created"], sources: ["chat"] }
      })
      const { apiKey } = yield* adminApi.apiKeys.create({
        payload: { name: "chatbot", scopes: ["clients:read", "quotations:write"] }
      })
      const chatbot = yield* server.api(apiKey)

      const lookup = yield* chatbot.integrations.lookupClients({ query: { phone: "+573000000001" } })
      const match = lookup.matches[0]!
      const catalog = yield* (yield* server.api()).catalog.products({ query: {} })
      const sku = catalog.items[0]!.sku

      const sentAt = performance.now()
      const created = yield* chatbot.integrations.createQuotation({
        headers: { "idempotency-key": crypto.randomUUID() },
        payload: { clientId: match.clientId, branchId: match.defaultBranchId, items: [{ sku, quantity: 2 }] }
      })
      const answeredAt = performance.now()
      assert.isFalse(created.replayed, "a 201, not a replay")
      const quotationId = created.id

      const [delivery] = yield* receiver.waitFor(
        1,
        (request) => request.rawBody.includes(quotationId),
        5_000
      )
      assert.isDefined(delivery, "the quotation.created event never arrived")
      assert.isBelow(delivery!.receivedAt - answeredAt, 1_000, "delivered more than a second after the 201")
      assert.isAbove(delivery!.receivedAt, sentAt)
      assert.strictEqual(delivery!.headers["x-service-event"], "quotation.created")

      const signature = delivery!.headers["x-service-signature"] ?? ""
      const signedAt = Number(/t=(\d+)/.exec(signature)?.[1]) * 1000
      // The receiver's clock is the server's (both run at the same moved "now").
      const verified = verifySignature(delivery!.rawBody, signature, [secret], signedAt)
      assert.isTrue(Result.isSuccess(verified), "the signature does not verify with the endpoint's secret")
      assert.isTrue(Result.isFailure(verifySignature(delivery!.rawBody, signature, ["whsec_wrong"], signedAt)))
      assert.isTrue(Math.abs(signedAt - Date.parse(ordinaryBusinessHour)) < 10 * 60_000, "signed at the server's time")
      const envelope = Schema.decodeUnknownSync(Schema.fromJsonString(Schema.Struct({
        type: Schema.String,
        data: Schema.Struct({ quotation: Schema.Struct({ id: Schema.String, source: Schema.String }) })
      })))(delivery!.rawBody)
      assert.strictEqual(envelope.type, "quotation.created")
      assert.strictEqual(envelope.data.quotation.id, quotationId)
      assert.strictEqual(envelope.data.quotation.source, "chat")
    }))
})
