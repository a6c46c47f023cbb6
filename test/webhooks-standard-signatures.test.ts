/**
 * Standard Webhooks headers (issue #16) end to end: every delivery is verified, as it
 * arrives, by the `standardwebhooks` and `svix` packages (webhook-id/-timestamp/-signature)
 * and by Stripe's SDK (the spec's X-Service-Signature); across a rotation with grace both
 * secrets verify with all three; a secret of the old format (40 alphanumerics, made before
 * this change) keeps working for both signatures. Real clock: the libraries compare the
 * timestamp with the wall clock.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { Webhook as StandardWebhook } from "standardwebhooks"
import { Webhook as SvixWebhook } from "svix"
import { startTestReceiver, type ReceivedRequest } from "@quote/adapters/dev/webhook-test-receiver"
import { about, makeRoute, renameRoute } from "../packages/adapters/test/app/webhooks/fixtures.ts"
import { registerEndpoint, stripeVerifies } from "./support/webhook-endpoints.ts"
import { SqlClient, TestServer, testUsers } from "./support/test-server.ts"

/** Whether both Standard Webhooks libraries accept the request with this secret (each throws otherwise). */
const standardVerifies = (request: ReceivedRequest, secret: string): boolean => {
  const headers = {
    "webhook-id": request.headers["webhook-id"] ?? "",
    "webhook-timestamp": request.headers["webhook-timestamp"] ?? "",
    "webhook-signature": request.headers["webhook-signature"] ?? ""
  }
  try {
    const standard = new StandardWebhook(secret).verify(request.rawBody, headers)
    const svix = new SvixWebhook(secret).verify(request.rawBody, headers)
    return JSON.stringify(standard) === JSON.stringify(svix) && JSON.stringify(svix) === request.rawBody
  } catch {
    return false
  }
}

const verifiedByAll = (request: ReceivedRequest, secret: string) => standardVerifies(request, secret) && stripeVerifies(request, secret)

layer(TestServer.layer(), { excludeTestServices: true })("webhooks: Standard Webhooks signatures", (it) => {
  it.effect("a delivery carries webhook-id = event id and webhook-timestamp = t; svix, standardwebhooks and Stripe verify it", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/std`, events: ["route.updated"] })
      const route = yield* makeRoute
      yield* renameRoute(route)
      const [request] = yield* receiver.waitFor(1, about(route, "route.updated"))
      assert.strictEqual(request!.headers["webhook-id"], request!.headers["x-service-event-id"])
      assert.strictEqual(request!.headers["x-service-signature"]?.split(",")[0], `t=${request!.headers["webhook-timestamp"]}`)
      assert.match(request!.headers["webhook-signature"] ?? "", /^v1,[A-Za-z0-9+/]{43}=$/)
      assert.isTrue(verifiedByAll(request!, endpoint.secret))
      assert.isFalse(standardVerifies(request!, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
      assert.isFalse(standardVerifies({ ...request!, rawBody: request!.rawBody.replace("route", "ruta") }, endpoint.secret))
    }))

  it.effect("rotation with grace: two v1 in each header, both secrets verify with all three; grace 0: only the new one", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/rotate`, events: ["route.updated"] })
      const api = yield* server.api(admin)
      const rotateSecret = (graceHours: number) => api.webhooks.rotateSecret({ params: { id: endpoint.id }, payload: { graceHours } })
      const newSecret = (yield* rotateSecret(24)).secret
      assert.match(newSecret, /^whsec_[A-Za-z0-9+/]{40}$/)
      const route = yield* makeRoute
      yield* renameRoute(route)
      const [during] = yield* receiver.waitFor(1, about(route, "route.updated"))
      assert.strictEqual(during!.headers["webhook-signature"]?.split(" ").length, 2)
      assert.isTrue(verifiedByAll(during!, newSecret))
      assert.isTrue(verifiedByAll(during!, endpoint.secret))

      const latest = (yield* rotateSecret(0)).secret
      yield* renameRoute(route)
      const after = (yield* receiver.waitFor(2, about(route, "route.updated")))[1]!
      assert.strictEqual(after.headers["webhook-signature"]?.split(" ").length, 1)
      assert.isTrue(verifiedByAll(after, latest))
      assert.isFalse(standardVerifies(after, newSecret))
    }))

  it.effect("a secret of the old format (40 alphanumerics) still signs both headers, verified by all three", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/old`, events: ["route.updated"] })
      const oldSecret = "whsec_Q2xhdmVBbnRpZ3VhRGVsU2VydmljaW9XZWJob29r"
      assert.match(oldSecret, /^whsec_[A-Za-z0-9]{40}$/)
      yield* sql`update webhook_endpoints set secret = ${oldSecret} where id = ${endpoint.id}::uuid`
      const route = yield* makeRoute
      yield* renameRoute(route)
      const [request] = yield* receiver.waitFor(1, about(route, "route.updated"))
      assert.isTrue(verifiedByAll(request!, oldSecret))
    }))
})
