/**
 * The edge middleware on failures no real endpoint produces on purpose: a defect
 * becomes 500 INTERNAL_ERROR carrying the request id (also in the header), never a stack.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { RequestEnvelope } from "../src/middleware/request-envelope.ts"

const App = Layer.mergeAll(
  HttpRouter.add("GET", "/boom", Effect.die(new Error("secret internal detail"))),
  HttpRouter.add("GET", "/thrown", Effect.sync(() => {
    throw new TypeError("cannot read property of undefined")
  })),
  HttpRouter.add("GET", "/fine", HttpServerResponse.json({ ok: true })),
  RequestEnvelope
)

const call = (path: string) =>
  Effect.acquireUseRelease(
    Effect.sync(() => HttpRouter.toWebHandler(App, { disableLogger: true })),
    ({ handler }) =>
      Effect.promise(async () => {
        const response = await handler(new Request(`http://localhost${path}`))
        return { status: response.status, requestId: response.headers.get("x-request-id"), text: await response.text() }
      }),
    ({ dispose }) => Effect.promise(dispose)
  )

describe("request envelope", () => {
  for (const path of ["/boom", "/thrown"]) {
    it.effect(`a defect (${path}) → 500 INTERNAL_ERROR with the request id, no details of the cause`, () =>
      Effect.gen(function*() {
        const response = yield* call(path)
        assert.strictEqual(response.status, 500)
        const body = JSON.parse(response.text) as { error: { code: string; details: { requestId: string } } }
        assert.strictEqual(body.error.code, "INTERNAL_ERROR")
        assert.isString(response.requestId)
        assert.strictEqual(body.error.details.requestId, response.requestId)
        assert.notInclude(response.text, "secret internal detail")
        assert.notInclude(response.text, "cannot read property")
        assert.notMatch(response.text, /\.ts:\d+/)
      }))
  }

  it.effect("a success passes through with a request id", () =>
    Effect.gen(function*() {
      const response = yield* call("/fine")
      assert.strictEqual(response.status, 200)
      assert.deepStrictEqual(JSON.parse(response.text), { ok: true })
      assert.isString(response.requestId)
    }))
})
