/**
 * Login throttling, black-box (docs/security.md "Login throttling"): the 11th failed login
 * for an e-mail is 429 TOO_MANY_ATTEMPTS with Retry-After, even with the right password and
 * on another server instance over the same database; the per-address limit; a success
 * clears the account's count; failures age out of the window; an unknown e-mail costs what
 * a known one does.
 */
import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { HttpServer } from "effect/http"
import { SqlClient } from "effect/sql"
import { createHash } from "node:crypto"
import { serveOn } from "@quote/http/server"
import { TooManyAttempts } from "@quote/core/auth/errors"
import { errorCode, errorOf, type TestResponse, TestServer, testUsers, uniqueEmail } from "./support/test-server.ts"
import { checkedFetch } from "./support/contract-validation.ts"

const postLogin = (baseUrl: string, email: string, password: string, headers: Record<string, string> = {}) =>
  Effect.promise(async (): Promise<TestResponse> => {
    const response = await checkedFetch(`${baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ email, password })
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: text === "" ? undefined : JSON.parse(text), text }
  })

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  Effect.flatMap(TestServer, (server) => postLogin(server.url, email, password, headers))

/** A fresh advisor, so no other test's failures count against it. */
const freshUser = Effect.gen(function*() {
  const server = yield* TestServer
  const admin = yield* server.login(testUsers.admin)
  const email = uniqueEmail("throttle")
  const password = "right-password"
  const created = yield* server.request("POST", "/api/users", {
    token: admin,
    body: { name: "Usuario limitado", email, password, role: "advisor" }
  })
  assert.strictEqual(created.status, 201, created.text)
  return { email, password }
})

const failTimes = (count: number, email: string, baseUrl?: string) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    for (let i = 0; i < count; i++) {
      const response = yield* postLogin(baseUrl ?? server.url, email, `wrong-${i}`)
      assert.strictEqual(response.status, 401, response.text)
    }
  })

const assertThrottled = (response: TestResponse, maxSeconds: number) => {
  assert.strictEqual(response.status, 429, response.text)
  assert.strictEqual(errorCode(response), "TOO_MANY_ATTEMPTS")
  const retryAfter = Number(response.headers.get("retry-after"))
  assert.isAtLeast(retryAfter, 1)
  assert.isAtMost(retryAfter, maxSeconds)
  assert.deepStrictEqual(errorOf(response, TooManyAttempts).details, { retryAfterSeconds: retryAfter })
}

/** The account key the service stores: SHA-256 of the lower-cased e-mail. */
const accountKey = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex")

// The per-address limit is raised here (the tests fail many logins from 127.0.0.1);
// the next block tests it on its own.
layer(TestServer.layer({ config: { loginMaxFailuresPerAddress: 10_000 } }), { excludeTestServices: true })(
  "login throttling per account",
  (it) => {
    it.effect("the 11th failed login is 429 with Retry-After, also with the right password", () =>
      Effect.gen(function*() {
        const user = yield* freshUser
        yield* failTimes(10, user.email)
        assertThrottled(yield* login(user.email, "still-wrong"), 15 * 60)
        assertThrottled(yield* login(user.email, user.password), 15 * 60)
        // Any spelling of the e-mail is the same account.
        assertThrottled(yield* login(` ${user.email.toUpperCase()}`, user.password), 15 * 60)
        // Other accounts are not affected.
        assert.strictEqual((yield* login(testUsers.advisor.email, testUsers.advisor.password)).status, 200)
      }))

    it.effect("unknown e-mails are counted the same way", () =>
      Effect.gen(function*() {
        const email = uniqueEmail("nobody")
        yield* failTimes(10, email)
        assertThrottled(yield* login(email, "x"), 15 * 60)
      }))

    it.effect("the count is shared by two server instances on one database", () =>
      Effect.scoped(Effect.gen(function*() {
        const user = yield* freshUser
        const context = yield* Layer.build(serveOn(0))
        const address = Context.get(context, HttpServer.HttpServer).address
        if (address._tag === "UnixPathAddress") return assert.fail("expected a TCP server")
        const other = `http://127.0.0.1:${address.port}`
        yield* failTimes(5, user.email)
        yield* failTimes(5, user.email, other)
        assertThrottled(yield* postLogin(other, user.email, user.password), 15 * 60)
        assertThrottled(yield* login(user.email, user.password), 15 * 60)
      })))

    it.effect("a successful login clears the account's failures", () =>
      Effect.gen(function*() {
        const user = yield* freshUser
        yield* failTimes(9, user.email)
        assert.strictEqual((yield* login(user.email, user.password)).status, 200)
        yield* failTimes(9, user.email)
        assert.strictEqual((yield* login(user.email, user.password)).status, 200)
      }))

    it.effect("the block lasts until the 10th newest failure leaves the 15-minute window", () =>
      Effect.gen(function*() {
        const sql = (yield* SqlClient.SqlClient).withoutTransforms()
        const user = yield* freshUser
        const insertFailures = (minutesAgo: number) =>
          sql`insert into login_failures (account_key, client_address, failed_at)
              select ${accountKey(user.email)}, '198.51.100.1', now() - make_interval(mins => ${minutesAgo})
                from generate_series(1, 10)`
        yield* insertFailures(16)
        assert.strictEqual((yield* login(user.email, user.password)).status, 200)
        yield* insertFailures(14)
        const throttled = yield* login(user.email, user.password)
        assertThrottled(throttled, 60)
        assert.isAtLeast(Number(throttled.headers.get("retry-after")), 55)
      }))

    it.effect("an unknown e-mail's failure takes as long as a known one's", () =>
      Effect.gen(function*() {
        const user = yield* freshUser
        const timed = (email: string) =>
          Effect.gen(function*() {
            const started = performance.now()
            const response = yield* login(email, "wrong-password")
            assert.strictEqual(response.status, 401, response.text)
            return performance.now() - started
          })
        const known: Array<number> = []
        const unknown: Array<number> = []
        // Warm up, then interleave so load on the machine hits both alike. A success
        // between rounds keeps the known account below its limit.
        yield* timed(uniqueEmail("warm"))
        for (let round = 0; round < 3; round++) {
          for (let i = 0; i < 8; i++) {
            known.push(yield* timed(user.email))
            unknown.push(yield* timed(uniqueEmail("unknown")))
          }
          assert.strictEqual((yield* login(user.email, user.password)).status, 200)
        }
        const median = (values: Array<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
        const knownMedian = median(known)
        const unknownMedian = median(unknown)
        // Both pay one bcrypt compare (tens of ms); skipping it for unknown e-mails would
        // make them several times faster than this bound allows.
        assert.isAbove(Math.min(knownMedian, unknownMedian), 5, `known ${knownMedian} ms, unknown ${unknownMedian} ms`)
        const ratio = unknownMedian / knownMedian
        assert.isTrue(ratio > 0.7 && ratio < 1.43, `known ${knownMedian.toFixed(1)} ms, unknown ${unknownMedian.toFixed(1)} ms`)
      }))
  }
)

layer(
  TestServer.layer({ config: { loginMaxFailuresPerAddress: 5, trustProxy: 1 } }),
  { excludeTestServices: true }
)("login throttling per client address", (it) => {
  it.effect("after the address limit every login from that address is 429, other addresses are not", () =>
    Effect.gen(function*() {
      const fromAttacker = { "x-forwarded-for": "203.0.113.7" }
      for (let i = 0; i < 5; i++) {
        assert.strictEqual((yield* login(uniqueEmail("spray"), "guess", fromAttacker)).status, 401)
      }
      assertThrottled(yield* login(testUsers.advisor.email, testUsers.advisor.password, fromAttacker), 15 * 60)
      assertThrottled(yield* login(uniqueEmail("spray"), "guess", fromAttacker), 15 * 60)
      // The same accounts from another address are fine.
      const fromElsewhere = { "x-forwarded-for": "198.51.100.20" }
      assert.strictEqual((yield* login(testUsers.advisor.email, testUsers.advisor.password, fromElsewhere)).status, 200)
    }))

  it.effect("a forged X-Forwarded-For hop in front of the trusted one does not escape the limit", () =>
    Effect.gen(function*() {
      for (let i = 0; i < 5; i++) {
        const forged = { "x-forwarded-for": `10.9.9.${i}, 203.0.113.99` }
        assert.strictEqual((yield* login(uniqueEmail("forged"), "guess", forged)).status, 401)
      }
      assertThrottled(yield* login(uniqueEmail("forged"), "guess", { "x-forwarded-for": "10.1.1.1, 203.0.113.99" }), 15 * 60)
    }))
})
