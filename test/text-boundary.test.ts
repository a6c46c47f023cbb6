/**
 * Issue #11: text PostgreSQL cannot store (a NUL, a lone UTF-16 surrogate) is a 400
 * `VALIDATION_ERROR` naming the field, never a 500 — in every string input of every
 * endpoint. The inputs are generated from the server's own OpenAPI document (every path
 * and query parameter, every string anywhere in a JSON body), so endpoints added later
 * are covered without touching this file. Each request carries the credential the
 * endpoint's declared access admits (read from `QuotationApi`), so the 400 is what an
 * authorised caller gets.
 */
import { assert, layer } from "@effect/vitest"
import { Context, Effect, Option, Redacted } from "effect"
import { HttpApi } from "effect/http-api"
import { randomUUID } from "node:crypto"
import { connect } from "node:net"
import { AppConfig } from "@quote/core/shared/app-config"
import { ApiKeyScope } from "@quote/core/auth/access"
import { QuotationApi } from "@quote/api/api"
import {
  AllowedRoles,
  ApiKeyAuthentication,
  CronAuthentication,
  OptionalUserAuthentication,
  UserAuthentication,
  UserOrApiKeyAuthentication
} from "@quote/api/security"
import { bodyWith, type OpenApiDocument, type StringInput, stringInputsOf } from "./support/openapi-string-inputs.ts"
import { ValidationError } from "@quote/core/shared/errors"
import { errorCode, errorOf, TestServer, type TestResponse, testUsers, wireObject } from "./support/test-server.ts"

type Caller = "anonymous" | "admin" | "advisor" | "client" | "apiKey" | "cron"

/** The caller each endpoint's access admits, by `METHOD /path/{param}`. */
const callerByEndpoint = (): Map<string, Caller> => {
  const callers = new Map<string, Caller>()
  HttpApi.reflect(QuotationApi, {
    onGroup: () => {},
    onEndpoint: ({ endpoint, mergedAnnotations, middleware }) => {
      const roles = Context.getOrUndefined(mergedAnnotations, AllowedRoles)
      const keys = new Set(Array.from(middleware, (service) => service.key))
      const caller: Caller = keys.has(CronAuthentication.key)
        ? "cron"
        : keys.has(ApiKeyAuthentication.key)
        ? "apiKey"
        : keys.has(UserAuthentication.key)
        ? roles === undefined || roles.includes("admin") ? "admin" : roles[0]!
        : keys.has(UserOrApiKeyAuthentication.key) || keys.has(OptionalUserAuthentication.key)
        ? "admin"
        : "anonymous"
      callers.set(`${endpoint.method} ${endpoint.path.replace(/:(\w+)/g, "{$1}")}`, caller)
    }
  })
  return callers
}

/** Raw JSON escapes (JSON.stringify would escape a lone surrogate itself), each placed inside a string. */
const unstorableEscapes = ["a\\u0000b", "\\ud800", "x\\uDFFFy"]

const placeholder = "__UNSTORABLE__"

interface Case {
  readonly input: StringInput
  readonly label: string
  readonly url: string
  readonly rawBody?: string
}

const casesOf = (input: StringInput): Array<Case> => {
  const target = input.part === "params" ? input.field[0] : undefined
  const path = input.path.replace(/\{(\w+)\}/g, (_, name: string) => name === target ? "%00" : randomUUID())
  const label = `${input.method} ${input.path} ${input.part}.${input.field.join(".")}`
  switch (input.part) {
    case "params":
      return [{ input, label, url: path }]
    case "query":
      return [{ input, label, url: `${path}?${encodeURIComponent(String(input.field[0]))}=a%00b` }]
    case "payload": {
      const template = JSON.stringify(bodyWith(input.field, placeholder))
      return unstorableEscapes.map((escape) => ({
        input,
        label: `${label} = "${escape}"`,
        url: path,
        rawBody: template.replace(placeholder, escape)
      }))
    }
  }
}

const namesField = (response: TestResponse, expected: ReadonlyArray<string>) => {
  let issues: ReadonlyArray<{ readonly path: ReadonlyArray<string> }> = []
  try {
    issues = errorOf(response, ValidationError).details?.issues ?? []
  } catch {
    // Not a VALIDATION_ERROR envelope: it names no field.
  }
  return issues.some((issue) => JSON.stringify(issue.path) === JSON.stringify(expected))
}

/** The status line Node answers to a raw HTTP/1.1 request. */
const rawStatusLine = (url: string, request: string) =>
  Effect.promise(() =>
    new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(url)
      const socket = connect(Number(port), hostname)
      socket.once("data", (chunk) => {
        resolve(chunk.toString("latin1").split("\r\n")[0]!)
        socket.destroy()
      })
      socket.once("error", reject)
      socket.write(request)
    })
  )

layer(TestServer.layer())("text PostgreSQL cannot store", (it) => {
  it.effect("a NUL or lone surrogate in any string input of any endpoint → 400 VALIDATION_ERROR naming the field", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const config = yield* AppConfig
      const openapi = yield* server.request("GET", "/api/openapi.json")
      assert.strictEqual(openapi.status, 200, openapi.text)
      const inputs = stringInputsOf(openapi.body as OpenApiDocument)
      // The fields of the issue report, so the generated list can never be vacuous.
      for (const known of ["POST /api/api-keys payload.name", "POST /api/companies payload.name", "POST /api/webhooks payload.name"]) {
        assert.isTrue(inputs.some((input) => `${input.method} ${input.path} ${input.part}.${input.field.join(".")}` === known), known)
      }
      assert.isAbove(inputs.filter((input) => input.part === "query").length, 5)
      assert.isAbove(inputs.filter((input) => input.part === "params").length, 20)

      const admin = yield* server.login(testUsers.admin)
      const issuedKey = yield* (yield* server.api(admin)).apiKeys.create({
        payload: { name: `Text boundary ${randomUUID()}`, scopes: ApiKeyScope.literals }
      })
      const credentials: Record<Caller, string | undefined> = {
        anonymous: undefined,
        admin,
        advisor: yield* server.login(testUsers.advisor),
        client: yield* server.login(testUsers.client),
        apiKey: issuedKey.apiKey,
        cron: Option.getOrUndefined(Option.map(config.cronSecret, Redacted.value))
      }
      const callers = callerByEndpoint()

      const problems: Array<string> = []
      let sent = 0
      for (const input of inputs) {
        const caller = callers.get(`${input.method} ${input.path}`)
        if (caller === undefined) {
          problems.push(`${input.method} ${input.path}: not an endpoint of QuotationApi`)
          continue
        }
        const token = credentials[caller]
        const headers = Object.fromEntries(input.requiredHeaders.map((name) => [name, `text-boundary-${randomUUID()}`]))
        for (const testCase of casesOf(input)) {
          const response = yield* server.request(input.method, testCase.url, {
            headers: testCase.rawBody === undefined ? headers : { ...headers, "content-type": "application/json" },
            ...(token === undefined ? {} : { token }),
            ...(testCase.rawBody === undefined ? {} : { rawBody: testCase.rawBody })
          })
          sent++
          const expected = [testCase.input.part, ...testCase.input.field.map(String)]
          if (response.status !== 400 || errorCode(response) !== "VALIDATION_ERROR" || !namesField(response, expected)) {
            problems.push(`${testCase.label} as ${caller}: ${response.status} ${response.text.slice(0, 300)}`)
          }
        }
      }
      assert.isAbove(sent, 100)
      assert.deepStrictEqual(problems, [])
    }))

  it.effect("well-formed text that merely looks suspicious is stored as sent", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const unique = randomUUID().slice(0, 8)
      // An escaped surrogate pair (an emoji) and an escaped backslash before "u0000".
      const response = yield* server.request("POST", "/api/api-keys", {
        token: admin,
        headers: { "content-type": "application/json" },
        rawBody: `{"name":"Caf\\u00e9 \\ud83d\\ude00 \\\\u0000 ${unique}","scopes":["catalog:read"]}`
      })
      assert.strictEqual(response.status, 201, response.text)
      assert.strictEqual((yield* wireObject(response)).name, `Café 😀 \\u0000 ${unique}`)
    }))

  it.effect("a NUL in a header the API reads never reaches it: Node refuses the request", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const body = JSON.stringify({ clientId: randomUUID(), branchId: randomUUID(), items: [] })
      const statusLine = yield* rawStatusLine(
        server.url,
        "POST /api/integrations/quotations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
          `Idempotency-Key: a\u0000b\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
      )
      assert.strictEqual(statusLine, "HTTP/1.1 400 Bad Request")
    }))
})
