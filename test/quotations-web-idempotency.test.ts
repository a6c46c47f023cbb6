/**
 * The web create's `Idempotency-Key` (CONTRACT.md "The web console and API limits";
 * docs/quotations.md), black-box: optional, scoped to the calling user; a repeat with
 * the same key and body answers 200 with the quotation already created (nothing new,
 * no second event), a different body is 409 IDEMPOTENCY_KEY_REUSED, and concurrent
 * requests with one key create one quotation — the integration create's code path.
 *
 * Real clock at an ordinary business hour: the seeded "Always open" route is open.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import {
  type ApiClient,
  entityEvents,
  expectError,
  ordinaryBusinessHour,
  SqlClient,
  TestServer,
  testUsers,
  uniqueEmail
} from "./support/test-server.ts"

const order = { items: [{ sku: "ABA-001", quantity: 2 }, { sku: "BEB-002", quantity: 1 }], notes: "Carrito 1" }

const clientApi = Effect.flatMap(TestServer, (server) => Effect.flatMap(server.login(testUsers.client), server.api))

/** The web create with `key`, answering the decoded quotation and the HTTP status. */
const createWith = (api: ApiClient, key: string | undefined, payload: typeof order = order) =>
  Effect.map(
    api.quotations.create({
      headers: key === undefined ? {} : { "idempotency-key": key },
      payload,
      responseMode: "decoded-and-response"
    }),
    ([quotation, response]) => ({ quotation, status: response.status })
  )

const quotationsCreatedBy = (userId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql.withoutTransforms()<{ n: number }>`select count(*)::int as n from quotations where created_by = ${userId}::uuid`,
      (rows) => rows[0]!.n
    ))

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("web quotations: Idempotency-Key", (it) => {
  it.effect("a repeat answers 200 with the same quotation and creates nothing; another body is 409", () =>
    Effect.gen(function*() {
      const api = yield* clientApi
      const me = yield* api.auth.me()
      const key = randomUUID()
      const first = yield* createWith(api, key)
      assert.strictEqual(first.status, 201)
      const before = yield* quotationsCreatedBy(me.id)

      const again = yield* createWith(api, key)
      assert.strictEqual(again.status, 200)
      assert.deepStrictEqual(again.quotation, first.quotation)
      assert.strictEqual(yield* quotationsCreatedBy(me.id), before)
      assert.deepStrictEqual((yield* entityEvents(first.quotation.id)).map((event) => event.type), ["quotation.created"])

      const reused = yield* Effect.flip(createWith(api, key, { ...order, notes: "Otro carrito" }))
      assert.strictEqual(reused._tag, "IdempotencyKeyReused")
      assert.deepStrictEqual(reused._tag === "IdempotencyKeyReused" ? reused.details : undefined, {
        quotationId: first.quotation.id
      })
      assert.strictEqual(yield* quotationsCreatedBy(me.id), before)

      // Without a key every request creates.
      const plain = yield* createWith(api, undefined)
      const plainAgain = yield* createWith(api, undefined)
      assert.deepStrictEqual([plain.status, plainAgain.status], [201, 201])
      assert.notStrictEqual(plain.quotation.id, plainAgain.quotation.id)
    }))

  it.effect("the key is the user's: a colleague's request with the same key creates its own quotation", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const api = yield* clientApi
      const email = uniqueEmail("colega")
      yield* api.myCompany.createUser({ payload: { name: "Colega", email, password: "secret-123" } })
      const colleague = yield* server.api(yield* server.login({ email, password: "secret-123" }))
      const key = randomUUID()
      const mine = yield* createWith(api, key)
      const theirs = yield* createWith(colleague, key)
      assert.deepStrictEqual([mine.status, theirs.status], [201, 201])
      assert.notStrictEqual(mine.quotation.id, theirs.quotation.id)
    }))

  it.effect("concurrent requests with one key (a double submit) create one quotation", () =>
    Effect.gen(function*() {
      const api = yield* clientApi
      const me = yield* api.auth.me()
      const before = yield* quotationsCreatedBy(me.id)
      const key = randomUUID()
      const answers = yield* Effect.all(Array.from({ length: 6 }, () => createWith(api, key)), { concurrency: "unbounded" })
      assert.deepStrictEqual(answers.map((answer) => answer.status).sort(), [200, 200, 200, 200, 200, 201])
      const ids = new Set(answers.map((answer) => answer.quotation.id))
      assert.strictEqual(ids.size, 1)
      assert.strictEqual(yield* quotationsCreatedBy(me.id), before + 1)
      assert.deepStrictEqual((yield* entityEvents([...ids][0]!)).map((event) => event.type), ["quotation.created"])
    }))

  it.effect("the key is 1–100 characters", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* server.login(testUsers.client)
      const post = (key: string) =>
        server.request("POST", "/api/quotations", { token, body: order, headers: { "idempotency-key": key } })
      expectError(yield* post(""), 400, "VALIDATION_ERROR")
      expectError(yield* post("k".repeat(101)), 400, "VALIDATION_ERROR")
      assert.strictEqual((yield* post("k".repeat(100))).status, 201)
    }))
})
