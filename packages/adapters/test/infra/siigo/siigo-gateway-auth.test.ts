/** Token issue, reuse, renewal and the credentials/settings rules of the Siigo adapter. */
import { firstProductPage } from "@quote/core/erp/erp-page"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Option, Redacted, Ref, Stream } from "effect"
import { FakeSiigo } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import { authCount, gatewayFor, settingsFor, testPartnerId } from "./siigo-test-kit.ts"

describe("Siigo adapter: authentication", () => {
  it.effect("authenticates once and reuses the token for many calls, sequential and concurrent", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 30 })
      const { erp } = yield* gatewayFor(fake)
      yield* erp.listSellers
      yield* erp.quotationDocumentTypes
      yield* erp.listProducts(firstProductPage({ pageSize: 10 }))
      yield* Effect.all(
        Array.from({ length: 8 }, () => erp.listProducts(firstProductPage({ pageSize: 10 }))),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(authCount(fake), 1)
      assert.strictEqual(fake.requestLog.length, 12)
    }))

  it.effect("authenticate returns the token expiry (expires_in is seconds) and always fetches a new token", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ tokenLifetimeSeconds: 3_600 })
      const { erp } = yield* gatewayFor(fake)
      const before = yield* DateTime.now
      const session = yield* erp.authenticate
      const lifetime = DateTime.toEpochMillis(session.tokenExpiresAt) - DateTime.toEpochMillis(before)
      assert.isTrue(lifetime >= 3_600_000 && lifetime < 3_600_000 + 5_000)
      yield* erp.authenticate
      assert.strictEqual(authCount(fake), 2)
      // The fresh token is cached for data calls.
      yield* erp.listSellers
      assert.strictEqual(authCount(fake), 2)
    }))

  it.effect("testConnection authenticates and samples the catalog", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 42 })
      const { erp } = yield* gatewayFor(fake)
      const check = yield* erp.testConnection
      assert.strictEqual(check.partnerId, testPartnerId)
      assert.strictEqual(check.username, fake.credentials.username)
      assert.strictEqual(check.productCountSample, 10)
      assert.strictEqual(check.productTotal, 42)
    }))

  it.effect("a token expired mid-pagination costs exactly one re-authentication and the listing completes", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 237 })
      const { erp } = yield* gatewayFor(fake)
      const pages = yield* erp.productPages(firstProductPage({ pageSize: 25 })).pipe(
        Stream.tap((page) => page.cursor.page === 3 ? Effect.sync(() => fake.controls.expireTokens()) : Effect.void),
        Stream.runCollect
      )
      const ids = pages.flatMap((page) => page.items.map((item) => item.id))
      assert.strictEqual(ids.length, 237)
      assert.strictEqual(new Set(ids).size, 237)
      assert.strictEqual(authCount(fake), 2)
      assert.strictEqual(fake.requestLog.filter((entry) => entry.status === 401).length, 1)
    }))

  it.effect("a token past its lifetime on the fake's clock is renewed once", () =>
    Effect.gen(function*() {
      let now = Date.now()
      const fake = yield* FakeSiigo.scoped({ tokenLifetimeSeconds: 60, now: () => now })
      const { erp } = yield* gatewayFor(fake)
      yield* erp.listSellers
      now += 120_000
      yield* erp.listSellers
      yield* erp.listSellers
      assert.strictEqual(authCount(fake), 2)
    }))

  it.effect("bad credentials → ErpAuthFailed with Siigo's code, status and no secret in the error", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const { erp } = yield* gatewayFor(fake, {
        settings: Option.some(settingsFor(fake, { accessKey: Redacted.make("wrong-key-secret") }))
      })
      const error = yield* Effect.flip(erp.listSellers)
      assert.strictEqual(error._tag, "ErpAuthFailed")
      if (error._tag !== "ErpAuthFailed") return
      assert.strictEqual(error.details.status, 401)
      assert.deepStrictEqual(error.details.codes, ["unauthorized"])
      assert.strictEqual(error.details.operation, "POST /auth")
      assert.notInclude(JSON.stringify(error), "wrong-key-secret")
      assert.notInclude(String(error), "wrong-key-secret")
      // The data call is never sent without a token.
      assert.isFalse(fake.requestLog.some((entry) => entry.path.startsWith("/v1/")))
    }))

  it.effect("no settings → ErpNotConfigured without calling Siigo", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const { erp } = yield* gatewayFor(fake, { settings: Option.none() })
      const error = yield* Effect.flip(erp.testConnection)
      assert.strictEqual(error._tag, "ErpNotConfigured")
      assert.strictEqual(fake.requestLog.length, 0)
    }))

  it.effect("changing username or access key invalidates the cached token", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const { erp, settings } = yield* gatewayFor(fake)
      yield* erp.listSellers
      assert.strictEqual(authCount(fake), 1)

      // The access key is rotated in Siigo and then in the settings: a new token is fetched.
      fake.state.credentials = { username: fake.credentials.username, accessKey: "rotated-key" }
      yield* Ref.set(settings, Option.some(settingsFor(fake, { accessKey: Redacted.make("rotated-key") })))
      yield* erp.listSellers
      assert.strictEqual(authCount(fake), 2)

      // A wrong username is not hidden by the cached token.
      yield* Ref.set(settings, Option.some(settingsFor(fake, {
        username: "someone-else",
        accessKey: Redacted.make("rotated-key")
      })))
      const error = yield* Effect.flip(erp.listSellers)
      assert.strictEqual(error._tag, "ErpAuthFailed")
      assert.strictEqual(authCount(fake), 3)

      // Back to the right credentials (only the Partner-Id differs): the token cached
      // for them is still good, the refused attempt did not replace it.
      yield* Ref.set(settings, Option.some(settingsFor(fake, {
        accessKey: Redacted.make("rotated-key"),
        partnerId: "AnotherApp"
      })))
      yield* erp.listSellers
      yield* erp.listSellers
      assert.strictEqual(authCount(fake), 3)
    }))

  it.effect("sends Partner-Id on every call, /auth included; a malformed one fails data calls with Siigo's code", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 30 })
      const { erp, settings } = yield* gatewayFor(fake)
      yield* erp.listSellers
      yield* erp.productPages(firstProductPage({ pageSize: 10 })).pipe(Stream.runDrain)
      assert.isTrue(fake.requestLog.length >= 5)
      assert.isTrue(fake.requestLog.every((entry) => entry.partnerId === testPartnerId))
      assert.isTrue(fake.requestLog.filter((entry) => entry.path !== "/auth").every((entry) => entry.authorization))

      yield* Ref.set(settings, Option.some(settingsFor(fake, { partnerId: "Quote-Service" })))
      const error = yield* Effect.flip(erp.listSellers)
      assert.strictEqual(error._tag, "ErpHttpError")
      if (error._tag !== "ErpHttpError") return
      assert.strictEqual(error.details.status, 400)
      assert.deepStrictEqual(error.details.codes, ["invalid_partner_id"])
      assert.deepStrictEqual(error.details.errors[0]?.params, ["Partner-Id"])
    }))
})
