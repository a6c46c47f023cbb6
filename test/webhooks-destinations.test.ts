/**
 * Destination safety and the endpoint limit over HTTP, with private targets NOT allowed
 * (as in production). Names resolving to blocked addresses need a resolver the test
 * controls: packages/adapters/test/webhooks/destinations.test.ts. No test here lets the
 * service connect anywhere (every accepted URL is an unresolvable name).
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { InvalidWebhookTarget, WebhookLimitReached } from "@quote/core/webhooks/errors"
import { bodyOf, errorCode, errorOf, type TestResponse, TestServer, testUsers } from "./support/test-server.ts"

const BLOCKED: ReadonlyArray<readonly [url: string, reason: string]> = [
  ["http://hooks.example.com/x", "NOT_HTTPS"],
  ["http://127.0.0.1:8080/x", "NOT_HTTPS"],
  ["https://user:secret@hooks.example.com/x", "USERINFO"],
  ["https://localhost/x", "LOCALHOST"],
  ["https://api.localhost/x", "LOCALHOST"],
  ["https://printer.local/x", "INTERNAL_HOSTNAME"],
  ["https://db.internal/x", "INTERNAL_HOSTNAME"],
  ["https://127.0.0.1/x", "LOOPBACK_ADDRESS"],
  ["https://0x7f.1/x", "LOOPBACK_ADDRESS"],
  ["https://[::1]/x", "LOOPBACK_ADDRESS"],
  ["https://[::ffff:127.0.0.1]/x", "LOOPBACK_ADDRESS"],
  ["https://0.0.0.0/x", "PRIVATE_ADDRESS"],
  ["https://10.0.0.1/x", "PRIVATE_ADDRESS"],
  ["https://172.16.5.4/x", "PRIVATE_ADDRESS"],
  ["https://172.31.255.255/x", "PRIVATE_ADDRESS"],
  ["https://192.168.1.1/x", "PRIVATE_ADDRESS"],
  ["https://169.254.169.254/latest/meta-data", "PRIVATE_ADDRESS"],
  ["https://100.64.0.1/x", "PRIVATE_ADDRESS"],
  ["https://[fd00::1]/x", "PRIVATE_ADDRESS"],
  ["https://[fe80::1]/x", "PRIVATE_ADDRESS"],
  ["https://[::ffff:10.0.0.1]/x", "PRIVATE_ADDRESS"],
  ["not a url", "INVALID_URL"]
]

const reasonOf = (response: TestResponse) => errorOf(response, InvalidWebhookTarget).details?.reason

/** The id of a `201` answer of a raw create. */
const idOf = (response: TestResponse) => bodyOf(response, Schema.Struct({ id: Schema.String })).id

layer(TestServer.layer({ config: { webhookAllowPrivateTargets: false } }), { excludeTestServices: true })(
  "webhook destinations",
  (it) => {
    it.effect("registration refuses every blocked destination with 400 INVALID_WEBHOOK_URL and its reason", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const admin = yield* server.login(testUsers.admin)
        for (const [url, reason] of BLOCKED) {
          const response = yield* server.request("POST", "/api/webhooks", {
            token: admin,
            body: { name: "blocked", url, events: ["route.updated"] }
          })
          assert.strictEqual(response.status, 400, url)
          assert.strictEqual(errorCode(response), "INVALID_WEBHOOK_URL", url)
          assert.strictEqual(reasonOf(response), reason, url)
        }
      }))

    it.effect("a URL change is checked the same way", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const admin = yield* server.login(testUsers.admin)
        const { id } = yield* (yield* server.api(admin)).webhooks.create({
          payload: { name: "ok", url: "https://hooks.example.com/x", events: ["route.updated"], sources: ["web"] }
        })
        for (const [url, reason] of BLOCKED.slice(0, 8)) {
          const response = yield* server.request("PATCH", `/api/webhooks/${id}`, { token: admin, body: { url } })
          assert.strictEqual(response.status, 400, url)
          assert.strictEqual(reasonOf(response), reason, url)
        }
        const deleted = yield* server.request("DELETE", `/api/webhooks/${id}`, { token: admin })
        assert.strictEqual(deleted.status, 204)
      }))

    it.effect("at most 10 endpoints: the 11th is 409 WEBHOOK_LIMIT_REACHED, also under concurrent creates", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const admin = yield* server.login(testUsers.admin)
        const create = (n: number) =>
          server.request("POST", "/api/webhooks", {
            token: admin,
            // Unresolvable names, and no route changes here: nothing is ever sent.
            body: { name: `limit ${n}`, url: `https://hooks-${n}.example.com/x`, events: ["route.updated"] }
          })
        const ids: Array<string> = []
        for (let n = 0; n < 8; n++) {
          const response = yield* create(n)
          assert.strictEqual(response.status, 201, response.text)
          ids.push(idOf(response))
        }
        // Three at once for the last two places: exactly two win.
        const racing = yield* Effect.all([create(8), create(9), create(10)], { concurrency: "unbounded" })
        assert.deepStrictEqual(racing.map((response) => response.status).sort(), [201, 201, 409])
        for (const response of racing) {
          if (response.status === 201) ids.push(idOf(response))
          else {
            assert.strictEqual(errorCode(response), "WEBHOOK_LIMIT_REACHED")
            assert.deepStrictEqual(errorOf(response, WebhookLimitReached).details, { limit: 10 })
          }
        }
        const eleventh = yield* create(11)
        assert.strictEqual(eleventh.status, 409)
        assert.strictEqual(errorCode(eleventh), "WEBHOOK_LIMIT_REACHED")

        // Deleting one frees a place.
        yield* server.request("DELETE", `/api/webhooks/${ids.pop()!}`, { token: admin })
        const again = yield* create(12)
        assert.strictEqual(again.status, 201)
        ids.push(idOf(again))
        for (const id of ids) yield* server.request("DELETE", `/api/webhooks/${id}`, { token: admin })
      }))
  }
)
