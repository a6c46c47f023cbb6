/**
 * `@quote/api/client`: the chatbot integration API as plain promises.
 *
 *   import { ApiError, createIntegrationClient } from "@quote/api/client"
 *   const api = createIntegrationClient({ baseUrl: "https://pedidos.example.com", apiKey: "svc_…" })
 *   const { matches } = await api.lookupClients({ phone: "3001234567" })
 *
 * No `node:` module: it needs only `fetch` (or the one passed in) and `crypto.randomUUID`.
 */
export { ApiError } from "./client/api-error.ts"
export type { RetryPolicy } from "./client/create-retry.ts"
export {
  type BranchCutoff,
  type ClientLookup,
  type ClientPrices,
  createIntegrationClient,
  type CreatedQuotation,
  type CreateQuotationBody,
  type FetchLike,
  type FetchResponseLike,
  type IntegrationClient,
  type IntegrationClientOptions,
  type IntegrationQuotation,
  type PriceQuery
} from "./client/integration-client.ts"
