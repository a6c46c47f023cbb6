/**
 * Every metric the service exports (issue #15): the names Prometheus scrapes at
 * `/metrics` and the alerts in docs/operations.md refer to, in one place. Labels are
 * bounded: route templates, outcomes, statuses — never ids, paths or free text.
 *
 * The metrics live in Effect's default registry. Code inside an effect records with
 * `Metric.update`; the hot paths (every HTTP request, every API key verification)
 * record with `recordUnsafe` on series created once (`SeriesByLabel`), which costs a
 * map lookup and an addition — nothing allocated per request.
 */
import * as Context from "effect/Context"
import * as Metric from "effect/Metric"

/** Request durations: 1 ms to 10 s (the integration endpoints answer in a few ms). */
const requestSeconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Webhook attempts: up to the 8 s receiver time-out. */
const attemptSeconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 8, 10]
/** ERP runs: seconds to the 20-minute budget. */
const syncSeconds = [1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800]

export const httpRequestsTotal = Metric.counter("http_requests_total", {
  description: "HTTP requests answered, by method, route template and status",
  incremental: true
})
export const httpRequestDurationSeconds = Metric.histogram("http_request_duration_seconds", {
  description: "Time from receiving a request to its response, by method, route template and status",
  boundaries: requestSeconds
})

export const webhookDeliveriesPending = Metric.gauge("webhook_deliveries_pending", {
  description: "Webhook deliveries waiting for an attempt (read at scrape time)"
})
export const webhookOldestPendingAgeSeconds = Metric.gauge("webhook_oldest_pending_age_seconds", {
  description: "Age of the oldest pending webhook delivery's event, 0 when none (read at scrape time)"
})
export const webhookDeliveryAttemptsTotal = Metric.counter("webhook_delivery_attempts_total", {
  description: "Webhook delivery attempts by outcome: delivered, http_error, timeout, network_error, blocked, gone",
  incremental: true
})
export const webhookDeliveryDurationSeconds = Metric.histogram("webhook_delivery_duration_seconds", {
  description: "Duration of webhook delivery attempts (destination check and request)",
  boundaries: attemptSeconds
})

export const erpSyncRunsTotal = Metric.counter("erp_sync_runs_total", {
  description: "ERP product sync runs finished, by mode and status (success, partial, error)",
  incremental: true
})
export const erpSyncDurationSeconds = Metric.histogram("erp_sync_duration_seconds", {
  description: "Duration of ERP product sync runs",
  boundaries: syncSeconds
})
export const erpRequestsTotal = Metric.counter("erp_requests_total", {
  description: "HTTP exchanges with the ERP by operation (method and path template) and status (HTTP status, timeout, transport)",
  incremental: true
})

export const emailOutboxPending = Metric.gauge("email_outbox_pending", {
  description: "E-mails queued and not yet sent or given up (read at scrape time)"
})
export const emailSentTotal = Metric.counter("email_sent_total", {
  description: "E-mail sending attempts by outcome: sent, retry, failed",
  incremental: true
})

export const quotationsCreatedTotal = Metric.counter("quotations_created_total", {
  description: "Quotations created, by source (web, admin, integration)",
  incremental: true
})
export const apiKeyVerificationsTotal = Metric.counter("api_key_verifications_total", {
  description: "API key verifications by outcome: valid, invalid, revoked, expired",
  incremental: true
})

export const dbPoolConnections = Metric.gauge("db_pool_connections", {
  description: "Database connections by state (in_use, idle), read at scrape time"
})
export const dbPoolMaxConnections = Metric.gauge("db_pool_max_connections", {
  description: "The most database connections this process opens"
})

/** Effect's default metric registry, for recording outside an effect. */
const defaultRegistry: Context.Context<never> = Context.empty()

/** Adds `value` to `metric` now; for plain functions on hot paths. */
export const recordUnsafe = <State>(metric: Metric.Metric<number, State>, value: number): void =>
  metric.updateUnsafe(value, defaultRegistry)

/**
 * A metric's series, one per label value, created on first use and kept: a bounded
 * label set (outcomes, route templates) costs a map lookup per recording.
 */
export class SeriesByLabel<State> {
  readonly #metric: Metric.Metric<number, State>
  readonly #label: string
  readonly #series = new Map<string, Metric.Metric<number, State>>()

  constructor(metric: Metric.Metric<number, State>, label: string) {
    this.#metric = metric
    this.#label = label
  }

  of(value: string): Metric.Metric<number, State> {
    let series = this.#series.get(value)
    if (series === undefined) {
      series = Metric.withAttributes(this.#metric, { [this.#label]: value })
      this.#series.set(value, series)
    }
    return series
  }

  record(value: string, amount: number): void {
    recordUnsafe(this.of(value), amount)
  }
}

/** The `outcome` label of a webhook attempt. */
export const webhookAttemptOutcomeLabel = (
  outcome:
    | { readonly _tag: "Response"; readonly statusCode: number }
    | { readonly _tag: "Timeout" }
    | { readonly _tag: "NetworkError" }
    | { readonly _tag: "Blocked" },
  delivered: boolean
): string => {
  switch (outcome._tag) {
    case "Response":
      return delivered ? "delivered" : "http_error"
    case "Timeout":
      return "timeout"
    case "NetworkError":
      return "network_error"
    case "Blocked":
      return "blocked"
  }
}

const webhookAttemptsByOutcome = new SeriesByLabel(webhookDeliveryAttemptsTotal, "outcome")

/** Counts one webhook attempt and its duration. */
export const recordWebhookAttempt = (outcome: string, durationMs: number): void => {
  webhookAttemptsByOutcome.record(outcome, 1)
  if (outcome !== "gone") recordUnsafe(webhookDeliveryDurationSeconds, durationMs / 1000)
}
