/**
 * `createIntegrationClient` against a scripted `fetch`: the requests it sends, how it
 * decodes answers, the `ApiError` of an error answer, and when `createQuotation` tries
 * again (always with the same Idempotency-Key). The real server: test/api-clients.test.ts.
 */
import { assert, describe, it } from "@effect/vitest"
import { ApiError, createIntegrationClient, type FetchLike } from "@quote/api/client"

interface Sent {
  readonly url: string
  readonly method: string
  readonly headers: Record<string, string>
  readonly body: string | undefined
}

type Scripted = { readonly status: number; readonly body: unknown } | "network failure"

/** A `fetch` answering from `script` in order (the last entry repeats), recording each request. */
const scriptedFetch = (script: ReadonlyArray<Scripted>) => {
  const sent: Array<Sent> = []
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, method: init.method, headers: init.headers, body: init.body })
    const step = script[Math.min(sent.length - 1, script.length - 1)]!
    if (step === "network failure") throw new TypeError("fetch failed")
    return { status: step.status, text: async () => typeof step.body === "string" ? step.body : JSON.stringify(step.body) }
  }
  return { fetch, sent }
}

const quotation = {
  id: "7c1d8a52-4b8e-4f7a-9d38-1b1f1b0e2c11",
  code: "COT-000001",
  status: "pending",
  source: "chat",
  total: 45000,
  notes: null,
  routeDate: "2026-11-19",
  clientId: "0b6c3f0e-2a55-4a43-b2f5-3c7e8f1a9d10",
  branch: { id: "5f0e6b1a-8c2d-4e3f-9a4b-6c7d8e9f0a1b", name: "Sede Norte" },
  advisor: null,
  createdAt: "2026-11-18T15:00:00.000Z",
  updatedAt: "2026-11-18T15:00:00.000Z",
  items: [{ productId: null, sku: "ABA-001", name: "Arroz", quantity: 2, unitPrice: 22500, priceType: "price_list", subtotal: 45000 }]
}

const body = { clientId: quotation.clientId, branchId: quotation.branch.id, items: [{ sku: "ABA-001", quantity: 2 }] }

const client = (fetch: FetchLike) =>
  createIntegrationClient({ baseUrl: "https://pedidos.example.com/", apiKey: "svc_test", fetch, createRetry: { initialDelayMs: 1 } })

const errorEnvelope = (code: string, message: string, details?: unknown) => ({ error: { code, message, details } })

describe("createIntegrationClient", () => {
  it("sends the key, the path and the query; decodes the answer with the endpoint's schema", async () => {
    const { fetch, sent } = scriptedFetch([{
      status: 200,
      body: {
        clientId: quotation.clientId,
        priceList: null,
        currency: "COP",
        computedAt: "2026-11-18T15:00:00.000Z",
        catalogSyncedAt: null,
        items: [],
        notFound: { productIds: [], skus: ["X-1"] },
        addedLater: "ignored"
      }
    }])
    const prices = await client(fetch).prices(quotation.clientId, { skus: ["ABA-001", "X-1"], limit: 5 })
    assert.instanceOf(prices.computedAt, Date)
    assert.strictEqual(prices.computedAt.toISOString(), "2026-11-18T15:00:00.000Z")
    assert.deepStrictEqual(prices.notFound.skus, ["X-1"])
    assert.isFalse("addedLater" in prices)
    assert.strictEqual(
      sent[0]!.url,
      `https://pedidos.example.com/api/integrations/clients/${quotation.clientId}/prices?skus=ABA-001%2CX-1&limit=5`
    )
    assert.strictEqual(sent[0]!.method, "GET")
    assert.strictEqual(sent[0]!.headers.authorization, "Bearer svc_test")
  })

  it("an error answer throws an ApiError with status, code, message and details", async () => {
    const { fetch } = scriptedFetch([{ status: 400, body: errorEnvelope("INVALID_PHONE", "Número inválido", { phone: "12" }) }])
    const error = await client(fetch).lookupClients({ phone: "12" }).then(() => undefined, (e: unknown) => e)
    assert.instanceOf(error, ApiError)
    assert.instanceOf(error, Error)
    const apiError = error as ApiError
    assert.strictEqual(apiError.status, 400)
    assert.strictEqual(apiError.code, "INVALID_PHONE")
    assert.strictEqual(apiError.message, "Número inválido")
    assert.deepStrictEqual(apiError.details, { phone: "12" })
  })

  it("an answer that is no envelope still throws an ApiError, coded by its status", async () => {
    const { fetch } = scriptedFetch([{ status: 502, body: "<html>Bad gateway</html>" }])
    const error = await client(fetch).cutoff({ clientId: quotation.clientId }).then(() => undefined, (e: unknown) => e)
    assert.instanceOf(error, ApiError)
    assert.strictEqual((error as ApiError).code, "HTTP_502")
    assert.deepStrictEqual((error as ApiError).details, {})
  })

  it("createQuotation generates one Idempotency-Key and retries a dropped request and a 5xx with it", async () => {
    const { fetch, sent } = scriptedFetch([
      "network failure",
      { status: 503, body: errorEnvelope("SERVICE_UNAVAILABLE", "down") },
      { status: 200, body: { ...quotation, replayed: true } }
    ])
    const created = await client(fetch).createQuotation(body)
    assert.isTrue(created.replayed)
    assert.instanceOf(created.createdAt, Date)
    assert.strictEqual(sent.length, 3)
    const keys = new Set(sent.map((request) => request.headers["idempotency-key"]))
    assert.strictEqual(keys.size, 1)
    assert.match([...keys][0]!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    assert.deepStrictEqual(sent.map((request) => JSON.parse(request.body!)), [body, body, body])
    assert.strictEqual(sent[0]!.headers["content-type"], "application/json")
  })

  it("createQuotation uses the key it is given, and each call without one gets a new key", async () => {
    const { fetch, sent } = scriptedFetch([{ status: 201, body: { ...quotation, replayed: false } }])
    const api = client(fetch)
    await api.createQuotation(body, { idempotencyKey: "order-42" })
    await api.createQuotation(body)
    await api.createQuotation(body)
    const keys = sent.map((request) => request.headers["idempotency-key"])
    assert.strictEqual(keys[0], "order-42")
    assert.notStrictEqual(keys[1], keys[2])
  })

  it("retries are bounded: after the last, the failure surfaces", async () => {
    const { fetch, sent } = scriptedFetch(["network failure"])
    const error = await client(fetch).createQuotation(body).then(() => undefined, (e: unknown) => e)
    assert.instanceOf(error, TypeError)
    assert.strictEqual(sent.length, 4)

    const failing = scriptedFetch([{ status: 500, body: errorEnvelope("INTERNAL_ERROR", "boom") }])
    const serverError = await client(failing.fetch).createQuotation(body).then(() => undefined, (e: unknown) => e)
    assert.strictEqual((serverError as ApiError).status, 500)
    assert.strictEqual(failing.sent.length, 4)
  })

  it("a 4xx answer is final: no retry", async () => {
    const { fetch, sent } = scriptedFetch([
      { status: 422, body: errorEnvelope("ROUTE_CLOSED", "La ruta está cerrada", { nextOpenDate: "2026-11-20" }) }
    ])
    const error = await client(fetch).createQuotation(body).then(() => undefined, (e: unknown) => e)
    assert.strictEqual((error as ApiError).code, "ROUTE_CLOSED")
    assert.strictEqual(sent.length, 1)
  })

  it("reads are not retried", async () => {
    const { fetch, sent } = scriptedFetch(["network failure", { status: 200, body: { ...quotation, replayed: false } }])
    const error = await client(fetch).getQuotation(quotation.id).then(() => undefined, (e: unknown) => e)
    assert.instanceOf(error, TypeError)
    assert.strictEqual(sent.length, 1)
  })
})
