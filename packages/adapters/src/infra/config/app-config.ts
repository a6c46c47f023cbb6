/**
 * The service's settings, read from the environment (and an optional `.env`) once at
 * start and validated there, so a bad value stops the process with one line naming it
 * instead of failing later on a request. See CONTRACT.md "Running it".
 */
import * as Config from "effect/Config"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as FileSystem from "effect/FileSystem"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Path from "effect/Path"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import { randomBytes } from "node:crypto"
import {
  AppConfig,
  AppEnvironment,
  type AppSettings,
  DatabasePoolMode,
  DEFAULT_WEBHOOK_DISABLE_AFTER_DAYS,
  DEFAULT_WEBHOOK_MAX_IN_FLIGHT,
  DEFAULT_WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT
} from "@quote/core/shared/app-config"
import { DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE, MAX_RATE_LIMIT_PER_MINUTE } from "@quote/core/api-keys/rate-limit"
import { corsEntryProblem, defaultCorsOrigins, parseCorsOrigins } from "@quote/core/security/cors-origins"
import { telemetrySettings } from "./telemetry-settings.ts"

/** A configuration problem, rendered as the one line the process prints before exiting. */
export class ConfigurationError extends Schema.TaggedError<ConfigurationError>()("ConfigurationError", {
  message: Schema.String
}) {}

const optionalSecret = (name: string) => Config.option(Config.Redacted(name))
const optionalString = (name: string) => Config.option(Config.NonEmptyString(name))

/** A whole number of requests in flight, from the environment. */
const inFlightLimit = (name: string, defaultValue: number) =>
  Config.schema(Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 10_000 })), name).pipe(
    Config.withDefault(defaultValue)
  )

const rawSettings = Config.all({
  environment: Config.schema(AppEnvironment, "APP_ENV").pipe(Config.withDefault("development" as const)),
  port: Config.Port("PORT").pipe(Config.withDefault(3000)),
  databaseUrl: optionalSecret("DATABASE_URL"),
  databasePoolMode: Config.schema(DatabasePoolMode, "DATABASE_POOL_MODE").pipe(Config.withDefault("session" as const)),
  databaseDirectUrl: optionalSecret("DATABASE_DIRECT_URL"),
  dataDir: Config.NonEmptyString("DATA_DIR").pipe(Config.withDefault("./.data")),
  sessionSecret: optionalSecret("SESSION_SECRET"),
  cronSecret: optionalSecret("CRON_SECRET"),
  adminPassword: optionalSecret("ADMIN_PASSWORD"),
  adminNotificationEmail: optionalString("ADMIN_NOTIFICATION_EMAIL"),
  smtpUrl: optionalSecret("SMTP_URL"),
  mailFrom: Config.NonEmptyString("MAIL_FROM").pipe(Config.withDefault("Cotizaciones <no-reply@example.com>")),
  erpDefaultSellerId: Config.option(Config.Int("ERP_DEFAULT_SELLER_ID")),
  webhookAllowPrivateTargets: Config.Boolean("WEBHOOK_ALLOW_PRIVATE_TARGETS").pipe(Config.withDefault(false)),
  webhookMaxInFlight: inFlightLimit("WEBHOOK_MAX_IN_FLIGHT", DEFAULT_WEBHOOK_MAX_IN_FLIGHT),
  webhookMaxInFlightPerEndpoint: inFlightLimit("WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT", DEFAULT_WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT),
  webhookDisableAfterDays: Config.schema(
    Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 30 })),
    "WEBHOOK_DISABLE_AFTER_DAYS"
  ).pipe(Config.withDefault(DEFAULT_WEBHOOK_DISABLE_AFTER_DAYS)),
  loginMaxFailuresPerAccount: wholeNumber("LOGIN_MAX_FAILURES_PER_ACCOUNT", 1, 1_000_000, 10),
  loginMaxFailuresPerAddress: wholeNumber("LOGIN_MAX_FAILURES_PER_ADDRESS", 1, 1_000_000, 50),
  loginFailureWindowMinutes: wholeNumber("LOGIN_FAILURE_WINDOW_MINUTES", 1, 24 * 60, 15),
  trustProxy: wholeNumber("TRUST_PROXY", 0, 10, 0),
  corsOrigins: Config.option(Config.String("CORS_ORIGINS")),
  metricsToken: optionalSecret("METRICS_TOKEN"),
  consoleDir: optionalString("CONSOLE_DIR"),
  apiKeyRateLimitPerMinute: wholeNumber(
    "API_KEY_RATE_LIMIT_PER_MINUTE",
    1,
    MAX_RATE_LIMIT_PER_MINUTE,
    DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE
  ),
  shutdownDelaySeconds: wholeNumber("SHUTDOWN_DELAY_SECONDS", 0, 600, 5),
  shutdownTimeoutSeconds: wholeNumber("SHUTDOWN_TIMEOUT_SECONDS", 0, 600, 20)
})

/** A whole number within bounds, from the environment. */
function wholeNumber(name: string, minimum: number, maximum: number, defaultValue: number) {
  return Config.schema(Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum, maximum })), name).pipe(
    Config.withDefault(defaultValue)
  )
}

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

/** One line naming each offending variable and what is wrong with it. */
const describeConfigError = (error: Config.ConfigError): string => {
  const cause = error.cause
  const problems = Schema.isSchemaError(cause)
    ? formatIssues(cause.issue).issues.map((issue) =>
      `${(issue.path ?? []).map(String).join(".")}: ${issue.message}`
    )
    : [cause.message]
  return `Invalid configuration: ${problems.join("; ").replace(/\s+/g, " ")}`
}

const nonEmptySecret = (secret: Option.Option<Redacted.Redacted<string>>) =>
  Option.filter(secret, (value) => Redacted.value(value).trim() !== "")

/**
 * In development a session secret is generated once and kept in the data dir, so
 * sessions survive restarts without anyone having to invent a secret.
 */
const developmentSessionSecret = Effect.fnUntraced(function*(dataDir: string) {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const file = path.join(dataDir, "session-secret")
  const existing = yield* fs.readFileString(file).pipe(Effect.option)
  if (Option.isSome(existing) && existing.value.trim() !== "") {
    return Redacted.make(existing.value.trim())
  }
  const secret = randomBytes(48).toString("base64url")
  yield* fs.makeDirectory(dataDir, { recursive: true })
  yield* fs.writeFileString(file, `${secret}\n`, { mode: 0o600 })
  return Redacted.make(secret)
})

/** Reads and validates the settings; fails with one line naming the offending variable. */
export const loadAppSettings: Effect.Effect<
  AppSettings,
  ConfigurationError,
  FileSystem.FileSystem | Path.Path
> = Effect.gen(function*() {
  const raw = yield* rawSettings.pipe(
    Effect.mapError((error) => new ConfigurationError({ message: describeConfigError(error) }))
  )
  const databaseUrl = nonEmptySecret(raw.databaseUrl)
  const requiresExplicitResources = raw.environment !== "development"
  if (requiresExplicitResources && Option.isNone(databaseUrl)) {
    return yield* new ConfigurationError({
      message: `DATABASE_URL is required when APP_ENV=${raw.environment}; refusing to start without it`
    })
  }
  const givenSecret = nonEmptySecret(raw.sessionSecret)
  if (requiresExplicitResources && Option.isNone(givenSecret)) {
    return yield* new ConfigurationError({
      message: `SESSION_SECRET is required when APP_ENV=${raw.environment}; refusing to start without it`
    })
  }
  const sessionSecret = Option.isSome(givenSecret)
    ? givenSecret.value
    : yield* developmentSessionSecret(raw.dataDir).pipe(
      Effect.mapError((error) =>
        new ConfigurationError({
          message: `Cannot keep the development session secret in DATA_DIR=${raw.dataDir}: ${error.message}`
        })
      )
    )
  const corsOrigins = Option.match(raw.corsOrigins, {
    onNone: () => defaultCorsOrigins(raw.environment),
    onSome: parseCorsOrigins
  })
  const badOrigin = corsOrigins.map(corsEntryProblem).find((problem) => problem !== null)
  if (badOrigin !== undefined && badOrigin !== null) {
    return yield* new ConfigurationError({ message: `Invalid configuration: CORS_ORIGINS: ${badOrigin}` })
  }
  const telemetry = yield* telemetrySettings.pipe(
    Effect.mapError((error) => new ConfigurationError({ message: describeConfigError(error) })),
    Effect.flatMap(Effect.mapError((error) => new ConfigurationError({ message: error.message })))
  )
  return {
    ...raw,
    corsOrigins,
    telemetry,
    metricsToken: nonEmptySecret(raw.metricsToken),
    databaseUrl,
    databaseDirectUrl: nonEmptySecret(raw.databaseDirectUrl),
    sessionSecret,
    cronSecret: nonEmptySecret(raw.cronSecret),
    adminPassword: nonEmptySecret(raw.adminPassword),
    smtpUrl: nonEmptySecret(raw.smtpUrl),
    webhookAllowPrivateTargets: raw.environment !== "production" && raw.webhookAllowPrivateTargets
  }
})

/** Environment variables first, then an optional `.env` in the working directory. */
export const environmentConfigProvider: Effect.Effect<ConfigProvider.ConfigProvider, never, FileSystem.FileSystem> =
  ConfigProvider.fromDotEnv({ path: ".env" }).pipe(
    Effect.map((dotEnv) => ConfigProvider.orElse(ConfigProvider.fromEnv(), dotEnv)),
    Effect.orElseSucceed(() => ConfigProvider.fromEnv())
  )

/** `AppConfig` from the process environment (and `.env`). */
export const AppConfigLive = Layer.effect(AppConfig, loadAppSettings).pipe(
  Layer.provide(ConfigProvider.layer(environmentConfigProvider))
)
