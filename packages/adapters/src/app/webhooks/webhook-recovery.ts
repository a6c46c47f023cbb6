/**
 * Recovery (issue #16, `POST /api/webhooks/:id/recover`): after an outage, an
 * administrator sends again every `failed` delivery of one endpoint whose event was
 * created in `[since, until)`, each as a fresh try: attempt count restarted, due now, the
 * retry table from its start (core `manualRetry` semantics, for many at once). Pending
 * deliveries keep their schedule; a delivery a manual retry is attempting right now (a
 * live lease) is left alone. At most 10,000 per call, so one call is one short statement
 * and never floods a receiver that just came back; more is refused with a message to
 * narrow the range. The dispatchers are woken on the events channel after commit.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import { NotFound, ValidationError } from "@quote/core/shared/errors"
import { WebhookEndpointInactive } from "@quote/core/webhooks/errors"
import type { WebhookEndpointId } from "@quote/core/shared/ids"
import type { RecoveryRange, WebhookRecovery as Recovered } from "@quote/core/webhooks/views"
import { EVENTS_CHANNEL } from "./webhook-dispatcher.ts"
import { CountRow, decodedRows } from "../../infra/database/decoded-rows.ts"

export const MAX_RECOVERED_PER_CALL = 10_000

export class WebhookRecovery extends Context.Service<WebhookRecovery, {
  readonly recover: (
    endpointId: WebhookEndpointId,
    range: RecoveryRange
  ) => Effect.Effect<Recovered, NotFound | ValidationError | WebhookEndpointInactive>
}>()("@quote/adapters/webhooks/WebhookRecovery") {
  static readonly layer = Layer.effect(
    WebhookRecovery,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const recover = Effect.fn("WebhookRecovery.recover")(function*(endpointId: WebhookEndpointId, range: RecoveryRange) {
        const until = range.until ?? null
        if (until !== null && until.getTime() <= range.since.getTime()) {
          return yield* new ValidationError({ message: "until must be later than since", details: { field: "until" } })
        }
        const now = new Date(yield* Clock.currentTimeMillis)
        const inRange = sql`
          d.endpoint_id = ${endpointId}::uuid and d.status = 'failed'
          and (d.locked_until is null or d.locked_until <= ${now})
          and ev.id = d.event_id and ev.created_at >= ${range.since}
          and (${until}::timestamptz is null or ev.created_at < ${until}::timestamptz)`
        return yield* sql.withTransaction(Effect.gen(function*() {
          const [endpoint] = yield* sql`
            select active from webhook_endpoints where id = ${endpointId}::uuid for update`.pipe(
            decodedRows(Schema.Struct({ active: Schema.Boolean }))
          )
          if (endpoint === undefined) {
            return yield* new NotFound({ message: "Webhook endpoint not found", details: { endpointId } })
          }
          if (!endpoint.active) {
            return yield* new WebhookEndpointInactive({
              message: "The endpoint is inactive; reactivate it (PATCH active: true) before recovering its deliveries",
              details: { endpointId }
            })
          }
          const [{ count }] = yield* sql`
            select count(*)::int as count from webhook_deliveries d, webhook_events ev where ${inRange}`.pipe(
            decodedRows(CountRow)
          )
          if (count > MAX_RECOVERED_PER_CALL) {
            return yield* new ValidationError({
              message: `${count} failed deliveries in this range; at most ${MAX_RECOVERED_PER_CALL} per call: narrow the range (since/until)`,
              details: { field: "since", value: count }
            })
          }
          const rows = yield* sql`
            update webhook_deliveries d
               set status = 'pending', attempts = 0, next_attempt_at = ${now}, locked_until = null, locked_by = null
              from webhook_events ev
             where ${inRange}
            returning d.id`
          // Delivered at commit: the dispatchers run a round at once.
          if (rows.length > 0) yield* sql`select pg_notify(${EVENTS_CHANNEL}, '')`
          return { queued: rows.length }
        })).pipe(Effect.catchTag("SqlError", Effect.die))
      })

      return WebhookRecovery.of({ recover })
    })
  )
}
