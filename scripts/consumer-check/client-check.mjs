// Runs in the consumer project against a started server (through the dropping proxy):
// the promise client and an Effect client derived from the published contract. Prints
// one JSON object on stdout for the orchestrator to judge.
import { ApiError, createIntegrationClient } from "@quote/api/client"
import { QuotationApi } from "@quote/api"
import { Effect } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"

const [baseUrl, apiKey, phone] = process.argv.slice(2)
const api = createIntegrationClient({ baseUrl, apiKey, createRetry: { initialDelayMs: 50 } })

const found = await api.lookupClients({ phone })
const { clientId, defaultBranchId: branchId } = found.matches[0]
const cutoff = await api.cutoff({ clientId })
let invalidPhone = null
try {
  await api.lookupClients({ phone: "12" })
} catch (error) {
  invalidPhone = { isApiError: error instanceof ApiError, status: error.status, code: error.code }
}
// The proxy drops the answer of this request's first attempt.
const created = await api.createQuotation({ clientId, branchId, items: [{ sku: "ABA-001", quantity: 1 }] })

const effectCutoff = await Effect.gen(function*() {
  const client = yield* HttpApiClient.make(QuotationApi, {
    baseUrl,
    transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(apiKey))
  })
  return yield* client.integrations.cutoff({ query: { clientId } })
}).pipe(Effect.provide(FetchHttpClient.layer), Effect.runPromise)

console.log(JSON.stringify({
  matchCount: found.matchCount,
  cutoff: { branchId: cutoff.branchId, isOpen: cutoff.isOpen },
  invalidPhone,
  created: { id: created.id, replayed: created.replayed, createdAtIsDate: created.createdAt instanceof Date },
  effectCutoff: { branchId: effectCutoff.branchId, isOpen: effectCutoff.isOpen }
}))
