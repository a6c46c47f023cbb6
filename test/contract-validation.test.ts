/**
 * The checker every black-box answer goes through (test/support/contract-validation.ts)
 * fails on planted violations: a wrong type, a missing field, an extra field in a closed
 * schema, a wrong format, an undocumented status, a body where none is declared — and
 * the typed client's hook turns one into a failed call.
 */
import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { createServer } from "node:http"
import { openApiDocument } from "@quote/api"
import {
  type Answer,
  ContractViolation,
  checkAnswer,
  makeContractValidator,
  validatingClient
} from "./support/contract-validation.ts"

const uuid = { type: "string", format: "uuid" }

/** A small document shaped like the service's: `$ref`s, closed objects, formats, an error union, a 204, a default, an `x-` extension. */
const planted = {
  openapi: "3.1.0",
  info: { title: "planted", version: "1" },
  paths: {
    "/api/things/{id}": {
      get: {
        operationId: "things.get",
        responses: {
          "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
          "404": { description: "missing", content: { "application/json": { schema: { $ref: "#/components/schemas/NotFoundError" } } } },
          default: { description: "failure", content: { "application/json": { schema: { $ref: "#/components/schemas/NotFoundError" } } } }
        }
      },
      delete: { operationId: "things.delete", responses: { "204": { description: "gone" } } }
    },
    "/api/things/special": {
      get: {
        operationId: "things.special",
        responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "array" } } } } }
      }
    }
  },
  components: {
    schemas: {
      Thing: {
        type: "object",
        properties: { id: uuid, count: { type: "integer" }, at: { type: "string", format: "date-time" } },
        required: ["id", "count", "at"],
        additionalProperties: false,
        "x-entity": "thing"
      },
      NotFoundError: {
        type: "object",
        properties: {
          error: {
            type: "object",
            properties: { code: { type: "string", enum: ["NOT_FOUND"] }, message: { type: "string" } },
            required: ["code", "message"],
            additionalProperties: false
          }
        },
        required: ["error"],
        additionalProperties: false
      }
    }
  }
}

const thingId = "9b2f0c1e-4d3a-4b5c-8d7e-0f1a2b3c4d5e"
const thing = { id: thingId, count: 2, at: "2026-11-18T15:00:00.000Z" }
const validator = makeContractValidator(planted)

const answer = (status: number, body: unknown, overrides: Partial<Answer> = {}): Answer => ({
  method: "GET",
  url: `/api/things/${thingId}?expand=1`,
  status,
  contentType: "application/json; charset=utf-8",
  text: body === undefined ? "" : JSON.stringify(body),
  ...overrides
})

const violationOf = (value: Answer): string => {
  const problem = validator.violation(value)
  assert.isDefined(problem, `expected a violation for ${JSON.stringify(value)}`)
  return problem ?? ""
}

describe("contract validation", () => {
  it("passes an answer the document describes", () => {
    assert.isUndefined(validator.violation(answer(200, thing)))
    assert.isUndefined(validator.violation(answer(404, { error: { code: "NOT_FOUND", message: "no" } })))
    assert.isUndefined(validator.violation(answer(204, undefined, { method: "DELETE", contentType: null })))
  })

  it("a wrong type fails, naming the operation, the status, the field and the body", () => {
    const problem = violationOf(answer(200, { ...thing, count: "2" }))
    assert.include(problem, "GET /api/things/{id} (things.get) answered 200")
    assert.include(problem, "/count must be integer")
    assert.include(problem, `"count":"2"`)
  })

  it("a missing required field fails", () => {
    const { at: _at, ...withoutAt } = thing
    assert.include(violationOf(answer(200, withoutAt)), `must have required property 'at'`)
  })

  it("a field a closed schema does not declare fails", () => {
    assert.include(violationOf(answer(200, { ...thing, secret: "x" })), `must NOT have additional properties {"additionalProperty":"secret"}`)
  })

  it("a wrong format fails (uuid, date-time)", () => {
    assert.include(violationOf(answer(200, { ...thing, id: "not-a-uuid" })), `/id must match format "uuid"`)
    assert.include(violationOf(answer(200, { ...thing, at: "yesterday" })), `/at must match format "date-time"`)
  })

  it("an error code outside the declared union fails", () => {
    assert.include(violationOf(answer(404, { error: { code: "GONE", message: "no" } })), "/error/code must be equal to one of the allowed values")
  })

  it("an undocumented status fails; `default` covers only 5xx", () => {
    const problem = violationOf(answer(400, { error: { code: "NOT_FOUND", message: "no" } }))
    assert.include(problem, "answered 400: undocumented status (documented: 200, 404, default)")
    assert.isUndefined(validator.violation(answer(503, { error: { code: "NOT_FOUND", message: "down" } })))
    assert.include(violationOf(answer(409, undefined, { method: "DELETE", contentType: null })), "undocumented status")
  })

  it("a body where none is declared, a body that is not JSON, another media type fail", () => {
    assert.include(violationOf(answer(204, { ok: true }, { method: "DELETE" })), "a body where the document declares none")
    assert.include(violationOf(answer(200, undefined, { text: "{oops" })), "the body is not JSON")
    assert.include(violationOf(answer(200, thing, { contentType: "text/plain" })), `media type "text/plain"`)
  })

  it("a literal segment wins over a parameter; paths and methods outside the document are not checked", () => {
    assert.isUndefined(validator.violation(answer(200, [], { url: "/api/things/special" })))
    assert.include(violationOf(answer(200, thing, { url: "/api/things/special" })), "GET /api/things/special (things.special)")
    assert.isUndefined(validator.violation(answer(404, { anything: true }, { url: "/docs" })))
    assert.isUndefined(validator.violation(answer(405, "nope", { method: "PATCH" })))
  })

  it("the service's own document compiles in strict mode and checks its answers", () => {
    const service = makeContractValidator(JSON.parse(JSON.stringify(openApiDocument())))
    const health = { method: "GET", url: "http://127.0.0.1:1/api/health", status: 200, contentType: "application/json" }
    assert.isUndefined(service.violation({ ...health, text: `{"status":"ok"}` }))
    assert.include(service.violation({ ...health, text: `{"status":"fine"}` }) ?? "", "GET /api/health (")
    assert.include(service.violation({ ...health, text: `{"status":"fine"}` }) ?? "", ") answered 200")
  })

  it.effect("checkAnswer dies with a ContractViolation", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(checkAnswer(validator, answer(418, "teapot")))
      assert.isTrue(Exit.isFailure(exit) && Cause.squash(exit.cause) instanceof ContractViolation)
    }))

  it.effect("the typed client's hook fails the call on an answer that breaks the document", () =>
    Effect.gen(function*() {
      const server = createServer((request, response) => {
        response.writeHead(200, { "content-type": "application/json" })
        response.end(JSON.stringify(request.url === "/api/things/special" ? [] : { ...thing, count: 2.5 }))
      })
      yield* Effect.acquireRelease(
        Effect.callback<void>((resume) => void server.listen(0, "127.0.0.1", () => resume(Effect.void))),
        () => Effect.callback<void>((resume) => void server.close(() => resume(Effect.void)))
      )
      const address = server.address()
      const base = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
      const client = validatingClient(validator)(yield* HttpClient.HttpClient)
      const fine = yield* client.get(`${base}/api/things/special`)
      assert.deepStrictEqual(yield* fine.json, [])
      const exit = yield* Effect.exit(client.get(`${base}/api/things/${thingId}`))
      const defect = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
      assert.instanceOf(defect, ContractViolation)
      assert.include(String(defect), "/count must be integer")
    }).pipe(Effect.scoped, Effect.provide(FetchHttpClient.layer)))
})
