/**
 * `/api/my-company`, black-box (spec "My company"): who may use it. Every endpoint is for
 * client users of a company: anonymous callers, admins and advisors are refused, and a
 * client user without a company gets NO_COMPANY.
 */
import { layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { call, password } from "./support/my-company-fixtures.ts"
import { expectError, TestServer, testUsers, uniqueEmail } from "./support/test-server.ts"

/** Each endpoint of `/api/my-company` as `[method, path, body]`, with fresh ids and e-mail. */
const everyEndpoint = (): ReadonlyArray<readonly [string, string, unknown?]> => [
  ["GET", ""],
  ["GET", "/prices"],
  ["POST", "/users", { name: "X", email: uniqueEmail("x"), password }],
  ["PUT", `/users/${randomUUID()}`, { name: "X" }],
  ["DELETE", `/users/${randomUUID()}`],
  ["POST", "/branches", { name: "X" }],
  ["PUT", `/branches/${randomUUID()}`, { name: "X" }],
  ["DELETE", `/branches/${randomUUID()}`]
]

layer(TestServer.layer())("my company: access", (it) => {
  it.effect("every endpoint is for role client: 401 without a token, 403 FORBIDDEN for admin and advisor", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const endpoints = everyEndpoint()
      const tokens = [yield* server.login(testUsers.admin), yield* server.login(testUsers.advisor)]
      for (const [method, path, body] of endpoints) {
        const anonymous = yield* server.request(method, `/api/my-company${path}`, body === undefined ? {} : { body })
        expectError(anonymous, 401, "INVALID_TOKEN")
        for (const token of tokens) expectError(yield* call(method, path, token, body), 403, "FORBIDDEN")
      }
    }))

  it.effect("a client user without a company gets 404 NO_COMPANY from every endpoint", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const email = uniqueEmail("sin-empresa")
      yield* (yield* server.api()).users.create({ payload: { name: "Sin empresa", email, password } })
      const token = yield* server.login({ email, password })
      const endpoints = everyEndpoint()
      for (const [method, path, body] of endpoints) expectError(yield* call(method, path, token, body), 404, "NO_COMPANY")
    }))
})
