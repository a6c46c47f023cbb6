/**
 * The whole HTTP API as one `HttpApi` value, kept apart from its handlers so clients
 * (the chatbot) can derive a typed client from it without pulling in server code.
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as OpenApi from "effect/http-api/OpenApi"
import { WEBHOOK_API_VERSION } from "@quote/core/webhooks/event-catalog"
import { edgeErrorSchemas, finishDocument } from "./openapi-finish.ts"
import type { Document } from "./openapi-json.ts"
import { AuthApi } from "./auth.ts"
import { ApiKeysApi } from "./api-keys.ts"
import { CatalogApi } from "./catalog.ts"
import { PriceListsApi } from "./price-lists.ts"
import { PromotionsApi } from "./promotions.ts"
import { UsersApi } from "./users.ts"
import { MyCompanyApi } from "./my-company.ts"
import { RoutesApi } from "./routes.ts"
import { ClientsApi } from "./clients.ts"
import { CompaniesApi } from "./companies.ts"
import { QuotationsApi } from "./quotations.ts"
import { IntegrationsApi } from "./integrations.ts"
import { AdvisorApi } from "./advisor.ts"
import { StatsApi } from "./stats.ts"
import { SystemApi } from "./system.ts"
import { WebhooksApi } from "./webhooks.ts"
import { CronWebhooksApi } from "./cron-webhooks.ts"
import { ErpApi } from "./erp.ts"
import { CronErpApi } from "./cron-erp.ts"
import { AuditApi } from "./audit.ts"

const apiDescription = [
  "Backend of a B2B quotation-ordering platform for Colombian distributors. Companies with branches (delivery points) order through a web panel and through a messaging chatbot; the service prices every line itself, accepts orders only while the branch's delivery route is open for orders, pushes signed webhooks to integrators and synchronizes catalog, customers and quotations with the accounting ERP (Siigo).",
  "Credentials: a user's session token (`sessionToken`), an integration API key (`apiKey`, `svc_…`, with scopes) or the scheduler's `cronSecret`; each operation names those it accepts and its description the role or scope it needs.",
  "Every error has the body `{error: {code, message, details?}}`; a request that fails validation is 400 `VALIDATION_ERROR` with `details.issues`. Guide for integrators: `docs/api-contract.md`."
].join("\n\n")

const definition = HttpApi.make("quotation-service")
  .add(SystemApi)
  .add(AuthApi)
  .add(ApiKeysApi)
  .add(CatalogApi)
  .add(PriceListsApi)
  .add(PromotionsApi)
  .add(WebhooksApi)
  .add(CronWebhooksApi)
  .add(UsersApi)
  .add(MyCompanyApi)
  .add(RoutesApi)
  .add(ClientsApi)
  .add(CompaniesApi)
  .add(QuotationsApi)
  .add(IntegrationsApi)
  .add(AdvisorApi)
  .add(StatsApi)
  .add(ErpApi)
  .add(CronErpApi)
  .add(AuditApi)
  // Report every problem of a request at once, not just the first.
  .annotate(HttpApi.ParseOptions, { errors: "all" })
  .annotate(HttpApi.HeadersParseOptions, {})
  .annotate(HttpApi.AdditionalSchemas, edgeErrorSchemas)
  .annotateMerge(OpenApi.annotations({
    title: "Quotation Ordering Service API",
    // The API's version is the date of its last incompatible change (spec "Versioning"), the `apiVersion` of events.
    version: WEBHOOK_API_VERSION,
    description: apiDescription,
    license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" }
  }))

export class QuotationApi extends definition.annotateMerge(OpenApi.annotations({
  transform: (document) => finishDocument(document as Document, definition)
})) {}
