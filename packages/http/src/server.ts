/**
 * Composes the API definition, its handlers, the security middlewares, the docs page,
 * the web console and the edge middleware into one HTTP application, and serves it with Node.
 *
 * Needs from outside: `AppConfig` and a database (`SqlClient`).
 */
import * as Duration from "effect/Duration"
import * as Layer from "effect/Layer"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Sessions } from "@quote/adapters/app/auth/sessions"
import { SessionUsers } from "@quote/adapters/app/auth/session-users"
import { ApiKeys } from "@quote/adapters/app/api-keys/api-keys"
import { ApiKeyVerifier } from "@quote/adapters/app/api-keys/api-key-verifier"
import { Catalog } from "@quote/adapters/app/catalog/catalog"
import { PriceLists } from "@quote/adapters/app/catalog/price-lists"
import { Promotions } from "@quote/adapters/app/catalog/promotions"
import { ApiKeysHandlers } from "./handlers/api-keys.ts"
import { CatalogHandlers } from "./handlers/catalog.ts"
import { PriceListsHandlers } from "./handlers/price-lists.ts"
import { PromotionsHandlers } from "./handlers/promotions.ts"
import { ApiKeyAuthenticationLive, UserOrApiKeyAuthenticationLive } from "./handlers/security/api-key-authentication.ts"
import { RoleOrApiKeyAuthenticationLive } from "./handlers/security/role-or-api-key-authentication.ts"
import { WebhooksLive } from "@quote/adapters/live/webhooks-live"
import { Users } from "@quote/adapters/app/users/users"
import { MyCompany } from "@quote/adapters/app/my-company/my-company"
import { EmailDelivery } from "@quote/adapters/live/email-delivery-live"
import { Routes } from "@quote/adapters/app/routes/routes"
import { ClientCutoff } from "@quote/adapters/app/routes/client-cutoff"
import { Clients } from "@quote/adapters/app/clients/clients"
import { ClientPhones } from "@quote/adapters/app/clients/client-phones"
import { Companies } from "@quote/adapters/app/companies/companies"
import { Branches } from "@quote/adapters/app/companies/branches"
import { AdvisorClients } from "@quote/adapters/app/advisor/advisor-clients"
import { AdvisorCompanies } from "@quote/adapters/app/advisor/advisor-companies"
import { SalesStatistics } from "@quote/adapters/app/stats/sales-statistics"
import { QuotationComments } from "@quote/adapters/app/quotations/quotation-comments"
import { QuotationCreation } from "@quote/adapters/app/quotations/quotation-creation"
import { QuotationReader } from "@quote/adapters/app/quotations/quotation-reader"
import { QuotationStatusChanges } from "@quote/adapters/app/quotations/quotation-status-changes"
import { ClientLookup } from "@quote/adapters/app/integrations/client-lookup"
import { ClientPrices } from "@quote/adapters/app/integrations/client-prices"
import { IntegrationCutoff } from "@quote/adapters/app/integrations/integration-cutoff"
import { ErpServicesLive } from "@quote/adapters/live/erp-live"
import { AuthAdaptersLive } from "@quote/adapters/live/auth-live"
import { QuotationApi } from "@quote/api/api"
import { AuthHandlers } from "./handlers/auth.ts"
import { WebhooksHandlers } from "./handlers/webhooks.ts"
import { CronWebhooksHandlers } from "./handlers/cron-webhooks.ts"
import { UsersHandlers } from "./handlers/users.ts"
import { MyCompanyHandlers } from "./handlers/my-company.ts"
import { RoutesHandlers } from "./handlers/routes.ts"
import { ClientsHandlers } from "./handlers/clients.ts"
import { CompaniesHandlers } from "./handlers/companies.ts"
import { AdvisorHandlers } from "./handlers/advisor.ts"
import { StatsHandlers } from "./handlers/stats.ts"
import { QuotationHandlers } from "./handlers/quotations.ts"
import { IntegrationHandlers } from "./handlers/integrations.ts"
import { ErpHandlers } from "./handlers/erp.ts"
import { CronErpHandlers } from "./handlers/cron-erp.ts"
import { CronAuthenticationLive } from "./handlers/security/cron-authentication.ts"
import { RefreshCookieAuthenticationLive } from "./handlers/security/refresh-cookie-authentication.ts"
import {
  OptionalUserAuthenticationLive,
  SessionAuthenticator,
  UserAuthenticationLive
} from "./handlers/security/user-authentication.ts"
import { SystemHandlers } from "./handlers/system.ts"
import { KeyRateLimit } from "./rate-limit/key-rate-limit.ts"
import type * as SqlClient from "effect/sql/SqlClient"
import type { AppConfig } from "@quote/core/shared/app-config"
import { bodySizeLimit, RequestEnvelope } from "./middleware/request-envelope.ts"
import { EdgeSecurity } from "./middleware/edge-security.ts"
import { AuditHandlers } from "./handlers/audit.ts"
import { AuditTrail } from "@quote/adapters/app/audit/audit-trail"
import { AuditedSqlClient } from "@quote/adapters/infra/database/audited-sql-client"
import { TextBoundary } from "./middleware/text-boundary.ts"
import { lazyDocsRoute } from "./docs-route.ts"
import { MetricsRoute } from "./observability/metrics-route.ts"
import { ConsoleRoute } from "./console/console-route.ts"
import { layerListeningWhenReady } from "./lifecycle/listen-when-ready.ts"
import { Readiness } from "./lifecycle/readiness.ts"

export const openApiPath = "/api/openapi.json"
export const docsPath = "/docs"

/**
 * What the application services share: password hashing and session tokens (`SessionTokens`
 * is also the user middleware's), and the SQL client whose every transaction carries the
 * request's audit context (docs/security.md).
 */
const SharedAdapters = AuthAdaptersLive.pipe(Layer.provideMerge(AuditedSqlClient.layer))

/**
 * A handler group built with the application services it calls, and only those.
 * `HttpApiBuilder` provides a group's whole build context to each of its requests (a
 * copy of every service in it): a group built beside every service of the application
 * copied 84 of them per request (docs/performance.md, "The request path"). A service
 * layer is built once however many groups use it (layers are shared by reference), and
 * always on the shared adapters.
 */
const handlersWith = <A, E, R, S, ES, RS>(group: Layer.Layer<A, E, R>, services: Layer.Layer<S, ES, RS>) =>
  group.pipe(Layer.provide(services.pipe(Layer.provide(SharedAdapters))))

/** The handler groups of `QuotationApi`, each with the services it calls (one per line: features add theirs here). */
const HandlerGroups = Layer.mergeAll(
  SystemHandlers,
  handlersWith(ApiKeysHandlers, ApiKeys.layer),
  handlersWith(CatalogHandlers, Catalog.layer),
  handlersWith(PriceListsHandlers, PriceLists.layer),
  handlersWith(PromotionsHandlers, Promotions.layer),
  handlersWith(WebhooksHandlers, WebhooksLive),
  handlersWith(CronWebhooksHandlers, WebhooksLive),
  handlersWith(UsersHandlers, Users.layer),
  handlersWith(MyCompanyHandlers, Layer.mergeAll(MyCompany.layer, ClientPrices.layer)),
  handlersWith(RoutesHandlers, Layer.mergeAll(Routes.layer, ClientCutoff.layer)),
  handlersWith(ClientsHandlers, Layer.mergeAll(Clients.layer, ClientPhones.layer)),
  handlersWith(CompaniesHandlers, Layer.mergeAll(Companies.layer, Branches.layer)),
  handlersWith(AdvisorHandlers, Layer.mergeAll(AdvisorClients.layer, AdvisorCompanies.layer)),
  handlersWith(StatsHandlers, SalesStatistics.layer),
  handlersWith(
    QuotationHandlers,
    Layer.mergeAll(QuotationCreation.layer, QuotationReader.layer, QuotationStatusChanges.layer, QuotationComments.layer)
  ),
  handlersWith(
    IntegrationHandlers,
    Layer.mergeAll(ClientLookup.layer, IntegrationCutoff.layer, ClientPrices.layer, QuotationCreation.layer, QuotationReader.layer)
  ),
  handlersWith(ErpHandlers, ErpServicesLive),
  handlersWith(CronErpHandlers, ErpServicesLive),
  handlersWith(AuthHandlers, Sessions.layer),
  handlersWith(AuditHandlers, AuditTrail.layer)
)

/** What runs in the background whatever is asked: the e-mail outbox's sender. */
const BackgroundWorkers = EmailDelivery().pipe(Layer.provide(SharedAdapters))

const SecurityMiddlewares = Layer.mergeAll(
  UserAuthenticationLive,
  OptionalUserAuthenticationLive,
  ApiKeyAuthenticationLive,
  UserOrApiKeyAuthenticationLive,
  RoleOrApiKeyAuthenticationLive,
  CronAuthenticationLive,
  RefreshCookieAuthenticationLive
).pipe(
  Layer.provide(SessionAuthenticator.layer),
  Layer.provide(Layer.mergeAll(ApiKeyVerifier.layer, SessionUsers.layer).pipe(Layer.provideMerge(SharedAdapters)))
)

const ApiRoutes = HttpApiBuilder.layer(QuotationApi, { openapiPath: openApiPath }).pipe(
  Layer.provide(HandlerGroups),
  // Middleware layers go after the handler groups (the server layer does not type-check otherwise).
  Layer.provide(SecurityMiddlewares),
  Layer.provide(TextBoundary.layer)
)

/** The docs page: Scalar's bundled script, served from this process (no CDN, no web fonts), loaded on first use. */
const DocsRoute = lazyDocsRoute(QuotationApi, { path: docsPath, scalar: { withDefaultFonts: false } })

/**
 * Every route plus the edge middleware. A global middleware added first wraps the ones
 * added after it, so `EdgeSecurity` (provided, hence built first) is the outermost and
 * its headers reach the envelope's error responses too.
 */
export const AppRoutes = Layer.mergeAll(ApiRoutes, BackgroundWorkers, DocsRoute, MetricsRoute, ConsoleRoute, RequestEnvelope).pipe(
  Layer.provideMerge(EdgeSecurity)
)

export interface ServeOptions {
  /** How long closing waits for requests in flight (`SHUTDOWN_TIMEOUT_SECONDS`); 20 s by default. */
  readonly shutdownTimeoutSeconds?: number | undefined
  /** Log the listener's close (the service's process). */
  readonly logClose?: boolean | undefined
  /** The per-key rate limit (`rate-limit/key-rate-limit.ts`); a benchmark swaps it. */
  readonly keyRateLimit?: Layer.Layer<KeyRateLimit, never, SqlClient.SqlClient | AppConfig> | undefined
}

/**
 * The HTTP server on `port` (0 picks a free port, for tests), listening once every route
 * and service is built (`lifecycle/listen-when-ready.ts`); also provides the `HttpServer`
 * service, whose `address` tells the port actually bound, and `Readiness`, which
 * `/api/ready` reads and the process's shutdown flips (`lifecycle/graceful-shutdown.ts`).
 */
export const serveOn = (port: number, options: ServeOptions = {}) =>
  HttpRouter.serve(AppRoutes, { disableLogger: true, disableListenLog: true }).pipe(
    Layer.provide(bodySizeLimit),
    Layer.provide(options.keyRateLimit ?? KeyRateLimit.layer),
    Layer.provideMerge(layerListeningWhenReady({
      port,
      host: "0.0.0.0",
      shutdownTimeout: Duration.seconds(options.shutdownTimeoutSeconds ?? 20),
      logClose: options.logClose
    })),
    Layer.provideMerge(Readiness.layer)
  )
