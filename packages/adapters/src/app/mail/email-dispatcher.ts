/**
 * Sends the pending rows of `email_outbox` through the `Mailer`.
 *
 * Safe with several processes on one database: a batch is claimed by one `UPDATE` over
 * `FOR UPDATE SKIP LOCKED`, which counts the attempt and sets a lease (`locked_until`);
 * rows under a live lease are not due for anyone else. The outcome is written only if
 * the row still carries this claim's attempt number (a fencing token), so a worker whose
 * lease ran out cannot overwrite a newer claim. A process that dies mid-send leaves the
 * row leased, and it becomes due again when the lease ends: nothing is lost, an e-mail
 * may at worst be sent twice. Times are the database's `now()`, one clock for every
 * process.
 */
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Metric from "effect/Metric"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import type { SqlError } from "effect/sql/SqlError"
import { MailDeliveryFailed } from "@quote/core/mail/errors"
import { Mailer } from "@quote/core/mail/mailer"
import { nextEmailAttempt } from "@quote/core/mail/email-retry-policy"
import { emailSentTotal } from "@quote/core/observability/service-metrics"

/** `email_sent_total{outcome}`: sent, or the failure's fate (retry later, given up). */
const emailOutcomeLabel = { sent: "sent", retried: "retry", failed: "failed" } as const

export interface EmailDispatchSettings {
  /** Rows claimed per statement. */
  readonly batchSize: number
  /** How long a claim keeps a row from other workers; longer than a batch can take. */
  readonly lease: Duration.Duration
  /** Limit of one send; a send that takes longer counts as failed. */
  readonly sendTimeout: Duration.Duration
}

export const defaultDispatchSettings: EmailDispatchSettings = {
  batchSize: 5,
  lease: Duration.minutes(5),
  sendTimeout: Duration.seconds(30)
}

export interface DrainSummary {
  readonly sent: number
  readonly retried: number
  readonly failed: number
}

const ClaimedRow = Schema.Struct({
  id: Schema.String,
  toAddress: Schema.String,
  subject: Schema.String,
  body: Schema.String,
  attempts: Schema.Number
})
type ClaimedRow = typeof ClaimedRow.Type

const errorText = (cause: unknown): string =>
  (cause instanceof Error || (typeof cause === "object" && cause !== null && "message" in cause)
    ? String((cause as { message: unknown }).message)
    : String(cause)).slice(0, 1000)

export class EmailDispatcher extends Context.Service<EmailDispatcher, {
  /** Claims and sends due rows, batch after batch, until none is due. */
  readonly drain: Effect.Effect<DrainSummary, SqlError | Schema.SchemaError>
}>()("@quote/adapters/EmailDispatcher") {
  static readonly layer = (
    overrides: Partial<EmailDispatchSettings> = {}
  ): Layer.Layer<EmailDispatcher, never, SqlClient.SqlClient | Mailer> =>
    Layer.effect(
      EmailDispatcher,
      Effect.gen(function*() {
        const settings = { ...defaultDispatchSettings, ...overrides }
        const sql = yield* SqlClient.SqlClient
        const mailer = yield* Mailer
        const leaseSeconds = Math.ceil(Duration.toSeconds(settings.lease))

        const claim = SqlSchema.findAll({
          Request: Schema.Void,
          Result: ClaimedRow,
          execute: () =>
            sql`
            update email_outbox o
               set attempts = o.attempts + 1,
                   locked_until = now() + ${leaseSeconds} * interval '1 second'
             where o.id in (
               select id from email_outbox
                where status = 'pending'
                  and (next_attempt_at is null or next_attempt_at <= now())
                  and (locked_until is null or locked_until <= now())
                order by next_attempt_at nulls first, created_at
                limit ${settings.batchSize}
                for update skip locked)
            returning o.id, o.to_address, o.subject, o.body, o.attempts`
        })

        const markSent = (row: ClaimedRow) =>
          sql`update email_outbox
                 set status = 'sent', sent_at = now(), locked_until = null, next_attempt_at = null, last_error = null
               where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`

        const markFailure = (row: ClaimedRow, error: string) =>
          Option.match(nextEmailAttempt(row.attempts), {
            onNone: () =>
              sql`update email_outbox
                     set status = 'failed', locked_until = null, next_attempt_at = null, last_error = ${error}
                   where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`.pipe(Effect.as("failed" as const)),
            onSome: (wait) =>
              sql`update email_outbox
                     set locked_until = null, last_error = ${error},
                         next_attempt_at = now() + ${Math.ceil(Duration.toSeconds(wait))} * interval '1 second'
                   where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`.pipe(Effect.as("retried" as const))
          })

        const deliver = Effect.fnUntraced(function*(row: ClaimedRow) {
          const exit = yield* mailer.send({ to: row.toAddress, subject: row.subject, body: row.body }).pipe(
            Effect.timeoutOrElse({
              duration: settings.sendTimeout,
              orElse: () =>
                Effect.fail(new MailDeliveryFailed({ message: `No answer within ${Duration.format(settings.sendTimeout)}` }))
            }),
            Effect.exit
          )
          if (Exit.isSuccess(exit)) {
            yield* markSent(row)
            return "sent" as const
          }
          const error = errorText(Option.getOrElse(Exit.findErrorOption(exit), () => exit.cause))
          yield* Effect.logWarning("E-mail delivery failed").pipe(
            Effect.annotateLogs({ emailId: row.id, attempt: row.attempts, error })
          )
          return yield* markFailure(row, error)
        })

        const drain = Effect.gen(function*() {
          const summary = { sent: 0, retried: 0, failed: 0 }
          while (true) {
            const batch = yield* claim(undefined)
            for (const row of batch) {
              const outcome = yield* deliver(row)
              summary[outcome]++
              yield* Metric.update(Metric.withAttributes(emailSentTotal, { outcome: emailOutcomeLabel[outcome] }), 1)
            }
            if (batch.length < settings.batchSize) return summary
          }
        }).pipe(Effect.withSpan("EmailDispatcher.drain"))

        return EmailDispatcher.of({ drain })
      })
    )
}
