/**
 * `GET /metrics`: every metric in the Prometheus text exposition format, on the API
 * port, for a scraper (docs/operations.md, "Metrics and alerts"). Open by default, like
 * `/api/health`; with `METRICS_TOKEN` set it requires `Authorization: Bearer <token>`
 * and answers 401 otherwise. Not part of the API (no OpenAPI entry, no `/api` prefix).
 *
 * A scrape first reads the gauges that live elsewhere — the database backlog
 * (`ScrapeGauges`) and the process figures (`RuntimeMetrics`) — then formats the
 * registry with Effect's `PrometheusMetrics`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
// The module, not the package index, which loads every OTLP exporter too.
import * as PrometheusMetrics from "effect/observability/PrometheusMetrics"
import { timingSafeEqual } from "node:crypto"
import { ScrapeGauges } from "@quote/adapters/app/observability/scrape-gauges"
import { envelope } from "@quote/api/error-envelope"
import { AppConfig } from "@quote/core/shared/app-config"
import { RuntimeMetrics } from "./runtime-metrics.ts"

export const metricsPath = "/metrics"

const contentType = "text/plain; version=0.0.4; charset=utf-8"

const bearerMatches = (header: string | undefined, token: Redacted.Redacted<string>): boolean => {
  if (header === undefined || !header.startsWith("Bearer ")) return false
  const given = Buffer.from(header.slice("Bearer ".length).trim())
  const expected = Buffer.from(Redacted.value(token))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const unauthorized = HttpServerResponse.jsonUnsafe(
  envelope("UNAUTHORIZED", "Send Authorization: Bearer <METRICS_TOKEN> to read the metrics"),
  { status: 401, headers: { "www-authenticate": "Bearer" } }
)

const MetricsRouteNoDeps = HttpRouter.use(Effect.fnUntraced(function*(router) {
  const settings = yield* AppConfig
  const gauges = yield* ScrapeGauges
  const runtime = yield* RuntimeMetrics
  const handler = Effect.gen(function*() {
    if (Option.isSome(settings.metricsToken)) {
      const request = yield* HttpServerRequest.HttpServerRequest
      if (!bearerMatches(request.headers["authorization"], settings.metricsToken.value)) return unauthorized
    }
    yield* gauges.refresh
    yield* runtime.sample
    return HttpServerResponse.text(yield* PrometheusMetrics.format(), { contentType })
  })
  yield* router.add("GET", metricsPath, handler)
}))

/** The route; needs `AppConfig` and the database from outside. */
export const MetricsRoute = MetricsRouteNoDeps.pipe(
  Layer.provide(Layer.mergeAll(ScrapeGauges.layer, RuntimeMetrics.layer))
)
