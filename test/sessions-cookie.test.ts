/**
 * The web console's session, black-box (docs/security.md "The web console's session"):
 * `POST /api/auth/session` answers the access token and sets the refresh token as an
 * HttpOnly cookie; `POST /api/auth/session/refresh` rotates it from the cookie alone;
 * `DELETE /api/auth/session` revokes and clears it. Same checks and throttle as
 * `POST /api/auth/login`.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { TooManyAttempts } from "@quote/core/auth/errors"
import {
  errorOf,
  expectError,
  SqlClient,
  type TestResponse,
  TestServer,
  testUsers,
  uniqueEmail,
  wireObject
} from "./support/test-server.ts"

const cookieName = "quote_refresh"
const thirtyDaysInSeconds = 30 * 24 * 60 * 60

/** The `quote_refresh` Set-Cookie line of an answer: its value and its attributes (lower-cased names). */
const refreshCookieOf = (response: TestResponse) => {
  const lines = response.headers.getSetCookie().filter((line) => line.startsWith(`${cookieName}=`))
  assert.strictEqual(lines.length, 1, `one ${cookieName} cookie in ${JSON.stringify(response.headers.getSetCookie())}`)
  const [pair, ...rest] = lines[0]!.split(";").map((part) => part.trim())
  const attributes = new Map(rest.map((attribute) => {
    const [name, ...value] = attribute.split("=")
    return [name!.toLowerCase(), value.join("=")] as const
  }))
  return { value: pair!.slice(cookieName.length + 1), attributes }
}

const assertCleared = (response: TestResponse) => {
  const cookie = refreshCookieOf(response)
  assert.strictEqual(cookie.value, "")
  assert.strictEqual(cookie.attributes.get("max-age"), "0")
  assert.strictEqual(cookie.attributes.get("path"), "/api/auth/session")
}

const signIn = (credentials: { readonly email: string; readonly password: string }) =>
  Effect.flatMap(TestServer, (server) => server.request("POST", "/api/auth/session", { body: credentials }))

/** Signs in and returns the cookie's value and the access token; fails the test on a non-200. */
const signedIn = (credentials: { readonly email: string; readonly password: string }) =>
  Effect.gen(function*() {
    const response = yield* signIn(credentials)
    assert.strictEqual(response.status, 200, response.text)
    const body = yield* wireObject(response)
    assert.isString(body.accessToken)
    return { cookie: refreshCookieOf(response).value, accessToken: String(body.accessToken), response }
  })

const refresh = (cookie?: string) =>
  Effect.flatMap(TestServer, (server) =>
    server.request("POST", "/api/auth/session/refresh", cookie === undefined ? {} : { headers: { cookie: `${cookieName}=${cookie}` } }))

const signOut = (cookie?: string) =>
  Effect.flatMap(TestServer, (server) =>
    server.request("DELETE", "/api/auth/session", cookie === undefined ? {} : { headers: { cookie: `${cookieName}=${cookie}` } }))

/** A fresh advisor created by the admin, so no other test's sessions or failures touch it. */
const freshUser = Effect.gen(function*() {
  const server = yield* TestServer
  const admin = yield* server.login(testUsers.admin)
  const email = uniqueEmail("console")
  const password = "console-password"
  const created = yield* (yield* server.api(admin)).users.create({
    payload: { name: "Usuario de la consola", email, password, role: "advisor" }
  })
  return { id: created.id, email, password }
})

// The per-address limit is raised: these tests fail logins from 127.0.0.1 on purpose.
layer(TestServer.layer({ config: { loginMaxFailuresPerAddress: 10_000 } }))("the web console's session", (it) => {
  it.effect("sign-in answers the access token and the user, and the refresh token only as an HttpOnly cookie", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const { accessToken, cookie, response } = yield* signedIn(testUsers.client)
      const body = yield* wireObject(response)
      assert.deepStrictEqual(Object.keys(body).sort(), ["accessToken", "expiresIn", "tokenType", "user"])
      assert.strictEqual(body.tokenType, "Bearer")
      assert.strictEqual(body.expiresIn, 8 * 60 * 60)
      assert.notInclude(response.text, cookie)
      const { attributes } = refreshCookieOf(response)
      assert.isAtLeast(cookie.length, 40)
      assert.isTrue(attributes.has("httponly"))
      assert.strictEqual(attributes.get("samesite"), "Strict")
      assert.strictEqual(attributes.get("path"), "/api/auth/session")
      assert.strictEqual(attributes.get("max-age"), String(thirtyDaysInSeconds))
      // Not in the test environment (plain http); production adds it (next block).
      assert.isFalse(attributes.has("secure"))
      // The access token is an ordinary session token.
      const me = yield* (yield* server.api(accessToken)).auth.me()
      assert.strictEqual(me.email, testUsers.client.email)
      assert.deepStrictEqual(body.user, { ...me })
    }))

  it.effect("sign-in refuses as login does: 401 INVALID_CREDENTIALS, 400 VALIDATION_ERROR, and sets no cookie", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const wrong = yield* signIn({ email: testUsers.client.email, password: "not-the-password" })
      expectError(wrong, 401, "INVALID_CREDENTIALS")
      const unknown = yield* signIn({ email: uniqueEmail("nobody"), password: "whatever" })
      expectError(unknown, 401, "INVALID_CREDENTIALS")
      assert.strictEqual(wrong.text, unknown.text)
      const empty = yield* server.request("POST", "/api/auth/session", { body: {} })
      expectError(empty, 400, "VALIDATION_ERROR")
      // Only JSON: no HTML form of another site can post a sign-in (docs/security.md, CSRF).
      const form = yield* server.request("POST", "/api/auth/session", {
        rawBody: `email=${encodeURIComponent(testUsers.client.email)}&password=${testUsers.client.password}`,
        headers: { "content-type": "application/x-www-form-urlencoded" }
      })
      expectError(form, 415, "UNSUPPORTED_MEDIA_TYPE")
      for (const response of [wrong, unknown, empty, form]) assert.deepStrictEqual(response.headers.getSetCookie(), [])
    }))

  it.effect("refresh reads only the cookie, answers a new access token and rotates the cookie; the old one then fails", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const first = yield* signedIn(testUsers.advisor)
      const rotated = yield* refresh(first.cookie)
      assert.strictEqual(rotated.status, 200, rotated.text)
      const body = yield* wireObject(rotated)
      assert.deepStrictEqual(Object.keys(body).sort(), ["accessToken", "expiresIn", "tokenType", "user"])
      const next = refreshCookieOf(rotated)
      assert.notStrictEqual(next.value, first.cookie)
      assert.strictEqual(next.attributes.get("samesite"), "Strict")
      assert.isTrue(next.attributes.has("httponly"))
      assert.strictEqual((yield* (yield* server.api(String(body.accessToken))).auth.me()).email, testUsers.advisor.email)
      // The new cookie refreshes in turn.
      const again = yield* refresh(next.value)
      assert.strictEqual(again.status, 200, again.text)
      // The spent one is refused, and the answer clears the cookie.
      const spent = yield* refresh(first.cookie)
      expectError(spent, 401, "INVALID_TOKEN")
      assertCleared(spent)
    }))

  it.effect("reusing a spent cookie revokes every refresh token of the user (the existing rule)", () =>
    Effect.gen(function*() {
      const user = yield* freshUser
      const other = yield* signedIn(user)
      const first = yield* signedIn(user)
      const rotated = refreshCookieOf(yield* refresh(first.cookie)).value
      expectError(yield* refresh(first.cookie), 401, "INVALID_TOKEN")
      expectError(yield* refresh(rotated), 401, "INVALID_TOKEN")
      expectError(yield* refresh(other.cookie), 401, "INVALID_TOKEN")
    }))

  it.effect("refresh without a cookie, or with an unknown one, is 401 INVALID_TOKEN and clears the cookie", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      for (const response of [yield* refresh(), yield* refresh("not-a-refresh-token")]) {
        expectError(response, 401, "INVALID_TOKEN")
        assertCleared(response)
      }
      // A body is no way in: the console never sends the refresh token where a script could read it.
      const { cookie } = yield* signedIn(testUsers.client)
      const inBody = yield* server.request("POST", "/api/auth/session/refresh", { body: { refreshToken: cookie } })
      expectError(inBody, 401, "INVALID_TOKEN")
    }))

  it.effect("an inactive user cannot refresh", () =>
    Effect.gen(function*() {
      const user = yield* freshUser
      const { cookie } = yield* signedIn(user)
      // Straight in the table, so only the refresh's own check of the user stands in the way
      // (deactivating through the API would also revoke the token).
      const sql = yield* SqlClient.SqlClient
      yield* sql`update users set active = false where id = ${user.id}`.pipe(Effect.orDie)
      const response = yield* refresh(cookie)
      expectError(response, 401, "INVALID_TOKEN")
      assertCleared(response)
    }))

  it.effect("sign-out revokes the cookie's refresh token and clears the cookie; without a cookie it is still 204", () =>
    Effect.gen(function*() {
      const { cookie } = yield* signedIn(testUsers.client)
      const out = yield* signOut(cookie)
      assert.strictEqual(out.status, 204, out.text)
      assert.strictEqual(out.text, "")
      assertCleared(out)
      expectError(yield* refresh(cookie), 401, "INVALID_TOKEN")
      const bare = yield* signOut()
      assert.strictEqual(bare.status, 204, bare.text)
      assertCleared(bare)
    }))

  it.effect("sign-in shares login's throttle: failures on either count, then 429 with Retry-After on both", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const user = yield* freshUser
      for (let i = 0; i < 5; i++) {
        expectError(yield* signIn({ email: user.email, password: `wrong-${i}` }), 401, "INVALID_CREDENTIALS")
        expectError(
          yield* server.request("POST", "/api/auth/login", { body: { email: user.email, password: `wrong-login-${i}` } }),
          401,
          "INVALID_CREDENTIALS"
        )
      }
      const throttled = yield* signIn(user)
      expectError(throttled, 429, "TOO_MANY_ATTEMPTS")
      const retryAfter = Number(throttled.headers.get("retry-after"))
      assert.isAtLeast(retryAfter, 1)
      assert.isAtMost(retryAfter, 15 * 60)
      assert.deepStrictEqual(errorOf(throttled, TooManyAttempts).details, { retryAfterSeconds: retryAfter })
      assert.deepStrictEqual(throttled.headers.getSetCookie(), [])
      expectError(yield* server.request("POST", "/api/auth/login", { body: user }), 429, "TOO_MANY_ATTEMPTS")
    }))
})

layer(TestServer.layer({ config: { environment: "production" } }))("the web console's session in production", (it) => {
  it.effect("the cookie is also Secure", () =>
    Effect.gen(function*() {
      const { response } = yield* signedIn(testUsers.client)
      assert.isTrue(refreshCookieOf(response).attributes.has("secure"))
      assert.isTrue(refreshCookieOf(yield* signOut()).attributes.has("secure"))
    }))
})
