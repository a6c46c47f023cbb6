/**
 * The chatbot integration API, black-box (spec "Integration API", CONTRACT.md "Test
 * scenarios"): client lookup and cutoff through the five scenario phones, over real
 * HTTP with real API keys (`support/integration-api.ts`).
 *
 * The server runs on the real clock moved to an ordinary business hour (`startAt`: a
 * `TestClock` would put it in 1970, before every promotion, and the plain real clock
 * would make the open/closed expectations fail in the minutes the seeded routes flip:
 * 23:59–00:00 daily and Saturday 00:00–00:01 in Bogotá).
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { BranchId, ClientId } from "@quote/core/shared/ids"
import { apiWith, createKey, cutoff, failure, get, lookup, scenarioClient } from "./support/integration-api.ts"
import { bodyOf, expectError, movableClock, ordinaryBusinessHour, TestServer } from "./support/test-server.ts"

/** The part of the served OpenAPI document the first test reads. */
const OpenApiResponses = Schema.Struct({
  paths: Schema.Record(
    Schema.String,
    Schema.Record(Schema.String, Schema.Struct({ responses: Schema.Record(Schema.String, Schema.Unknown) }))
  )
})

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("integration API: lookup and cutoff", (it) => {
  it.effect("the OpenAPI document lists the integration endpoints with every status they answer", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const document = bodyOf(yield* server.request("GET", "/api/openapi.json"), OpenApiResponses)
      const statuses = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort()
      assert.includeMembers(statuses("/api/integrations/quotations", "post"), ["200", "201", "400", "401", "403", "404", "409", "422"])
      assert.includeMembers(statuses("/api/integrations/cutoff", "get"), ["200", "400", "401", "403", "404"])
      assert.includeMembers(statuses("/api/integrations/clients/{clientId}/prices", "get"), ["200", "400", "404"])
      assert.includeMembers(statuses("/api/integrations/clients/lookup", "get"), ["200", "400"])
      assert.includeMembers(statuses("/api/integrations/quotations/{id}", "get"), ["200", "404"])
    }))

  it.effect("scenario 1: one company with two branches needs disambiguation", () =>
    Effect.gen(function*() {
      const key = yield* createKey(["clients:read"])
      const body = yield* lookup(key, "+573000000001")
      assert.strictEqual(body.phone, "+573000000001")
      assert.strictEqual(body.matchCount, 1)
      assert.isTrue(body.needsDisambiguation)
      const match = body.matches[0]!
      assert.strictEqual(match.clientName, "Distribuidora Andina")
      assert.deepInclude(match.company, { name: "Distribuidora Andina S.A.S.", nit: "900100001" })
      assert.deepStrictEqual(match.branches.map((branch) => [branch.name, branch.isDefault]), [
        ["Sede Norte", true],
        ["Sede Sur", false]
      ])
      assert.strictEqual(match.defaultBranchId, match.branches[0]!.id)
      const north = match.branches[0]!
      assert.strictEqual(north.city, "Bogotá")
      assert.strictEqual(north.route?.name, "Always open")
      assert.strictEqual(north.route?.schedule, "Todos los días. Cierre: el mismo día a las 11:59 p. m.")
      assert.strictEqual(north.advisor?.email, "asesor@example.com")
    }))

  it.effect("the number is normalized first: national and spaced forms find the same client", () =>
    Effect.gen(function*() {
      const key = yield* createKey(["clients:read"])
      for (const phone of ["300 000 0001", "(300) 000-0001", "573000000001"]) {
        const body = yield* lookup(key, phone)
        assert.strictEqual(body.phone, "+573000000001", phone)
        assert.strictEqual(body.matchCount, 1, phone)
      }
    }))

  it.effect("scenario 3: the same number in two companies gives two matches; 99: none", () =>
    Effect.gen(function*() {
      const key = yield* createKey(["clients:read"])
      const two = yield* lookup(key, "+573000000003")
      assert.strictEqual(two.matchCount, 2)
      assert.isTrue(two.needsDisambiguation)
      assert.sameMembers(two.matches.map((match) => match.company.nit), ["900100003", "900100004"])
      const none = yield* lookup(key, "+573000000099")
      assert.deepStrictEqual(none, { phone: "+573000000099", matchCount: 0, needsDisambiguation: false, matches: [] })
      const noRoute = yield* lookup(key, "+573000000004")
      assert.strictEqual(noRoute.matchCount, 1)
      assert.isFalse(noRoute.needsDisambiguation)
      assert.isNull(noRoute.matches[0]!.branches[0]!.route)
    }))

  it.effect("lookup errors: INVALID_PHONE, MISSING_PARAMS, and the key's scope", () =>
    Effect.gen(function*() {
      const key = yield* createKey(["clients:read"])
      const api = yield* apiWith(key)
      for (const phone of ["12345", "6015550001", "abc"]) {
        yield* failure(api.integrations.lookupClients({ query: { phone } }), "InvalidPhone")
      }
      yield* failure(api.integrations.lookupClients({ query: {} }), "MissingParams")
      const server = yield* TestServer
      expectError(
        yield* server.request("GET", "/api/integrations/clients/lookup?phone=%2B573000000001"),
        401,
        "API_KEY_REQUIRED"
      )
      const cutoffOnly = yield* createKey(["cutoff:read"])
      expectError(yield* get(cutoffOnly, "/api/integrations/clients/lookup?phone=%2B573000000001"), 403, "INSUFFICIENT_SCOPE")
    }))

  it.effect("scenario 2: the almost-closed route is closed, with the next window", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const client = yield* scenarioClient(key, "+573000000002")
      const body = yield* cutoff(key, { clientId: client.clientId })
      assert.strictEqual(body.clientId, client.clientId)
      assert.strictEqual(body.branchId, client.branchId)
      assert.strictEqual(body.branchName, "Sede Principal")
      assert.strictEqual(body.route?.name, "Almost closed")
      assert.isFalse(body.isOpen)
      assert.isFalse(body.missingRoute)
      assert.strictEqual(body.nextOpenDate, body.windowOpensAt)
      assert.match(body.nextOpenDate ?? "", /T00:00:00-05:00$/)
      assert.match(body.routeDate ?? "", /T00:00:00-05:00$/)
      assert.isAtMost(body.upcomingRouteDates.length, 4)
      assert.strictEqual(body.schedule?.label, "Viernes, cada semana. Cierre: 6 días antes a las 12:01 a. m.")
      assert.include(body.message, "La ruta está cerrada")
    }))

  it.effect("scenario 4: a branch without route is closed with missingRoute", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const client = yield* scenarioClient(key, "+573000000004")
      const body = yield* cutoff(key, { clientId: client.clientId })
      assert.isFalse(body.isOpen)
      assert.isTrue(body.missingRoute)
      assert.isNull(body.route)
      assert.isNull(body.schedule)
      assert.isNull(body.routeDate)
      assert.deepStrictEqual(body.upcomingRouteDates, [])
      assert.strictEqual(body.branchName, "Local Único")
    }))

  it.effect("parameter combinations: both ids, only the client, only the branch; biweekly dates", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const south = first.branches.find((branch) => branch.name === "Sede Sur")!
      const both = yield* cutoff(key, { clientId: first.clientId, branchId: south.id })
      assert.strictEqual(both.branchName, "Sede Sur")
      assert.strictEqual(both.clientId, first.clientId)
      assert.isTrue(both.isOpen)
      assert.strictEqual(both.route?.name, "Always open")
      const onlyBranch = yield* cutoff(key, { branchId: south.id })
      assert.isNull(onlyBranch.clientId)
      assert.strictEqual(onlyBranch.branchId, south.id)
      assert.strictEqual(onlyBranch.routeDate, both.routeDate)

      const two = yield* lookup(key, "+573000000003")
      const economia = two.matches.find((match) => match.company.nit === "900100004")!
      const biweekly = yield* cutoff(key, { clientId: economia.clientId })
      assert.strictEqual(biweekly.route?.name, "Biweekly")
      assert.strictEqual(biweekly.upcomingRouteDates.length, 4)
      const days = biweekly.upcomingRouteDates.map((date) => Date.parse(`${date}T00:00:00Z`) / 86_400_000)
      assert.deepStrictEqual(days.slice(1).map((day, i) => day - days[i]!), [14, 14, 14])
    }))

  it.effect("cutoff errors: BRANCH_NOT_FOUND, CLIENT_NOT_FOUND, MISSING_PARAMS, VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      const key = yield* createKey(["cutoff:read", "clients:read"])
      const first = yield* scenarioClient(key, "+573000000001")
      const other = yield* scenarioClient(key, "+573000000002")
      const api = yield* apiWith(key)
      yield* failure(
        api.integrations.cutoff({ query: { clientId: first.clientId, branchId: other.branchId } }),
        "BranchNotFound"
      )
      const unknownBranch = Schema.decodeSync(BranchId)(crypto.randomUUID())
      yield* failure(api.integrations.cutoff({ query: { branchId: unknownBranch } }), "BranchNotFound")
      const unknownClient = Schema.decodeSync(ClientId)(crypto.randomUUID())
      yield* failure(api.integrations.cutoff({ query: { clientId: unknownClient } }), "ClientNotFound")
      yield* failure(api.integrations.cutoff({ query: {} }), "MissingParams")
      expectError(yield* get(key, "/api/integrations/cutoff?clientId=not-a-uuid"), 400, "VALIDATION_ERROR")
      const pricesOnly = yield* createKey(["prices:read"])
      expectError(yield* get(pricesOnly, `/api/integrations/cutoff?clientId=${first.clientId}`), 403, "INSUFFICIENT_SCOPE")
    }))
})

// The cutoff endpoint remembers a status until it can change; this server's clock is moved
// across the "Always open" route's daily close (23:59 Bogotá) within one remembered second.
const edgeClock = movableClock("2026-11-18T10:00:00-05:00")

layer(TestServer.layer().pipe(Layer.provide(edgeClock.layer)), { excludeTestServices: true })(
  "integration API: cutoff at a window edge",
  (it) => {
    it.effect("a remembered status never outlives its window: open half a second before the close, closed at it", () =>
      Effect.gen(function*() {
        const key = yield* createKey(["clients:read", "cutoff:read"])
        const client = yield* scenarioClient(key, "+573000000001")
        const query = { clientId: client.clientId }
        yield* edgeClock.setNow("2026-11-18T23:58:59.500-05:00")
        const before = yield* cutoff(key, query)
        assert.isTrue(before.isOpen, before.message)
        assert.strictEqual(before.deadline, "2026-11-18T23:59:00-05:00")
        yield* edgeClock.setNow("2026-11-18T23:59:00.000-05:00")
        const after = yield* cutoff(key, query)
        assert.isFalse(after.isOpen, after.message)
        assert.strictEqual(after.windowOpensAt, "2026-11-19T00:00:00-05:00")
        assert.include(after.message, "La ruta está cerrada")
        yield* edgeClock.setNow("2026-11-19T00:00:00.000-05:00")
        const reopened = yield* cutoff(key, query)
        assert.isTrue(reopened.isOpen, reopened.message)
      }))
  }
)
