/**
 * The gauges read from the database when `/metrics` is scraped: the webhook backlog and
 * its oldest delivery, the e-mail outbox, and the connections of the service. One
 * statement on the partial-status indexes (`webhook_deliveries_due_idx`,
 * `email_outbox_due_idx`), so a scrape costs the same whatever the history holds.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Metric from "effect/Metric"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import {
  dbPoolConnections,
  emailOutboxPending,
  webhookDeliveriesPending,
  webhookOldestPendingAgeSeconds
} from "@quote/core/observability/service-metrics"

const Backlog = Schema.Struct({
  webhookPending: Schema.FiniteFromString,
  webhookOldestAgeSeconds: Schema.FiniteFromString,
  emailPending: Schema.FiniteFromString,
  connectionsInUse: Schema.FiniteFromString,
  connectionsIdle: Schema.FiniteFromString
})

const connectionsInUse = Metric.withAttributes(dbPoolConnections, { state: "in_use" })
const connectionsIdle = Metric.withAttributes(dbPoolConnections, { state: "idle" })

export class ScrapeGauges extends Context.Service<ScrapeGauges, {
  /** Reads the gauges into the metric registry. */
  readonly refresh: Effect.Effect<void>
}>()("@quote/adapters/ScrapeGauges") {
  static readonly layer = Layer.effect(
    ScrapeGauges,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      // Connections of this service's application name other than the scrape's own:
      // `active` or inside a transaction is in use. (PGlite lists none: one session.)
      const read = SqlSchema.findOne({
        Request: Schema.Void,
        Result: Backlog,
        execute: () =>
          sql`select
                (select count(*) from webhook_deliveries where status = 'pending')::text as webhook_pending,
                coalesce((select extract(epoch from now() - min(created_at)) from webhook_deliveries
                           where status = 'pending'), 0)::text as webhook_oldest_age_seconds,
                (select count(*) from email_outbox where status = 'pending')::text as email_pending,
                (select count(*) from pg_stat_activity
                  where application_name = current_setting('application_name') and pid <> pg_backend_pid()
                    and (state = 'active' or state like 'idle in transaction%'))::text as connections_in_use,
                (select count(*) from pg_stat_activity
                  where application_name = current_setting('application_name') and pid <> pg_backend_pid()
                    and state = 'idle')::text as connections_idle`
      })

      const refresh = Effect.fn("ScrapeGauges.refresh")(function*() {
        const row = yield* Effect.orDie(read(undefined))
        yield* Metric.update(webhookDeliveriesPending, row.webhookPending)
        yield* Metric.update(webhookOldestPendingAgeSeconds, row.webhookOldestAgeSeconds)
        yield* Metric.update(emailOutboxPending, row.emailPending)
        yield* Metric.update(connectionsInUse, row.connectionsInUse)
        yield* Metric.update(connectionsIdle, row.connectionsIdle)
      })

      return ScrapeGauges.of({ refresh: refresh() })
    })
  )
}
