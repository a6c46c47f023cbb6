/**
 * `http_requests_total` and `http_request_duration_seconds` for every request, labelled
 * with the route template the router matched (`/api/quotations/:id`), or `unmatched`
 * for a request no route took — never the raw path, so the number of series stays
 * bounded whatever clients send. Methods outside the standard set are `OTHER`.
 *
 * Called once per request by the envelope: three map lookups and two additions on
 * series created on first use; nothing is allocated (docs/performance.md).
 */
import * as Context from "effect/Context"
import * as Metric from "effect/Metric"
import * as HttpRouter from "effect/http/HttpRouter"
import { httpRequestDurationSeconds, httpRequestsTotal, recordUnsafe } from "@quote/core/observability/service-metrics"

export const UNMATCHED_ROUTE = "unmatched"

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

interface RequestSeries {
  readonly requests: Metric.Metric<number, unknown>
  readonly duration: Metric.Metric<number, unknown>
}

/** method → route → status → series. */
const seriesByMethod = new Map<string, Map<string, Map<number, RequestSeries>>>()

const seriesOf = (method: string, route: string, status: number): RequestSeries => {
  let byRoute = seriesByMethod.get(method)
  if (byRoute === undefined) seriesByMethod.set(method, byRoute = new Map())
  let byStatus = byRoute.get(route)
  if (byStatus === undefined) byRoute.set(route, byStatus = new Map())
  let series = byStatus.get(status)
  if (series === undefined) {
    const labels = { method, route, status: String(status) }
    series = {
      requests: Metric.withAttributes(httpRequestsTotal, labels),
      duration: Metric.withAttributes(httpRequestDurationSeconds, labels)
    }
    byStatus.set(status, series)
  }
  return series
}

/** The template of the route that handled the request, from the context the router set. */
export const matchedRouteOf = (context: Context.Context<never>): string => {
  const routed = Context.getOrUndefined(context, HttpRouter.RouteContext)
  return routed === undefined ? UNMATCHED_ROUTE : routed.route.path
}

/**
 * The console's catch-all route (`packages/http/src/console/console-route.ts`) takes
 * every GET path; one it answers 404 (an unknown `/api/…` path, a missing asset) is a
 * request no route took, as before the console.
 */
const catchAllRoute = "/*"

export const recordRequest = (method: string, route: string, status: number, seconds: number): void => {
  const label = route === catchAllRoute && status === 404 ? UNMATCHED_ROUTE : route
  const series = seriesOf(knownMethods.has(method) ? method : "OTHER", label, status)
  recordUnsafe(series.requests, 1)
  recordUnsafe(series.duration, seconds)
}
