/**
 * OpenTelemetry export of traces and logs over OTLP/HTTP, with Effect's own exporters
 * (`effect/observability`), when `OTEL_EXPORTER_OTLP_ENDPOINT` is set
 * (docs/operations.md). Traces: one server span per request (Effect's HTTP server opens
 * it once a real tracer is installed; the router adds `http.route`, the envelope
 * `http.request.id`), with the services' `Effect.fn` spans below it. Logs: every log
 * line, besides the console, carrying the trace and span ids of the request.
 *
 * Without the endpoint this layer is empty: Effect keeps its native tracer, the HTTP
 * server opens no request span, and nothing is sent or buffered.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { AppConfig, type TelemetrySettings } from "@quote/core/shared/app-config"

const signalUrl = (endpoint: string, signal: "traces" | "logs") =>
  `${endpoint.replace(/\/+$/, "")}/v1/${signal}`

/** The exporters are loaded only when configured: an idle process without them stays smaller. */
const exportersFor = Effect.fnUntraced(function*(telemetry: TelemetrySettings) {
  const [OtlpLogger, OtlpSerialization, OtlpTracer] = yield* Effect.promise(() =>
    Promise.all([
      import("effect/observability/OtlpLogger"),
      import("effect/observability/OtlpSerialization"),
      import("effect/observability/OtlpTracer")
    ])
  )
  const resource = { serviceName: telemetry.serviceName, attributes: telemetry.resourceAttributes }
  return Layer.mergeAll(
    OtlpTracer.layer({ url: signalUrl(telemetry.endpoint, "traces"), resource, headers: telemetry.headers }),
    OtlpLogger.layer({ url: signalUrl(telemetry.endpoint, "logs"), resource, headers: telemetry.headers })
  ).pipe(
    Layer.provide(telemetry.protocol === "http/json" ? OtlpSerialization.layerJson : OtlpSerialization.layerProtobuf),
    Layer.provide(FetchHttpClient.layer)
  )
})

export const TelemetryLive = Layer.unwrap(Effect.flatMap(AppConfig, (settings) =>
  Option.match(settings.telemetry, {
    onNone: () => Effect.succeed(Layer.empty),
    onSome: exportersFor
  })
))
