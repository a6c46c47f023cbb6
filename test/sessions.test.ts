/**
 * Sessions, black-box (CONTRACT.md "Sessions", spec "Authentication" and "Deactivation"):
 * login, refresh rotation with reuse detection, logout, /me, token validation, and how
 * deactivation and password changes end sessions.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { errorCode, type TestResponse, TestServer, testUsers, uniqueEmail, wireObject } from "./support/test-server.ts"

const publicApi = Effect.flatMap(TestServer, (server) => server.api())

/** A login through the typed client: the session grant. */
const loggedIn = (email: string, password: string) =>
  Effect.flatMap(publicApi, (api) => api.auth.login({ payload: { email, password } }))

/** A refresh through the typed client: the new grant. */
const refreshed = (refreshToken: string) =>
  Effect.flatMap(publicApi, (api) => api.auth.refresh({ payload: { refreshToken } }))

const login = (email: string, password: string) =>
  Effect.flatMap(TestServer, (server) => server.request("POST", "/api/auth/login", { body: { email, password } }))

const refresh = (refreshToken: string) =>
  Effect.flatMap(TestServer, (server) => server.request("POST", "/api/auth/refresh", { body: { refreshToken } }))

const me = (token: string | undefined) =>
  Effect.flatMap(TestServer, (server) => server.request("GET", "/api/auth/me", token === undefined ? {} : { token }))

/** A fresh advisor created by the admin (nobody else's sessions are touched). */
const freshUser = Effect.gen(function*() {
  const server = yield* TestServer
  const admin = yield* server.login(testUsers.admin)
  const email = uniqueEmail("session")
  const password = "first-password"
  const created = yield* (yield* server.api(admin)).users.create({
    payload: { name: "Usuario de sesión", email, password, role: "advisor" }
  })
  return { id: created.id, email, password, admin }
})

layer(TestServer.layer())("sessions", (it) => {
  it.effect("login returns a bearer pair and the user; the access token is a JWT of the user", () =>
    Effect.gen(function*() {
      const [grant, answer] = yield* (yield* publicApi).auth.login({
        payload: { email: testUsers.client.email, password: testUsers.client.password },
        responseMode: "decoded-and-response"
      })
      assert.strictEqual(grant.tokenType, "Bearer")
      assert.strictEqual(grant.expiresIn, 8 * 60 * 60)
      assert.isString(grant.refreshToken)
      // The user's fields as the wire carries them.
      assert.deepStrictEqual(Object.keys((yield* wireObject(answer)).user ?? {}).sort(), [
        "branchId",
        "clientId",
        "companyId",
        "email",
        "id",
        "name",
        "role"
      ])
      assert.strictEqual(grant.user.email, testUsers.client.email)
      assert.strictEqual(grant.user.role, "client")
      assert.isString(grant.user.companyId)
      assert.isString(grant.user.branchId)
      assert.isString(grant.user.clientId)
      const claims = JSON.parse(Buffer.from(grant.accessToken.split(".")[1]!, "base64url").toString("utf8"))
      assert.strictEqual(claims.sub, grant.user.id)
      assert.strictEqual(claims.role, "client")
      assert.strictEqual(claims.exp - claims.iat, grant.expiresIn)
    }))

  it.effect("the e-mail is matched without regard to case or surrounding spaces", () =>
    Effect.gen(function*() {
      const grant = yield* loggedIn(`  ${testUsers.admin.email.toUpperCase()} `, testUsers.admin.password)
      assert.strictEqual(grant.user.role, "admin")
    }))

  it.effect("unknown e-mail, wrong password and inactive user are all 401 INVALID_CREDENTIALS", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const user = yield* freshUser
      const deactivated = yield* server.request("DELETE", `/api/users/${user.id}`, { token: user.admin })
      assert.strictEqual(deactivated.status, 204)
      const attempts = [
        yield* login(uniqueEmail("nobody"), "whatever-password"),
        yield* login(testUsers.client.email, "not-the-password"),
        yield* login(user.email, user.password)
      ]
      for (const response of attempts) {
        assert.strictEqual(response.status, 401)
        assert.strictEqual(errorCode(response), "INVALID_CREDENTIALS")
      }
      // The three answers say the same thing: no account probing.
      assert.strictEqual(new Set(attempts.map((response) => JSON.stringify(response.body))).size, 1)
    }))

  it.effect("refresh spends the token and returns a new pair that works", () =>
    Effect.gen(function*() {
      const first = yield* loggedIn(testUsers.advisor.email, testUsers.advisor.password)
      const second = yield* refreshed(first.refreshToken)
      assert.notStrictEqual(second.refreshToken, first.refreshToken)
      assert.deepStrictEqual(second.user, first.user)
      assert.strictEqual((yield* me(second.accessToken)).status, 200)
      const third = yield* refreshed(second.refreshToken)
      assert.notStrictEqual(third.refreshToken, second.refreshToken)
    }))

  it.effect("reusing a spent refresh token is 401 and revokes every refresh token of the user", () =>
    Effect.gen(function*() {
      const user = yield* freshUser
      const otherSession = yield* loggedIn(user.email, user.password)
      const first = yield* loggedIn(user.email, user.password)
      const second = yield* refreshed(first.refreshToken)
      const reuse = yield* refresh(first.refreshToken)
      assert.strictEqual(reuse.status, 401)
      assert.strictEqual(errorCode(reuse), "INVALID_TOKEN")
      // The fresh token of the same family and the user's other session are gone too.
      for (const token of [second.refreshToken, otherSession.refreshToken]) {
        const after = yield* refresh(token)
        assert.strictEqual(after.status, 401)
        assert.strictEqual(errorCode(after), "INVALID_TOKEN")
      }
      // Other users keep their sessions.
      const bystander = yield* loggedIn(testUsers.client.email, testUsers.client.password)
      assert.strictEqual((yield* refresh(bystander.refreshToken)).status, 200)
    }))

  it.effect("an unknown refresh token is 401 INVALID_TOKEN and an empty one is 400", () =>
    Effect.gen(function*() {
      const unknown = yield* refresh("not-a-refresh-token")
      assert.strictEqual(unknown.status, 401)
      assert.strictEqual(errorCode(unknown), "INVALID_TOKEN")
      const empty = yield* refresh("")
      assert.strictEqual(empty.status, 400)
      assert.strictEqual(errorCode(empty), "VALIDATION_ERROR")
    }))

  it.effect("logout answers 204 and the refresh token no longer refreshes", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const grant = yield* loggedIn(testUsers.client.email, testUsers.client.password)
      const logout = yield* server.request("POST", "/api/auth/logout", { body: { refreshToken: grant.refreshToken } })
      assert.strictEqual(logout.status, 204)
      assert.strictEqual(logout.text, "")
      const after = yield* refresh(grant.refreshToken)
      assert.strictEqual(after.status, 401)
      assert.strictEqual(errorCode(after), "INVALID_TOKEN")
      // Logging out twice, or with an unknown token, is still 204.
      const again = yield* server.request("POST", "/api/auth/logout", { body: { refreshToken: grant.refreshToken } })
      assert.strictEqual(again.status, 204)
    }))

  it.effect("/me returns the login's user object", () =>
    Effect.gen(function*() {
      const grant = yield* loggedIn(testUsers.client.email, testUsers.client.password)
      const response = yield* me(grant.accessToken)
      assert.strictEqual(response.status, 200)
      assert.deepStrictEqual(response.body, grant.user)
    }))

  it.effect("a missing, malformed or forged access token is 401 INVALID_TOKEN", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const grant = yield* loggedIn(testUsers.client.email, testUsers.client.password)
      const [header, payload, signature] = grant.accessToken.split(".") as [string, string, string]
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"))
      const escalated = Buffer.from(JSON.stringify({ ...claims, role: "admin" })).toString("base64url")
      const unsigned = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")
      const cases: ReadonlyArray<TestResponse> = [
        yield* me(undefined),
        yield* server.request("GET", "/api/auth/me", { headers: { authorization: "Basic abc" } }),
        yield* me("not-a-jwt"),
        // Payload changed under the original signature.
        yield* me(`${header}.${escalated}.${signature}`),
        // Signature removed ("alg: none").
        yield* me(`${unsigned}.${payload}.`),
        // Signature of another token.
        yield* me(`${header}.${payload}.${signature.slice(0, -4)}AAAA`)
      ]
      for (const response of cases) {
        assert.strictEqual(response.status, 401, response.text)
        assert.strictEqual(errorCode(response), "INVALID_TOKEN")
      }
    }))

  it.effect("an issued access token stays valid after deactivation; login and refresh do not", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const user = yield* freshUser
      const grant = yield* loggedIn(user.email, user.password)
      const deactivated = yield* server.request("DELETE", `/api/users/${user.id}`, { token: user.admin })
      assert.strictEqual(deactivated.status, 204)
      const stillValid = yield* (yield* server.api(grant.accessToken)).auth.me()
      assert.strictEqual(stillValid.id, user.id)
      assert.strictEqual(errorCode(yield* refresh(grant.refreshToken)), "INVALID_TOKEN")
      assert.strictEqual(errorCode(yield* login(user.email, user.password)), "INVALID_CREDENTIALS")
    }))

  it.effect("deactivating through PUT active=false revokes the refresh tokens; reactivating allows login again", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const user = yield* freshUser
      const grant = yield* loggedIn(user.email, user.password)
      const off = yield* server.request("PUT", `/api/users/${user.id}`, { token: user.admin, body: { active: false } })
      assert.strictEqual(off.status, 200)
      assert.strictEqual(errorCode(yield* refresh(grant.refreshToken)), "INVALID_TOKEN")
      const on = yield* server.request("PUT", `/api/users/${user.id}`, { token: user.admin, body: { active: true } })
      assert.strictEqual(on.status, 200)
      // Reactivation does not bring old refresh tokens back.
      assert.strictEqual(errorCode(yield* refresh(grant.refreshToken)), "INVALID_TOKEN")
      yield* loggedIn(user.email, user.password)
    }))

  it.effect("a password change revokes the refresh tokens; the old password stops working", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const user = yield* freshUser
      const grant = yield* loggedIn(user.email, user.password)
      const changed = yield* server.request("PUT", `/api/users/${user.id}`, {
        token: user.admin,
        body: { password: "second-password" }
      })
      assert.strictEqual(changed.status, 200)
      assert.strictEqual(errorCode(yield* refresh(grant.refreshToken)), "INVALID_TOKEN")
      // The access token already issued stays valid until it expires.
      assert.strictEqual((yield* me(grant.accessToken)).status, 200)
      assert.strictEqual(errorCode(yield* login(user.email, user.password)), "INVALID_CREDENTIALS")
      yield* loggedIn(user.email, "second-password")
    }))

  it.effect("a change that touches neither password nor status keeps the sessions", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const user = yield* freshUser
      const grant = yield* loggedIn(user.email, user.password)
      const renamed = yield* server.request("PUT", `/api/users/${user.id}`, { token: user.admin, body: { name: "Otro nombre" } })
      assert.strictEqual(renamed.status, 200)
      assert.strictEqual((yield* refresh(grant.refreshToken)).status, 200)
    }))
})

// Its own server: this block moves the (test) clock of the server forward.
layer(TestServer.layer())("session expiry", (it) => {
  it.effect("an access token is refused once expiresIn has passed; the refresh token still renews it", () =>
    Effect.gen(function*() {
      const grant = yield* loggedIn(testUsers.client.email, testUsers.client.password)
      yield* TestClock.adjust(`${grant.expiresIn - 1} seconds`)
      assert.strictEqual((yield* me(grant.accessToken)).status, 200)
      yield* TestClock.adjust("1 second")
      const expired = yield* me(grant.accessToken)
      assert.strictEqual(expired.status, 401)
      assert.strictEqual(errorCode(expired), "INVALID_TOKEN")
      const renewed = yield* refreshed(grant.refreshToken)
      assert.strictEqual((yield* me(renewed.accessToken)).status, 200)
    }))
})
