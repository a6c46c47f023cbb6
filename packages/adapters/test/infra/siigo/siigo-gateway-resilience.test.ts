/** Rate limits, time-outs, transient failures and Siigo's error envelope. */
import { assert, describe, it } from "@effect/vitest"
import { firstProductPage } from "@quote/core/erp/erp-page"
import { Clock, Effect, Fiber, Ref, Stream } from "effect"
import { TestClock } from "effect/testing"
import { FakeSiigo } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import { fastOptions, gatewayFor, realSleep } from "./siigo-test-kit.ts"

describe("Siigo adapter: resilience", () => {
  it.effect("a 429 storm (10 requests/min) slows the listing down but it completes, waiting as Siigo says", () =>
    Effect.gen(function*() {
      // The fake and the adapter share the TestClock: a minute passes in milliseconds.
      const clock = yield* Clock.Clock
      const fake = yield* FakeSiigo.scoped({
        products: 237,
        rateLimit: { requests: 10 },
        now: () => clock.currentTimeMillisUnsafe()
      })
      const { erp } = yield* gatewayFor(fake, { gateway: { requestTimeout: "1 day" } })
      const done = yield* Ref.make(false)
      const fiber = yield* erp.productPages(firstProductPage({ pageSize: 10 })).pipe(
        Stream.runCollect,
        Effect.ensuring(Ref.set(done, true)),
        Effect.forkChild
      )
      // Let real I/O happen between steps of virtual time.
      while (!(yield* Ref.get(done))) {
        yield* TestClock.adjust("1 second")
        yield* realSleep(2)
      }
      const pages = yield* Fiber.join(fiber)
      const ids = pages.flatMap((page) => page.items.map((item) => item.id))
      assert.strictEqual(ids.length, 237)
      assert.strictEqual(new Set(ids).size, 237)

      // 1 auth + 24 pages at 10 per minute: two refusals at least, each honoured.
      const log = fake.requestLog
      const refusals = log.filter((entry) => entry.status === 429)
      assert.isAtLeast(refusals.length, 2)
      for (const refusal of refusals) {
        const retry = log[log.indexOf(refusal) + 1]
        assert.isDefined(retry)
        // "Try again in N seconds" is the time left in the window: the retry comes after it.
        const windowEnd = Math.floor(refusal.at / 60_000) * 60_000 + 60_000
        assert.isAtLeast(retry?.at ?? 0, windowEnd - 1_000)
      }
      assert.strictEqual(log.filter((entry) => entry.status === 200).length, 25)
    }))

  it.effect("gives up with ErpHttpError rate_limited after the bounded 429 retries", () =>
    Effect.gen(function*() {
      // The fake's clock stands still: its window never ends and every retry is refused.
      const fake = yield* FakeSiigo.scoped({ rateLimit: { requests: 1 }, now: () => 0 })
      const { erp } = yield* gatewayFor(fake, { gateway: { maxRateLimitRetries: 2, requestTimeout: "1 day" } })
      const done = yield* Ref.make(false)
      const fiber = yield* erp.listSellers.pipe(Effect.flip, Effect.ensuring(Ref.set(done, true)), Effect.forkChild)
      while (!(yield* Ref.get(done))) {
        yield* TestClock.adjust("10 seconds")
        yield* realSleep(2)
      }
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "ErpHttpError")
      if (error._tag !== "ErpHttpError") return
      // /auth used the budget; the data call was refused 1 + 2 times.
      assert.strictEqual(error.details.operation, "GET /v1/users")
      assert.strictEqual(error.details.reason, "rate_limited")
      assert.strictEqual(error.details.status, 429)
      assert.deepStrictEqual(error.details.codes, ["requests_limit"])
      assert.strictEqual(error.details.attempts, 3)
      assert.strictEqual(fake.requestLog.filter((entry) => entry.status === 429).length, 3)
    }))

  it.live("an answer slower than the time-out → ErpHttpError with a timeout detail", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 10 })
      const { erp } = yield* gatewayFor(fake, {
        gateway: { ...fastOptions, requestTimeout: "150 millis", maxTransientRetries: 1 }
      })
      yield* erp.listSellers // authenticate before slowing down
      fake.controls.setDelay(1_000, { pathPrefix: "/v1/products" })
      const started = Date.now()
      const error = yield* Effect.flip(erp.listProducts(firstProductPage()))
      assert.isBelow(Date.now() - started, 900)
      assert.strictEqual(error._tag, "ErpHttpError")
      if (error._tag !== "ErpHttpError") return
      assert.strictEqual(error.details.reason, "timeout")
      assert.strictEqual(error.details.timeoutMs, 150)
      assert.strictEqual(error.details.attempts, 2)
      assert.isNull(error.details.status)
      assert.isTrue(error.mayHaveBeenProcessed)
    }))

  it.live("reads are retried after a 503; creates are not", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 10 })
      const { erp } = yield* gatewayFor(fake)
      fake.controls.failNextRequests(2, { status: 503, code: "service_unavailable", pathPrefix: "/v1/users" })
      const sellers = yield* erp.listSellers
      assert.strictEqual(sellers.length, fake.state.users.length)
      assert.strictEqual(sellers.length, 27)

      fake.controls.failNextRequests(1, { status: 503, pathPrefix: "/v1/customers", method: "POST" })
      const error = yield* Effect.flip(erp.createCustomer({
        personType: "Company",
        idType: "31",
        identification: "800123456",
        name: ["Nueva S.A.S."],
        fiscalResponsibilities: ["R-99-PN"],
        address: { address: "Calle 1", city: { countryCode: "Co", stateCode: "11", cityCode: "11001" } },
        contacts: [{ firstName: "Ana" }]
      }))
      assert.strictEqual(error._tag, "ErpHttpError")
      assert.strictEqual(fake.requestLog.filter((entry) => entry.method === "POST" && entry.path === "/v1/customers").length, 1)
    }))

  it.effect("Siigo's error envelope becomes ErpHttpError details: status, codes, messages, params", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 10 })
      const { erp } = yield* gatewayFor(fake)
      const error = yield* Effect.flip(erp.createQuotation({
        documentId: 13261,
        date: "2025-05-02",
        customer: { identification: fake.state.customers[0]?.identification ?? "" },
        seller: 501,
        items: [{ code: "DOES-NOT-EXIST", quantity: 1, price: 100 }]
      }))
      assert.strictEqual(error._tag, "ErpHttpError")
      if (error._tag !== "ErpHttpError") return
      assert.deepStrictEqual(error.details, {
        reason: "status",
        operation: "POST /v1/quotations",
        status: 400,
        errors: [{
          code: "invalid_reference",
          message: "The product DOES-NOT-EXIST does not exist or is inactive",
          params: ["items.code"],
          detail: null
        }],
        codes: ["invalid_reference"],
        timeoutMs: null,
        attempts: 1
      })
      assert.include(error.message, "invalid_reference")
      assert.isFalse(error.mayHaveBeenProcessed)
      assert.strictEqual(fake.state.quotations.length, 0)
    }))
})
