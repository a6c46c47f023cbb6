/**
 * The whole HTTP API as one `HttpApi` value, kept apart from its handlers so clients
 * (the chatbot) can derive a typed client from it without pulling in server code.
 */
import { HttpApi, OpenApi } from "effect/http-api"
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

export class QuotationApi extends HttpApi.make("quotation-service")
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
  .annotateMerge(OpenApi.annotations({
    title: "Quotation Ordering Service",
    version: "1.0.0",
    description: "B2B quotation ordering: route cutoff windows, server-side pricing, the chatbot integration API, signed webhooks and ERP (Siigo) synchronization. Every error has the body `{error: {code, message, details?}}`."
  }))
{}
