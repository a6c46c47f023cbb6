/** The fake Siigo's own rules, checked over raw HTTP (no adapter). */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { FakeSiigo } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import { rawCall, rawToken } from "../../infra/siigo/siigo-test-kit.ts"

const Envelope = Schema.Struct({
  Status: Schema.Number,
  Errors: Schema.Array(Schema.Struct({ Code: Schema.String, Message: Schema.String, Params: Schema.Array(Schema.String) }))
})
const codeOf = (body: unknown): string => Schema.decodeUnknownSync(Envelope)(body).Errors[0]?.Code ?? ""

const List = Schema.Struct({
  pagination: Schema.Struct({ page: Schema.Number, page_size: Schema.Number, total_results: Schema.Number }),
  results: Schema.Array(Schema.Struct({ id: Schema.String })),
  _links: Schema.Struct({
    self: Schema.Struct({ href: Schema.String }),
    next: Schema.optionalKey(Schema.Struct({ href: Schema.String })),
    previous: Schema.optionalKey(Schema.Struct({ href: Schema.String }))
  })
})
const list = Schema.decodeUnknownSync(List)

describe("fake Siigo", () => {
  it.effect("issues a token on /auth without checking Partner-Id, and refuses bad credentials", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const ok = yield* rawCall(fake, "POST", "/auth", {
        partnerId: null,
        body: { username: fake.credentials.username, access_key: fake.credentials.accessKey }
      })
      assert.strictEqual(ok.status, 200)
      const auth = Schema.decodeUnknownSync(Schema.Struct({ expires_in: Schema.Number, token_type: Schema.String }))(ok.body)
      assert.strictEqual(auth.expires_in, 86_400)
      assert.strictEqual(auth.token_type, "Bearer")

      const bad = yield* rawCall(fake, "POST", "/auth", { body: { username: "x", access_key: "nope" } })
      assert.strictEqual(bad.status, 401)
      assert.strictEqual(codeOf(bad.body), "unauthorized")

      const incomplete = yield* rawCall(fake, "POST", "/auth", { body: { username: "x" } })
      assert.strictEqual(incomplete.status, 400)
      assert.strictEqual(codeOf(incomplete.body), "parameter_required")
    }))

  it.effect("checks Partner-Id on data calls: missing → header_required, malformed → invalid_partner_id", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const token = yield* rawToken(fake)
      const missing = yield* rawCall(fake, "GET", "/v1/products", { token, partnerId: null })
      assert.strictEqual(missing.status, 400)
      assert.strictEqual(codeOf(missing.body), "header_required")
      assert.deepStrictEqual(Schema.decodeUnknownSync(Envelope)(missing.body).Errors[0]?.Params, ["Partner-Id"])

      for (const partnerId of ["Quote-Service", "ab", "Quote Service"]) {
        const malformed = yield* rawCall(fake, "GET", "/v1/products", { token, partnerId })
        assert.strictEqual(malformed.status, 400)
        assert.strictEqual(codeOf(malformed.body), "invalid_partner_id")
      }
      const ok = yield* rawCall(fake, "GET", "/v1/products", { token })
      assert.strictEqual(ok.status, 200)
    }))

  it.effect("answers 401 unauthorized after tokens expire or are revoked", () =>
    Effect.gen(function*() {
      let now = 1_000_000
      const fake = yield* FakeSiigo.scoped({ tokenLifetimeSeconds: 60, now: () => now })
      const token = yield* rawToken(fake)
      assert.strictEqual((yield* rawCall(fake, "GET", "/v1/users", { token })).status, 200)
      now += 61_000
      const expired = yield* rawCall(fake, "GET", "/v1/users", { token })
      assert.strictEqual(expired.status, 401)
      assert.strictEqual(codeOf(expired.body), "unauthorized")

      const fresh = yield* rawToken(fake)
      fake.controls.expireTokens()
      assert.strictEqual((yield* rawCall(fake, "GET", "/v1/users", { token: fresh })).status, 401)
      assert.strictEqual((yield* rawCall(fake, "GET", "/v1/users")).status, 401)
    }))

  it.effect("paginates with _links: default 25, below 10 raised to 10, capped at 100, newest first", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 237 })
      const token = yield* rawToken(fake)
      const first = list((yield* rawCall(fake, "GET", "/v1/products", { token })).body)
      assert.deepStrictEqual(first.pagination, { page: 1, page_size: 25, total_results: 237 })
      assert.isUndefined(first._links.previous)
      assert.isDefined(first._links.next)
      // Newest first: the last seeded product comes first.
      assert.strictEqual(first.results[0]?.id, fake.state.products[236]?.id)

      const small = list((yield* rawCall(fake, "GET", "/v1/products?page_size=3", { token })).body)
      assert.strictEqual(small.pagination.page_size, 10)
      const big = list((yield* rawCall(fake, "GET", "/v1/products?page_size=500&page=3", { token })).body)
      assert.strictEqual(big.pagination.page_size, 100)
      assert.strictEqual(big.results.length, 37)
      assert.isUndefined(big._links.next)
      assert.isDefined(big._links.previous)

      const next = new URL(first._links.next?.href ?? "")
      assert.strictEqual(next.searchParams.get("page"), "2")
      assert.strictEqual(next.origin, fake.url)
    }))

  it.effect("filters products by code, ids and updated_start", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 40 })
      const token = yield* rawToken(fake)
      const byCode = list((yield* rawCall(fake, "GET", "/v1/products?code=SKU-00007", { token })).body)
      assert.deepStrictEqual(byCode.results.map((p) => p.id), [fake.state.products[6]?.id])

      const ids = [fake.state.products[1]?.id, fake.state.products[2]?.id].join(",")
      const byIds = list((yield* rawCall(fake, "GET", `/v1/products?ids=${ids}`, { token })).body)
      assert.strictEqual(byIds.pagination.total_results, 2)

      const tooMany = Array.from({ length: 21 }, (_, i) => fake.state.products[i]?.id).join(",")
      assert.strictEqual((yield* rawCall(fake, "GET", `/v1/products?ids=${tooMany}`, { token })).status, 400)

      const since = new Date(Date.now() - 1000).toISOString().replace(/\.\d+Z$/, "Z")
      const target = fake.state.products[10]?.id ?? ""
      fake.controls.updateProduct(target, { available_quantity: 3 })
      const updated = list((yield* rawCall(fake, "GET", `/v1/products?updated_start=${since}`, { token })).body)
      assert.deepStrictEqual(updated.results.map((p) => p.id), [target])

      const badDate = yield* rawCall(fake, "GET", "/v1/products?updated_start=yesterday", { token })
      assert.strictEqual(badDate.status, 400)
    }))

  it.effect("document types need ?type; DELETE is disabled; unknown ids are 404", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const token = yield* rawToken(fake)
      const noType = yield* rawCall(fake, "GET", "/v1/document-types", { token })
      assert.strictEqual(noType.status, 400)
      assert.strictEqual(codeOf(noType.body), "parameter_required")
      const quotationTypes = yield* rawCall(fake, "GET", "/v1/document-types?type=C", { token })
      assert.strictEqual(quotationTypes.status, 200)
      assert.isTrue(Array.isArray(quotationTypes.body))

      const customer = fake.state.customers[0]?.id ?? ""
      const deleted = yield* rawCall(fake, "DELETE", `/v1/customers/${customer}`, { token })
      assert.strictEqual(deleted.status, 403)
      assert.strictEqual(codeOf(deleted.body), "disabled_functionality")
      assert.strictEqual(fake.state.customers.length, 10)

      const missing = yield* rawCall(fake, "GET", "/v1/products/00000000-0000-4000-8000-000000000000", { token })
      assert.strictEqual(missing.status, 404)
    }))

  it.effect("PUT /v1/customers/{id} replaces the whole record: omitted fields are blanked", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const token = yield* rawToken(fake)
      const before = fake.state.customers[0]
      assert.isDefined(before)
      if (before === undefined) return
      assert.isAbove(before.contacts.length, 0)
      const put = yield* rawCall(fake, "PUT", `/v1/customers/${before.id}`, {
        token,
        body: {
          person_type: "Company",
          id_type: "31",
          identification: before.identification,
          name: ["Nombre Nuevo S.A.S."],
          fiscal_responsibilities: [{ code: "R-99-PN" }],
          address: { address: "Calle 1", city: { country_code: "Co", state_code: "11", city_code: "11001" } }
        }
      })
      assert.strictEqual(put.status, 200)
      const after = fake.state.customers[0]
      assert.strictEqual(after?.name[0], "Nombre Nuevo S.A.S.")
      assert.deepStrictEqual(after?.contacts, [])
      assert.deepStrictEqual(after?.phones, [])
      assert.strictEqual(after?.commercial_name, "")
      assert.strictEqual(after?.metadata.created, before.metadata.created)
      assert.isNotNull(after?.metadata.last_updated)
    }))

  it.effect("429 requests_limit once the budget is spent, with 'Try again in N seconds' and no Retry-After", () =>
    Effect.gen(function*() {
      let now = 0
      const fake = yield* FakeSiigo.scoped({ rateLimit: { requests: 3 }, now: () => now })
      const token = yield* rawToken(fake) // 1
      yield* rawCall(fake, "GET", "/v1/users", { token }) // 2
      yield* rawCall(fake, "GET", "/v1/users", { token }) // 3
      now = 15_000
      const limited = yield* rawCall(fake, "GET", "/v1/users", { token })
      assert.strictEqual(limited.status, 429)
      assert.strictEqual(codeOf(limited.body), "requests_limit")
      assert.match(Schema.decodeUnknownSync(Envelope)(limited.body).Errors[0]?.Message ?? "", /Try again in 45 seconds/)
      assert.isNull(limited.headers.get("retry-after"))
      now = 60_000
      assert.strictEqual((yield* rawCall(fake, "GET", "/v1/users", { token })).status, 200)
    }))

  it.effect("a quotation create that fails with 500 still creates the quotation", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const token = yield* rawToken(fake)
      const customer = fake.state.customers[0]
      const product = fake.state.products.find((p) => p.active)
      fake.controls.failNextQuotationCreates(1)
      const body = {
        document: { id: 13261 },
        date: "2025-03-01",
        customer: { identification: customer?.identification },
        seller: 501,
        items: [{ code: product?.code, quantity: 2, price: 1000, taxes: [{ id: 13156 }] }]
      }
      const failed = yield* rawCall(fake, "POST", "/v1/quotations", { token, body })
      assert.strictEqual(failed.status, 500)
      assert.strictEqual(fake.state.quotations.length, 1)
      const created = yield* rawCall(fake, "POST", "/v1/quotations", { token, body })
      assert.strictEqual(created.status, 201)
      const quotation = Schema.decodeUnknownSync(Schema.Struct({
        name: Schema.String,
        total: Schema.Number,
        public_url: Schema.String
      }))(created.body)
      assert.strictEqual(quotation.name, "C-1-2")
      // 2 × 1000 = 2000, IVA 19% = 380.
      assert.strictEqual(quotation.total, 2380)
      const page = yield* rawCall(fake, "GET", quotation.public_url.replace(fake.url, ""), { partnerId: null })
      assert.strictEqual(page.status, 200)

      const listed = list((yield* rawCall(
        fake,
        "GET",
        `/v1/quotations?customer_identification=${customer?.identification}&created_start=2020-01-01`,
        { token }
      )).body)
      assert.strictEqual(listed.pagination.total_results, 2)
    }))

  it.effect("27 users span pages of 25; lookups come as arrays or, on request, as paginated lists", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped({ products: 5 })
      const token = yield* rawToken(fake)
      const UserPage = Schema.Struct({
        pagination: Schema.Struct({ page: Schema.Number, page_size: Schema.Number, total_results: Schema.Number }),
        results: Schema.Array(Schema.Struct({ id: Schema.Number, active: Schema.Boolean })),
        _links: Schema.Struct({ next: Schema.optionalKey(Schema.Struct({ href: Schema.String })) })
      })
      const users = (path: string) =>
        rawCall(fake, "GET", path, { token }).pipe(Effect.map(({ body }) => Schema.decodeUnknownSync(UserPage)(body)))
      const first = yield* users("/v1/users")
      assert.deepStrictEqual(first.pagination, { page: 1, page_size: 25, total_results: 27 })
      const next = new URL(first._links.next?.href ?? "")
      assert.strictEqual(next.searchParams.get("page"), "2")
      const second = yield* users(`${next.pathname}${next.search}`)
      assert.deepStrictEqual(second.results.map((user) => [user.id, user.active]), [[526, true], [527, true]])
      assert.isUndefined(second._links.next)

      // A lower page cap wins over page_size.
      fake.controls.setVariance({ maxPageSize: 10, lookups: "list" })
      assert.strictEqual((yield* users("/v1/users?page_size=100")).pagination.page_size, 10)
      const taxes = yield* rawCall(fake, "GET", "/v1/taxes", { token })
      assert.isFalse(Array.isArray(taxes.body))
      assert.strictEqual(Schema.decodeUnknownSync(Schema.Struct({ results: Schema.Array(Schema.Unknown) }))(taxes.body).results.length, 3)
      fake.controls.setVariance({ lookups: "array" })
      assert.isTrue(Array.isArray((yield* rawCall(fake, "GET", "/v1/taxes", { token })).body))
    }))
})
