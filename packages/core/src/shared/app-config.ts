/**
 * The service's settings as the use cases see them: a port, so application code never
 * reaches the adapter that reads them (`@quote/adapters/infra/config/app-config.ts` loads
 * and validates them from the environment once at start: `AppConfigLive`).
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE } from "../api-keys/rate-limit.ts"

export const AppEnvironment = Schema.Literals(["development", "test", "production"])
export type AppEnvironment = typeof AppEnvironment.Type

export interface AppSettings {
  readonly environment: AppEnvironment
  readonly port: number
  /** Postgres URL; `None` means the embedded database in `dataDir`. */
  readonly databaseUrl: Option.Option<Redacted.Redacted<string>>
  /**
   * `DATABASE_POOL_MODE`: `transaction` when `databaseUrl` is a transaction pooler
   * (PgBouncer, Supabase's and Neon's pooled URLs): nothing outlives a transaction
   * (docs/operations.md, "Behind a connection pooler").
   */
  readonly databasePoolMode: DatabasePoolMode
  /** `DATABASE_DIRECT_URL`: PostgreSQL itself, for migrations and `LISTEN` in transaction mode. */
  readonly databaseDirectUrl: Option.Option<Redacted.Redacted<string>>
  readonly dataDir: string
  readonly sessionSecret: Redacted.Redacted<string>
  readonly cronSecret: Option.Option<Redacted.Redacted<string>>
  readonly adminPassword: Option.Option<Redacted.Redacted<string>>
  readonly adminNotificationEmail: Option.Option<string>
  readonly smtpUrl: Option.Option<Redacted.Redacted<string>>
  readonly mailFrom: string
  readonly erpDefaultSellerId: Option.Option<number>
  /** Lets webhooks reach loopback and `http://`; forced off in production. */
  readonly webhookAllowPrivateTargets: boolean
  /** Webhook requests in flight at once in this process, all endpoints together. */
  readonly webhookMaxInFlight: number
  /** Webhook requests in flight at once to one endpoint, in this process. */
  readonly webhookMaxInFlightPerEndpoint: number
  /** Days of nothing but failed attempts after which an endpoint is disabled (`failing`). */
  readonly webhookDisableAfterDays: number
  /** Login throttling (docs/security.md): failures per account and per address inside the window. */
  readonly loginMaxFailuresPerAccount: number
  readonly loginMaxFailuresPerAddress: number
  readonly loginFailureWindowMinutes: number
  /** Proxies in front of the service whose `X-Forwarded-For` hop is believed (0: none). */
  readonly trustProxy: number
  /** Browser origins allowed by CORS (`CORS_ORIGINS`; a port may be `*`). */
  readonly corsOrigins: ReadonlyArray<string>
  /** `METRICS_TOKEN`: when set, `/metrics` requires `Authorization: Bearer <token>`. */
  readonly metricsToken: Option.Option<Redacted.Redacted<string>>
  /** OpenTelemetry export; none without `OTEL_EXPORTER_OTLP_ENDPOINT` (docs/operations.md). */
  readonly telemetry: Option.Option<TelemetrySettings>
  /** `CONSOLE_DIR`: the web console's build to serve at `/`; `None` is `packages/web/dist` (docs/console.md). */
  readonly consoleDir: Option.Option<string>
  /** Requests per minute of an API key without a limit of its own (docs/api-keys.md, "Rate limits"). */
  readonly apiKeyRateLimitPerMinute: number
  /** Seconds the process keeps serving after SIGTERM, `/api/ready` answering 503 (docs/operations.md). */
  readonly shutdownDelaySeconds: number
  /** Seconds it then waits for requests in flight before cutting them. */
  readonly shutdownTimeoutSeconds: number
}

export const DatabasePoolMode = Schema.Literals(["session", "transaction"])
export type DatabasePoolMode = typeof DatabasePoolMode.Type

/** Where and as what traces and logs are exported over OTLP/HTTP (the standard `OTEL_*` variables). */
export interface TelemetrySettings {
  /** `OTEL_EXPORTER_OTLP_ENDPOINT`: the collector's base URL; `/v1/traces` and `/v1/logs` are appended. */
  readonly endpoint: string
  /** `OTEL_SERVICE_NAME`, else `service.name` of the attributes, else `quotation-service`. */
  readonly serviceName: string
  /** `OTEL_RESOURCE_ATTRIBUTES` (`key=value,…`, percent-decoded). */
  readonly resourceAttributes: Readonly<Record<string, string>>
  /** `OTEL_EXPORTER_OTLP_HEADERS` (`key=value,…`, percent-decoded), sent with every export. */
  readonly headers: Readonly<Record<string, string>>
  /** `OTEL_EXPORTER_OTLP_PROTOCOL`: `http/protobuf` (the default) or `http/json`. */
  readonly protocol: "http/protobuf" | "http/json"
}

/**
 * Webhook requests in flight (docs/webhooks.md): 50 per endpoint (two claims of 25 overlap
 * for a busy receiver), and room for all 10 endpoints (the spec's limit) at their limit
 * at once, so slow receivers can never take a healthy one's slots.
 */
export const DEFAULT_WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT = 50
export const DEFAULT_WEBHOOK_MAX_IN_FLIGHT = 500
/** An endpoint failing every attempt this many days in a row is disabled (docs/webhooks.md). */
export const DEFAULT_WEBHOOK_DISABLE_AFTER_DAYS = 5

export class AppConfig extends Context.Service<AppConfig, AppSettings>()("@quote/core/AppConfig") {
  /** Fixed settings, for tests that build the app in-process. */
  static readonly layerTest = (overrides: Partial<AppSettings> = {}) =>
    Layer.succeed(AppConfig, {
      environment: "test",
      port: 0,
      databaseUrl: Option.none(),
      databasePoolMode: "session",
      databaseDirectUrl: Option.none(),
      dataDir: "./.data",
      sessionSecret: Redacted.make("test-session-secret-of-sufficient-length"),
      cronSecret: Option.some(Redacted.make("test-cron-secret")),
      adminPassword: Option.some(Redacted.make("admin-password")),
      adminNotificationEmail: Option.none(),
      smtpUrl: Option.none(),
      mailFrom: "Cotizaciones <no-reply@example.com>",
      erpDefaultSellerId: Option.none(),
      webhookAllowPrivateTargets: true,
      webhookMaxInFlight: DEFAULT_WEBHOOK_MAX_IN_FLIGHT,
      webhookMaxInFlightPerEndpoint: DEFAULT_WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT,
      webhookDisableAfterDays: DEFAULT_WEBHOOK_DISABLE_AFTER_DAYS,
      loginMaxFailuresPerAccount: 10,
      loginMaxFailuresPerAddress: 50,
      loginFailureWindowMinutes: 15,
      trustProxy: 0,
      corsOrigins: [],
      metricsToken: Option.none(),
      telemetry: Option.none(),
      consoleDir: Option.none(),
      apiKeyRateLimitPerMinute: DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE,
      shutdownDelaySeconds: 0,
      shutdownTimeoutSeconds: 20,
      ...overrides
    })
}
