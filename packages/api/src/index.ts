/**
 * `@quote/api`: the service's HTTP contract.
 *
 * - `QuotationApi`: the whole `HttpApi` definition. Effect users derive a typed client
 *   from it: `HttpApiClient.make(QuotationApi, { baseUrl })`.
 * - `openApiDocument()`: its OpenAPI 3.1 document, without a server.
 * - The error envelope every error answer has.
 *
 * Everyone else: `createIntegrationClient` from `@quote/api/client` (promises, `fetch`).
 * Each group is also importable on its own (`@quote/api/integrations`, …).
 */
export { QuotationApi } from "./api.ts"
export { openApiDocument } from "./openapi.ts"
export { ErrorBody, ErrorEnvelope } from "./error-envelope.ts"
