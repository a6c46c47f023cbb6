/**
 * Receivers that say stop (issue #16): after attempts are recorded, an endpoint that
 * answered `410 Gone`, or whose every attempt has failed for `WEBHOOK_DISABLE_AFTER_DAYS`
 * days in a row (core `webhooks/endpoint-disable-rule.ts`; the streak's start,
 * `failing_since`, is kept by the recording statement), is disabled: inactive with
 * `disabled_reason` and `disabled_at`, its pending deliveries failed as on a deactivation,
 * the administrator e-mailed (queued in the same transaction) and a log line written.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import { type DisabledReason, failedLongEnough, isGoneAnswer } from "@quote/core/webhooks/endpoint-disable-rule"
import { AppConfig } from "@quote/core/shared/app-config"
import { WebhookEndpointId } from "@quote/core/shared/ids"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { administrator, NotificationOutbox } from "../mail/notification-outbox.ts"

/** What the rule needs of one recorded attempt. */
export interface AttemptSeen {
  readonly endpointId: WebhookEndpointId
  readonly delivered: boolean
  readonly statusCode: number | null
}

const FailingRow = Schema.Struct({ id: WebhookEndpointId, failingSince: Schema.NullOr(Schema.Date) })
const DisabledRow = Schema.Struct({
  id: WebhookEndpointId,
  name: Schema.String,
  url: Schema.String,
  reason: Schema.Literals(["gone", "failing"])
})

const REASON_TEXT: Record<DisabledReason, string> = {
  gone: "respondió 410 Gone (el receptor indica que el endpoint ya no existe)",
  failing: "todos sus intentos fallaron durante"
}

export class EndpointHealth extends Context.Service<EndpointHealth, {
  /** Disables the endpoints these attempts (recorded at `now`) show as gone or failing too long; returns their ids. */
  readonly afterAttempts: (attempts: ReadonlyArray<AttemptSeen>, now: number) => Effect.Effect<ReadonlyArray<WebhookEndpointId>>
}>()("@quote/adapters/webhooks/EndpointHealth") {
  static readonly layer = Layer.effect(
    EndpointHealth,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const outbox = yield* NotificationOutbox
      const { webhookDisableAfterDays } = yield* AppConfig
      const decodeFailing = Schema.decodeUnknownEffect(Schema.Array(FailingRow))
      const decodeDisabled = Schema.decodeUnknownEffect(Schema.Array(DisabledRow))

      const reasonsFor = Effect.fnUntraced(function*(attempts: ReadonlyArray<AttemptSeen>, now: number) {
        const reasons = new Map<WebhookEndpointId, DisabledReason>()
        for (const attempt of attempts) {
          if (isGoneAnswer(attempt.statusCode)) reasons.set(attempt.endpointId, "gone")
        }
        const failing = [...new Set(attempts.filter((a) => !a.delivered && !reasons.has(a.endpointId)).map((a) => a.endpointId))]
        if (failing.length === 0) return reasons
        const rows = yield* decodeFailing(yield* sql`
          select id, failing_since from webhook_endpoints
           where active and id::text in (select jsonb_array_elements_text(${jsonb(failing)}))`)
        for (const row of rows) {
          if (failedLongEnough(row.failingSince?.getTime() ?? null, now, webhookDisableAfterDays)) reasons.set(row.id, "failing")
        }
        return reasons
      })

      const disable = Effect.fnUntraced(function*(reasons: ReadonlyMap<WebhookEndpointId, DisabledReason>, now: number) {
        const at = new Date(now)
        const wanted = [...reasons].map(([id, reason]) => ({ id, reason }))
        return yield* sql.withTransaction(Effect.gen(function*() {
          // `where ep.active`: an endpoint already switched off (by anyone) stays as it is.
          const disabled = yield* decodeDisabled(yield* sql`
            update webhook_endpoints ep
               set active = false, disabled_reason = w.reason, disabled_at = ${at}
              from jsonb_to_recordset(${jsonb(wanted)}) as w(id uuid, reason text)
             where ep.id = w.id and ep.active
            returning ep.id, ep.name, ep.url, w.reason`)
          if (disabled.length === 0) return disabled
          // As a deactivation: an inactive endpoint accumulates no pending deliveries.
          yield* sql`
            update webhook_deliveries d
               set status = 'failed', next_attempt_at = null, locked_until = null, locked_by = null,
                   last_error = 'Endpoint disabled: ' || ep.disabled_reason
              from webhook_endpoints ep
             where ep.id = d.endpoint_id and d.status = 'pending'
               and ep.id::text in (select jsonb_array_elements_text(${jsonb(disabled.map((row) => row.id))}))`
          yield* outbox.queue(disabled.map((row) => {
            const why = row.reason === "gone" ? REASON_TEXT.gone : `${REASON_TEXT.failing} ${webhookDisableAfterDays} días seguidos`
            return {
              kind: "webhook_endpoint_disabled" as const,
              to: administrator,
              subject: `Webhook desactivado: ${row.name}`,
              body: [
                `El endpoint de webhooks "${row.name}" (${row.url}) se desactivó porque ${why}.`,
                "Sus entregas pendientes quedaron como fallidas.",
                "Para reactivarlo: PATCH /api/webhooks/" + row.id + " con {\"active\": true}; para reenviar lo perdido: POST /api/webhooks/" + row.id + "/recover."
              ].join("\n")
            }
          }))
          return disabled
        }))
      })

      const afterAttempts = Effect.fn("EndpointHealth.afterAttempts")(function*(attempts: ReadonlyArray<AttemptSeen>, now: number) {
        if (attempts.every((attempt) => attempt.delivered)) return []
        const reasons = yield* reasonsFor(attempts, now)
        if (reasons.size === 0) return []
        const disabled = yield* disable(reasons, now)
        for (const row of disabled) {
          yield* Effect.logWarning("webhook endpoint disabled").pipe(
            Effect.annotateLogs({ endpointId: row.id, url: row.url, reason: row.reason })
          )
        }
        return disabled.map((row) => row.id)
      }, Effect.orDie)

      return EndpointHealth.of({ afterAttempts })
    })
  )
}
