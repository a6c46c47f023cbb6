/**
 * The chatbot integration API, black-box (spec "Integration API", CONTRACT.md "Test
 * scenarios"): client lookup and cutoff through the five scenario phones, client prices,
 * and quotation creation with idempotency per key lineage, over real HTTP with real API
 * keys created through `POST /api/api-keys`.
 *
 * The server runs on the real clock moved to an ordinary business hour (`startAt`: a
 * `TestClock` would put it in 1970, before every promotion, and the plain real clock
 * would make the open/closed expectations fail in the minutes the seeded routes flip:
 * 23:59–00:00 daily and Saturday 00:00–00:01 in Bogotá).
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { errorCode, movableClock, ordinaryBusinessHour, type TestResponse, TestServer, testUsers } from "./support/test-server.ts"

const allScopes = ["clients:read", "prices:read", "cutoff:read", "quotations:write"] as const

interface Key {
  readonly id: string
  readonly apiKey: string
}

/** A new API key created by the admin through the API. */
const createKey = (scopes: ReadonlyArray<string> = allScopes) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    const admin = yield* server.login(testUsers.admin)
    const response = yield* server.request("POST", "/api/api-keys", {
      token: admin,
      body: { name: `chatbot ${crypto.randomUUID().slice(0, 8)}`, scopes }
    })
    assert.strictEqual(response.status, 201, response.text)
    return response.body as Key
  })

const get = (key: Key, path: string) =>
  Effect.flatMap(TestServer, (server) => server.request("GET", path, { token: key.apiKey }))

const expectError = (response: TestResponse, status: number, code: string) => {
  assert.strictEqual(response.status, status, response.text)
  assert.strictEqual(errorCode(response), code, response.text)
}

interface LookupBody {
  phone: string
  matchCount: number
  needsDisambiguation: boolean
  matches: Array<{
    clientId: string
    clientName: string
    company: { id: string; name: string; nit: string }
    defaultBranchId: string
    branches: Array<{
      id: string
      name: string
      city: string | null
      address: string | null
      isDefault: boolean
      route: { id: string; name: string; schedule: string } | null
      advisor: { id: string; name: string; email: string } | null
    }>
  }>
}

const lookup = (key: Key, phone: string) =>
  Effect.map(get(key, `/api/integrations/clients/lookup?phone=${encodeURIComponent(phone)}`), (response) => {
    assert.strictEqual(response.status, 200, response.text)
    return response.body as LookupBody
  })

/** The single client a scenario phone selects, with its default branch. */
const scenarioClient = (key: Key, phone: string) =>
  Effect.map(lookup(key, phone), (body) => {
    const match = body.matches[0]!
    return { clientId: match.clientId, branchId: match.defaultBranchId, branches: match.branches }
  })

interface CutoffBody {
  clientId: string | null
  branchId: string
  branchName: string
  route: { id: string; name: string } | null
  isOpen: boolean
  routeDate: string | null
  deadline: string | null
  windowOpensAt: string | null
  nextOpenDate: string | null
  upcomingRouteDates: Array<string>
  schedule: { operationDays: Array<number>; frequency: string; label: string } | null
  message: string
  missingRoute: boolean
}

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("integration API: lookup and cutoff", (it) => {
  it.effect("the OpenAPI document lists the integration endpoints with every status they answer", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const document = (yield* server.request("GET", "/api/openapi.json")).body as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
      }
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
      for (const phone of ["12345", "6015550001", "abc"]) {
        expectError(yield* get(key, `/api/integrations/clients/lookup?phone=${phone}`), 400, "INVALID_PHONE")
      }
      expectError(yield* get(key, "/api/integrations/clients/lookup"), 400, "MISSING_PARAMS")
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
      const response = yield* get(key, `/api/integrations/cutoff?clientId=${client.clientId}`)
      assert.strictEqual(response.status, 200, response.text)
      const body = response.body as CutoffBody
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
      const body = (yield* get(key, `/api/integrations/cutoff?clientId=${client.clientId}`)).body as CutoffBody
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
      const both = (yield* get(key, `/api/integrations/cutoff?clientId=${first.clientId}&branchId=${south.id}`))
        .body as CutoffBody
      assert.strictEqual(both.branchName, "Sede Sur")
      assert.strictEqual(both.clientId, first.clientId)
      assert.isTrue(both.isOpen)
      assert.strictEqual(both.route?.name, "Always open")
      const onlyBranch = (yield* get(key, `/api/integrations/cutoff?branchId=${south.id}`)).body as CutoffBody
      assert.isNull(onlyBranch.clientId)
      assert.strictEqual(onlyBranch.branchId, south.id)
      assert.strictEqual(onlyBranch.routeDate, both.routeDate)

      const two = yield* lookup(key, "+573000000003")
      const economia = two.matches.find((match) => match.company.nit === "900100004")!
      const biweekly = (yield* get(key, `/api/integrations/cutoff?clientId=${economia.clientId}`)).body as CutoffBody
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
      expectError(
        yield* get(key, `/api/integrations/cutoff?clientId=${first.clientId}&branchId=${other.branchId}`),
        404,
        "BRANCH_NOT_FOUND"
      )
      expectError(yield* get(key, `/api/integrations/cutoff?branchId=${crypto.randomUUID()}`), 404, "BRANCH_NOT_FOUND")
      expectError(yield* get(key, `/api/integrations/cutoff?clientId=${crypto.randomUUID()}`), 404, "CLIENT_NOT_FOUND")
      expectError(yield* get(key, "/api/integrations/cutoff"), 400, "MISSING_PARAMS")
      expectError(yield* get(key, "/api/integrations/cutoff?clientId=not-a-uuid"), 400, "VALIDATION_ERROR")
      const pricesOnly = yield* createKey(["prices:read"])
      expectError(yield* get(pricesOnly, `/api/integrations/cutoff?clientId=${first.clientId}`), 403, "INSUFFICIENT_SCOPE")
    }))
})

interface PricesBody {
  clientId: string
  priceList: { id: string; name: string } | null
  currency: string
  computedAt: string
  catalogSyncedAt: string | null
  items: Array<{
    productId: string
    sku: string
    name: string
    unit: string
    category: string | null
    stock: number
    stockTracked: boolean
    stockSyncedAt: string | null
    priceListPrice: number
    promotionPrice: number | null
    finalPrice: number
    priceType: string
  }>
  notFound: { productIds: Array<string>; skus: Array<string> }
}

const prices = (key: Key, clientId: string, query: string) =>
  Effect.map(get(key, `/api/integrations/clients/${clientId}/prices?${query}`), (response) => {
    assert.strictEqual(response.status, 200, response.text)
    return response.body as PricesBody
  })

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("integration API: client prices", (it) => {
  it.effect("the first client: own list, a client-specific and a general promotion; unknown SKUs in notFound", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const body = yield* prices(key, first.clientId, "skus=ABA-001,BEB-001,ABA-002,BEB-002,NOPE-1")
      assert.strictEqual(body.clientId, first.clientId)
      assert.strictEqual(body.priceList?.name, "Lista Distribuidora Andina")
      assert.strictEqual(body.currency, "COP")
      assert.isNull(body.catalogSyncedAt)
      assert.isFalse(Number.isNaN(Date.parse(body.computedAt)))
      const bySku = Object.fromEntries(body.items.map((item) => [item.sku, item]))
      assert.deepInclude(bySku["ABA-001"], { priceListPrice: 22500, promotionPrice: 19900, finalPrice: 19900, priceType: "promotion" })
      assert.deepInclude(bySku["BEB-001"], { priceListPrice: 26500, promotionPrice: 24900, finalPrice: 24900, priceType: "promotion" })
      assert.deepInclude(bySku["ABA-002"], { priceListPrice: 36000, promotionPrice: null, finalPrice: 36000, priceType: "price_list" })
      assert.deepInclude(bySku["BEB-002"], { priceListPrice: 52000, finalPrice: 52000, priceType: "price_list" })
      assert.deepInclude(bySku["ABA-001"], { unit: "bulto", category: "Abarrotes", stock: 120, stockTracked: true })
      assert.deepStrictEqual(body.notFound, { productIds: [], skus: ["NOPE-1"] })
    }))

  it.effect("another client sees the general list: the general promotion applies, the specific one does not", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const two = yield* lookup(key, "+573000000003")
      const clientId = two.matches[0]!.clientId
      const body = yield* prices(key, clientId, "skus=ABA-001,BEB-001,BEB-004")
      assert.strictEqual(body.priceList?.name, "Lista general")
      const bySku = Object.fromEntries(body.items.map((item) => [item.sku, item]))
      assert.deepInclude(bySku["ABA-001"], { priceListPrice: 23900, promotionPrice: null, finalPrice: 23900, priceType: "price_list" })
      assert.deepInclude(bySku["BEB-001"], { priceListPrice: 28000, finalPrice: 24900, priceType: "promotion" })
      assert.deepInclude(bySku["BEB-004"], { stockTracked: false })
    }))

  it.effect("filters: search, productIds, categoryId, limit (default 20, capped at 50)", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const rice = yield* prices(key, first.clientId, "search=arroz")
      assert.deepStrictEqual(rice.items.map((item) => item.sku), ["ABA-001"])
      const bySkuSearch = yield* prices(key, first.clientId, "search=beb-")
      assert.strictEqual(bySkuSearch.items.length, 4)
      const missingId = crypto.randomUUID()
      const byId = yield* prices(key, first.clientId, `productIds=${rice.items[0]!.productId},${missingId}`)
      assert.deepStrictEqual(byId.items.map((item) => item.sku), ["ABA-001"])
      assert.deepStrictEqual(byId.notFound, { productIds: [missingId], skus: [] })
      const limited = yield* prices(key, first.clientId, "search=a&limit=2")
      assert.strictEqual(limited.items.length, 2)
      const capped = yield* prices(key, first.clientId, "search=-0&limit=500")
      assert.strictEqual(capped.items.length, 12)
      // A SKU left out only by the limit is not "not found".
      const cut = yield* prices(key, first.clientId, "skus=ABA-001,ABA-002,ABA-003&limit=1")
      assert.strictEqual(cut.items.length, 1)
      assert.deepStrictEqual(cut.notFound.skus, [])
      const sql = yield* SqlClient.SqlClient
      const [category] = yield* sql<{ id: string }>`select id from categories where name = 'Aseo'`
      const aseo = yield* prices(key, first.clientId, `categoryId=${category!.id}`)
      assert.deepStrictEqual(aseo.items.map((item) => item.sku).sort(), ["ASE-001", "ASE-002", "ASE-003", "ASE-004"])
    }))

  it.effect("prices errors: MISSING_PARAMS, CLIENT_NOT_FOUND, VALIDATION_ERROR, INSUFFICIENT_SCOPE", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      expectError(yield* get(key, `/api/integrations/clients/${first.clientId}/prices`), 400, "MISSING_PARAMS")
      expectError(yield* get(key, `/api/integrations/clients/${first.clientId}/prices?skus=`), 400, "MISSING_PARAMS")
      expectError(yield* get(key, `/api/integrations/clients/${crypto.randomUUID()}/prices?skus=ABA-001`), 404, "CLIENT_NOT_FOUND")
      expectError(yield* get(key, `/api/integrations/clients/${first.clientId}/prices?productIds=nope`), 400, "VALIDATION_ERROR")
      expectError(yield* get(key, `/api/integrations/clients/${first.clientId}/prices?skus=ABA-001&limit=0`), 400, "VALIDATION_ERROR")
      const lookupOnly = yield* createKey(["clients:read"])
      expectError(yield* get(lookupOnly, `/api/integrations/clients/${first.clientId}/prices?skus=ABA-001`), 403, "INSUFFICIENT_SCOPE")
    }))
})

interface QuotationBody {
  id: string
  code: string
  status: string
  source: string
  total: number
  notes: string | null
  routeDate: string | null
  clientId: string
  branch: { id: string; name: string } | null
  advisor: { id: string; name: string } | null
  createdAt: string
  updatedAt: string
  items: Array<{
    productId: string | null
    sku: string
    name: string
    quantity: number
    unitPrice: number
    priceType: string
    subtotal: number
  }>
  replayed: boolean
}

const createQuotation = (key: Key, body: unknown, idempotencyKey: string = crypto.randomUUID()) =>
  Effect.flatMap(TestServer, (server) =>
    server.request("POST", "/api/integrations/quotations", {
      token: key.apiKey,
      body,
      headers: { "idempotency-key": idempotencyKey }
    }))

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("integration API: quotations", (it) => {
  it.effect("creates a pending chat quotation priced like the prices endpoint", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const skus = ["ABA-001", "BEB-001", "ABA-002", "ASE-004"]
      const sheet = yield* prices(key, first.clientId, `skus=${skus.join(",")}`)
      const response = yield* createQuotation(key, {
        clientId: first.clientId,
        branchId: first.branchId,
        items: skus.map((sku, i) => ({ sku, quantity: i + 1 })),
        notes: "Entregar en la mañana"
      })
      assert.strictEqual(response.status, 201, response.text)
      const quotation = response.body as QuotationBody
      assert.isFalse(quotation.replayed)
      assert.strictEqual(quotation.status, "pending")
      assert.strictEqual(quotation.source, "chat")
      assert.match(quotation.code, /^COT-\d{6}$/)
      assert.strictEqual(quotation.notes, "Entregar en la mañana")
      assert.strictEqual(quotation.clientId, first.clientId)
      assert.strictEqual(quotation.branch?.name, "Sede Norte")
      assert.strictEqual(quotation.advisor?.name !== undefined, true)
      assert.match(quotation.routeDate ?? "", /^\d{4}-\d{2}-\d{2}$/)
      assert.isFalse(Number.isNaN(Date.parse(quotation.createdAt)))
      const finalPrices = new Map(sheet.items.map((item) => [item.sku, item]))
      let total = 0
      quotation.items.forEach((item, i) => {
        const priced = finalPrices.get(item.sku)!
        assert.strictEqual(item.sku, skus[i])
        assert.strictEqual(item.productId, priced.productId)
        assert.strictEqual(item.quantity, i + 1)
        assert.strictEqual(item.unitPrice, priced.finalPrice)
        assert.strictEqual(item.priceType, priced.priceType)
        assert.strictEqual(item.subtotal, priced.finalPrice * (i + 1))
        total += item.subtotal
      })
      assert.strictEqual(quotation.total, total)
      const sql = yield* SqlClient.SqlClient
      const events = yield* sql<{ type: string; source: string }>`
        select type, source from webhook_events where entity_id = ${quotation.id}::uuid order by seq`
      assert.deepStrictEqual(events, [{ type: "quotation.created", source: "chat" }])
    }))

  it.effect("the same key replays (200, replayed: true); a different body with it is 409", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const body = { clientId: first.clientId, branchId: first.branchId, items: [{ sku: "ASE-001", quantity: 2 }] }
      const idempotencyKey = crypto.randomUUID()
      const created = yield* createQuotation(key, body, idempotencyKey)
      assert.strictEqual(created.status, 201)
      const replay = yield* createQuotation(key, body, idempotencyKey)
      assert.strictEqual(replay.status, 200, replay.text)
      const replayed = replay.body as QuotationBody
      assert.isTrue(replayed.replayed)
      assert.deepStrictEqual({ ...replayed, replayed: false }, created.body)
      const reused = yield* createQuotation(key, { ...body, notes: "otra" }, idempotencyKey)
      expectError(reused, 409, "IDEMPOTENCY_KEY_REUSED")
    }))

  it.effect("50 parallel creates with one Idempotency-Key make exactly one quotation", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const body = { clientId: first.clientId, branchId: first.branchId, items: [{ sku: "BEB-003", quantity: 5 }] }
      const idempotencyKey = crypto.randomUUID()
      const responses = yield* Effect.forEach(
        Array.from({ length: 50 }, () => body),
        (request) => createQuotation(key, request, idempotencyKey),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual([...new Set(responses.map((response) => response.status))].sort(), [200, 201])
      assert.strictEqual(responses.filter((response) => response.status === 201).length, 1)
      const ids = new Set(responses.map((response) => (response.body as QuotationBody).id))
      assert.strictEqual(ids.size, 1)
      const sql = yield* SqlClient.SqlClient
      const [rows] = yield* sql<{ n: number }>`
        select count(*) as n from quotations where api_key_id = ${key.id}::uuid`
      assert.strictEqual(rows!.n, 1)
    }))

  it.effect("GET by id: only the creating key's lineage; the key that replaced it by rotation can read and replay", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const body = { clientId: first.clientId, branchId: first.branchId, items: [{ sku: "ABA-003", quantity: 1 }] }
      const idempotencyKey = crypto.randomUUID()
      const created = (yield* createQuotation(key, body, idempotencyKey)).body as QuotationBody
      const own = yield* get(key, `/api/integrations/quotations/${created.id}`)
      assert.strictEqual(own.status, 200)
      assert.deepStrictEqual(own.body, created)

      const stranger = yield* createKey()
      expectError(yield* get(stranger, `/api/integrations/quotations/${created.id}`), 404, "NOT_FOUND")
      expectError(yield* get(key, `/api/integrations/quotations/${crypto.randomUUID()}`), 404, "NOT_FOUND")
      const strangerCreate = yield* createQuotation(stranger, body, idempotencyKey)
      assert.strictEqual(strangerCreate.status, 201, "another lineage does not share idempotency keys")

      const admin = yield* server.login(testUsers.admin)
      const rotated = yield* server.request("POST", `/api/api-keys/${key.id}/rotate`, {
        token: admin,
        body: { graceHours: 1 }
      })
      assert.strictEqual(rotated.status, 201, rotated.text)
      const successor = rotated.body as Key
      const read = yield* get(successor, `/api/integrations/quotations/${created.id}`)
      assert.strictEqual(read.status, 200)
      const replay = yield* createQuotation(successor, body, idempotencyKey)
      assert.strictEqual(replay.status, 200)
      assert.strictEqual((replay.body as QuotationBody).id, created.id)
    }))

  it.effect("VALIDATION_ERROR: Idempotency-Key missing or too long, disallowed fields, bad items and notes", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const valid = { clientId: first.clientId, branchId: first.branchId, items: [{ sku: "ABA-001", quantity: 1 }] }
      const withoutKey = yield* server.request("POST", "/api/integrations/quotations", { token: key.apiKey, body: valid })
      expectError(withoutKey, 400, "VALIDATION_ERROR")
      expectError(yield* createQuotation(key, valid, "k".repeat(101)), 400, "VALIDATION_ERROR")
      const invalidBodies: ReadonlyArray<unknown> = [
        { ...valid, total: 1 },
        { ...valid, status: "approved" },
        { ...valid, source: "web" },
        { ...valid, advisorId: crypto.randomUUID() },
        { ...valid, items: [{ sku: "ABA-001", quantity: 1, unitPrice: 1 }] },
        { ...valid, items: [] },
        { ...valid, items: Array.from({ length: 201 }, () => ({ sku: "ABA-001", quantity: 1 })) },
        { ...valid, items: [{ sku: "ABA-001", quantity: 0 }] },
        { ...valid, items: [{ sku: "ABA-001", quantity: -2 }] },
        { ...valid, items: [{ quantity: 1 }] },
        { ...valid, items: [{ productId: "not-a-uuid", quantity: 1 }] },
        { ...valid, notes: "x".repeat(2001) },
        { clientId: first.clientId, items: valid.items },
        { branchId: first.branchId, items: valid.items }
      ]
      for (const body of invalidBodies) {
        expectError(yield* createQuotation(key, body), 400, "VALIDATION_ERROR")
      }
      const extra = yield* createQuotation(key, { ...valid, price: 5, source: "web" })
      const issues = (extra.body as { error: { details: { issues: Array<{ path: Array<string> }> } } }).error.details.issues
      assert.sameMembers(issues.map((issue) => issue.path.join(".")), ["payload.price", "payload.source"])
      // A notes of exactly 2000 characters and 200 items are fine.
      const limits = yield* createQuotation(key, {
        ...valid,
        items: Array.from({ length: 200 }, () => ({ sku: "ABA-002", quantity: 0.5 })),
        notes: "n".repeat(2000)
      })
      assert.strictEqual(limits.status, 201, limits.text)
      assert.strictEqual((limits.body as QuotationBody).items.length, 200)
    }))

  it.effect("404s: CLIENT_NOT_FOUND, BRANCH_NOT_FOUND (other company, unknown), PRODUCT_NOT_FOUND with details", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const first = yield* scenarioClient(key, "+573000000001")
      const other = yield* scenarioClient(key, "+573000000002")
      const items = [{ sku: "ABA-001", quantity: 1 }]
      expectError(
        yield* createQuotation(key, { clientId: crypto.randomUUID(), branchId: first.branchId, items }),
        404,
        "CLIENT_NOT_FOUND"
      )
      expectError(yield* createQuotation(key, { clientId: first.clientId, branchId: other.branchId, items }), 404, "BRANCH_NOT_FOUND")
      expectError(
        yield* createQuotation(key, { clientId: first.clientId, branchId: crypto.randomUUID(), items }),
        404,
        "BRANCH_NOT_FOUND"
      )
      const missingId = crypto.randomUUID()
      const products = yield* createQuotation(key, {
        clientId: first.clientId,
        branchId: first.branchId,
        items: [{ sku: "NOPE-9", quantity: 1 }, { productId: missingId, quantity: 2 }, { sku: "ABA-001", quantity: 1 }]
      })
      expectError(products, 404, "PRODUCT_NOT_FOUND")
      const details = (products.body as { error: { details: unknown } }).error.details
      assert.deepStrictEqual(details, { skus: ["NOPE-9"], productIds: [missingId] })
    }))

  it.effect("ROUTE_CLOSED: a closed window (Spanish message, next dates) and a branch without route; nothing is stored", () =>
    Effect.gen(function*() {
      const key = yield* createKey()
      const closed = yield* scenarioClient(key, "+573000000002")
      const items = [{ sku: "ABA-001", quantity: 1 }]
      const response = yield* createQuotation(key, { clientId: closed.clientId, branchId: closed.branchId, items })
      expectError(response, 422, "ROUTE_CLOSED")
      const error = (response.body as { error: { message: string; details: { nextOpenDate: string; routeDate: string } } })
        .error
      assert.include(error.message, "La ruta está cerrada en este momento")
      assert.match(error.details.nextOpenDate, /T00:00:00-05:00$/)
      assert.match(error.details.routeDate, /T00:00:00-05:00$/)
      const cutoff = (yield* get(key, `/api/integrations/cutoff?clientId=${closed.clientId}`)).body as CutoffBody
      assert.strictEqual(error.details.nextOpenDate, cutoff.nextOpenDate, "the same rule as the cutoff endpoint")

      const noRoute = yield* scenarioClient(key, "+573000000004")
      const missing = yield* createQuotation(key, { clientId: noRoute.clientId, branchId: noRoute.branchId, items })
      expectError(missing, 422, "ROUTE_CLOSED")
      const missingError = (missing.body as { error: { message: string; details: unknown } }).error
      assert.deepStrictEqual(missingError.details, { missingRoute: true })
      assert.include(missingError.message, "no tiene una ruta")

      const sql = yield* SqlClient.SqlClient
      const [stored] = yield* sql<{ n: number }>`
        select count(*) as n from quotations where client_id in (${closed.clientId}::uuid, ${noRoute.clientId}::uuid)`
      assert.strictEqual(stored!.n, 0)
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
        const path = `/api/integrations/cutoff?clientId=${client.clientId}`
        yield* edgeClock.setNow("2026-11-18T23:58:59.500-05:00")
        const before = (yield* get(key, path)).body as CutoffBody
        assert.isTrue(before.isOpen, before.message)
        assert.strictEqual(before.deadline, "2026-11-18T23:59:00-05:00")
        yield* edgeClock.setNow("2026-11-18T23:59:00.000-05:00")
        const after = (yield* get(key, path)).body as CutoffBody
        assert.isFalse(after.isOpen, after.message)
        assert.strictEqual(after.windowOpensAt, "2026-11-19T00:00:00-05:00")
        assert.include(after.message, "La ruta está cerrada")
        yield* edgeClock.setNow("2026-11-19T00:00:00.000-05:00")
        const reopened = (yield* get(key, path)).body as CutoffBody
        assert.isTrue(reopened.isOpen, reopened.message)
      }))
  }
)
