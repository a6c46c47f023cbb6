/**
 * The OpenTelemetry settings, from the standard variables: export is on exactly when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set (and `OTEL_SDK_DISABLED` is not `true`).
 */
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { TelemetrySettings } from "@quote/core/shared/app-config"
import { parseKeyValueList } from "@quote/core/observability/otel-key-values"

const DEFAULT_SERVICE_NAME = "quotation-service"

export class TelemetrySettingsError extends Schema.TaggedError<TelemetrySettingsError>()("TelemetrySettingsError", {
  message: Schema.String
}) {}

const keyValues = (name: string, text: Option.Option<string>) => {
  if (Option.isNone(text)) return Effect.succeed({})
  const parsed = parseKeyValueList(text.value)
  return parsed._tag === "Parsed"
    ? Effect.succeed(parsed.entries)
    : Effect.fail(new TelemetrySettingsError({ message: `Invalid configuration: ${name}: "${parsed.entry}" is not valid percent-encoding` }))
}

/** `None` when nothing is to be exported; fails with one line on a malformed value. */
export const telemetrySettings = Config.all({
  endpoint: Config.option(Config.URL("OTEL_EXPORTER_OTLP_ENDPOINT")),
  disabled: Config.Boolean("OTEL_SDK_DISABLED").pipe(Config.withDefault(false)),
  serviceName: Config.option(Config.NonEmptyString("OTEL_SERVICE_NAME")),
  resourceAttributes: Config.option(Config.String("OTEL_RESOURCE_ATTRIBUTES")),
  headers: Config.option(Config.String("OTEL_EXPORTER_OTLP_HEADERS")),
  protocol: Config.Literals(["http/protobuf", "http/json"], "OTEL_EXPORTER_OTLP_PROTOCOL").pipe(
    Config.withDefault("http/protobuf" as const)
  )
}).pipe(Config.map((raw) =>
  Effect.gen(function*() {
    if (raw.disabled || Option.isNone(raw.endpoint)) return Option.none<TelemetrySettings>()
    const resourceAttributes: Record<string, string> = yield* keyValues("OTEL_RESOURCE_ATTRIBUTES", raw.resourceAttributes)
    const headers = yield* keyValues("OTEL_EXPORTER_OTLP_HEADERS", raw.headers)
    return Option.some<TelemetrySettings>({
      endpoint: raw.endpoint.value.toString(),
      serviceName: Option.getOrElse(raw.serviceName, () => resourceAttributes["service.name"] ?? DEFAULT_SERVICE_NAME),
      resourceAttributes,
      headers,
      protocol: raw.protocol
    })
  })
))
