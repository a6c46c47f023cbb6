/**
 * The e-mail dispatcher over a real database: claiming with leases and `SKIP LOCKED`,
 * retries with backoff, `failed` after the last attempt, fencing of stale claims, and the
 * worker woken by the outbox notification after commit.
 */
import { assert, layer } from "@effect/vitest"
import { Duration, Effect, Exit, Layer, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { MailDeliveryFailed } from "@quote/core/mail/errors"
import { type EmailMessage, Mailer } from "@quote/core/mail/mailer"
import { emailWorker } from "../../../src/app/mail/email-delivery.ts"
import { EmailDispatcher } from "../../../src/app/mail/email-dispatcher.ts"
import { enqueueEmails } from "../../../src/app/mail/email-outbox.ts"
import { emailMaxAttempts } from "@quote/core/mail/email-retry-policy"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"

/** A transport that records what it sends and fails for addresses containing "fail". */
const recordingMailer = (onSend: (message: EmailMessage) => Effect.Effect<void, MailDeliveryFailed, SqlClient.SqlClient> = () => Effect.void) => {
  const sent: Array<EmailMessage> = []
  const layer = Layer.effect(
    Mailer,
    Effect.map(SqlClient.SqlClient, (sql) =>
      Mailer.of({
        send: (message) =>
          Effect.gen(function*() {
            yield* onSend(message).pipe(Effect.provideService(SqlClient.SqlClient, sql))
            if (message.to.includes("fail")) {
              return yield* new MailDeliveryFailed({ message: `550 mailbox ${message.to} unavailable` })
            }
            sent.push(message)
          })
      }))
  )
  return { sent, layer }
}

const dispatcherWith = (mailer: Layer.Layer<Mailer, never, SqlClient.SqlClient>, settings: Parameters<typeof EmailDispatcher.layer>[0] = {}) =>
  EmailDispatcher.layer(settings).pipe(Layer.provide(mailer))

const drainWith = (mailer: Layer.Layer<Mailer, never, SqlClient.SqlClient>, settings: Parameters<typeof EmailDispatcher.layer>[0] = {}) =>
  Effect.flatMap(EmailDispatcher, (dispatcher) => dispatcher.drain).pipe(Effect.provide(dispatcherWith(mailer, settings)))

interface OutboxRow {
  readonly id: string
  readonly toAddress: string
  readonly status: string
  readonly attempts: number
  readonly lastError: string | null
  readonly locked: boolean
  readonly sent: boolean
  /** Seconds from now to next_attempt_at (null when none). */
  readonly dueIn: number | null
}

const rows = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return yield* sql<OutboxRow>`
    select id, to_address, status, attempts, last_error,
           locked_until is not null as locked, sent_at is not null as sent,
           extract(epoch from next_attempt_at - now())::float8 as due_in
      from email_outbox order by to_address`
})

const queue = (...addresses: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`delete from email_outbox`
    yield* enqueueEmails(addresses.map((to) => ({ kind: "new_registration" as const, to, subject: `Para ${to}`, body: `Hola ${to}` })))
  })

/** Polls until `accept` holds (about 10 s at most). */
const eventually = <A>(check: Effect.Effect<A, unknown, SqlClient.SqlClient>, accept: (value: A) => boolean) =>
  check.pipe(
    Effect.flatMap((value) => accept(value) ? Effect.succeed(value) : Effect.fail("not yet" as const)),
    Effect.retry({ schedule: Schedule.spaced(Duration.millis(50)), times: 200 })
  )

// The wall clock: timeouts, polling and the worker wait in real time.
layer(TestDatabase.layer, { excludeTestServices: true })("email dispatcher", (it) => {
  it.effect("sends every due row once and marks it sent", () =>
    Effect.gen(function*() {
      yield* queue("a@example.com", "b@example.com", "c@example.com", "d@example.com", "e@example.com", "f@example.com", "g@example.com")
      const mailer = recordingMailer()
      // A batch of 3 makes the drain loop over several claims.
      const summary = yield* drainWith(mailer.layer, { batchSize: 3 })
      assert.deepStrictEqual(summary, { sent: 7, retried: 0, failed: 0 })
      assert.deepStrictEqual(mailer.sent.map((message) => message.to).sort(), ["a", "b", "c", "d", "e", "f", "g"].map((x) => `${x}@example.com`))
      assert.deepStrictEqual(mailer.sent.find((message) => message.to === "a@example.com"), {
        to: "a@example.com",
        subject: "Para a@example.com",
        body: "Hola a@example.com"
      })
      for (const row of yield* rows) {
        assert.deepInclude(row, { status: "sent", attempts: 1, locked: false, sent: true, dueIn: null, lastError: null })
      }
      // Nothing is due any more.
      assert.deepStrictEqual(yield* drainWith(mailer.layer), { sent: 0, retried: 0, failed: 0 })
      assert.strictEqual(mailer.sent.length, 7)
    }))

  it.effect("a failed send is retried after the backoff, keeping its error; other rows go on", () =>
    Effect.gen(function*() {
      yield* queue("fail@example.com", "ok@example.com")
      const mailer = recordingMailer()
      assert.deepStrictEqual(yield* drainWith(mailer.layer), { sent: 1, retried: 1, failed: 0 })
      const [failing, ok] = yield* rows
      assert.deepInclude(failing, { status: "pending", attempts: 1, locked: false, sent: false })
      assert.include(failing!.lastError ?? "", "550 mailbox")
      // Due again in one minute (the first wait), not now.
      assert.closeTo(failing!.dueIn!, 60, 5)
      assert.strictEqual(ok!.status, "sent")
      assert.deepStrictEqual(yield* drainWith(mailer.layer), { sent: 0, retried: 0, failed: 0 })

      // Once the wait has passed it is tried again, with the next, longer wait.
      const sql = yield* SqlClient.SqlClient
      yield* sql`update email_outbox set next_attempt_at = now() where to_address = 'fail@example.com'`
      assert.deepStrictEqual(yield* drainWith(mailer.layer), { sent: 0, retried: 1, failed: 0 })
      const [again] = yield* rows
      assert.strictEqual(again!.attempts, 2)
      assert.closeTo(again!.dueIn!, 5 * 60, 5)
    }))

  it.effect("after the last attempt the row is failed, kept with its error, and never picked again", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* queue("fail-forever@example.com")
      yield* sql`update email_outbox set attempts = ${emailMaxAttempts - 1}`
      const mailer = recordingMailer()
      assert.deepStrictEqual(yield* drainWith(mailer.layer), { sent: 0, retried: 0, failed: 1 })
      const [row] = yield* rows
      assert.deepInclude(row, { status: "failed", attempts: emailMaxAttempts, locked: false, sent: false, dueIn: null })
      assert.isNotNull(row!.lastError)
      assert.deepStrictEqual(yield* drainWith(mailer.layer), { sent: 0, retried: 0, failed: 0 })
    }))

  it.effect("a row under another worker's live lease is skipped; an expired lease is taken over", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* queue("leased@example.com")
      yield* sql`update email_outbox set attempts = 1, locked_until = now() + interval '1 minute'`
      const mailer = recordingMailer()
      assert.deepStrictEqual(yield* drainWith(mailer.layer), { sent: 0, retried: 0, failed: 0 })
      // That worker died: its lease runs out and the row is due again.
      yield* sql`update email_outbox set locked_until = now() - interval '1 second'`
      assert.deepStrictEqual(yield* drainWith(mailer.layer), { sent: 1, retried: 0, failed: 0 })
      const [row] = yield* rows
      assert.deepInclude(row, { status: "sent", attempts: 2 })
    }))

  it.effect("a claim that lost its lease to another worker does not overwrite that worker's outcome", () =>
    Effect.gen(function*() {
      yield* queue("fail-slow@example.com")
      // While this send runs, the lease lapses and another worker claims the row.
      const mailer = recordingMailer(() =>
        Effect.flatMap(SqlClient.SqlClient, (sql) =>
          sql`update email_outbox set attempts = attempts + 1, locked_until = now() + interval '5 minutes'`.pipe(
            Effect.orDie,
            Effect.asVoid
          ))
      )
      yield* drainWith(mailer.layer)
      const [row] = yield* rows
      assert.deepInclude(row, { status: "pending", attempts: 2, locked: true, lastError: null })
    }))

  it.effect("a send that does not answer in time counts as a failed attempt", () =>
    Effect.gen(function*() {
      yield* queue("silent@example.com")
      const hanging = Layer.succeed(Mailer, Mailer.of({ send: () => Effect.never }))
      const summary = yield* drainWith(hanging, { sendTimeout: Duration.millis(100) })
      assert.deepStrictEqual(summary, { sent: 0, retried: 1, failed: 0 })
      const [row] = yield* rows
      assert.include(row!.lastError ?? "", "No answer within")
    }))

  it.effect("several dispatchers draining at once send each row exactly once", () =>
    Effect.gen(function*() {
      const addresses = Array.from({ length: 30 }, (_, index) => `many-${String(index).padStart(2, "0")}@example.com`)
      yield* queue(...addresses)
      const slow = () => Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 5)))
      const mailers = [recordingMailer(slow), recordingMailer(slow), recordingMailer(slow)]
      const summaries = yield* Effect.all(mailers.map((mailer) => drainWith(mailer.layer, { batchSize: 4 })), {
        concurrency: "unbounded"
      })
      const sent = mailers.flatMap((mailer) => mailer.sent.map((message) => message.to)).sort()
      assert.deepStrictEqual(sent, addresses)
      assert.strictEqual(summaries.reduce((total, summary) => total + summary.sent, 0), 30)
      for (const row of yield* rows) assert.deepInclude(row, { status: "sent", attempts: 1 })
    }))

  it.effect("the worker sends what a committed transaction queued, woken by its notification; a rollback queues nothing", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`delete from email_outbox`
      // Queued before the worker starts: sent when it starts.
      yield* enqueueEmails([{ kind: "new_registration", to: "early@example.com", subject: "s", body: "b" }])
      const mailer = recordingMailer()
      // An hour between sweeps: only the start and the notifications can explain a send.
      yield* Layer.build(emailWorker(Duration.hours(1)).pipe(Layer.provide(dispatcherWith(mailer.layer))))
      yield* eventually(Effect.sync(() => mailer.sent.length), (n) => n === 1)

      const rolledBack = yield* sql.withTransaction(Effect.gen(function*() {
        yield* enqueueEmails([{ kind: "new_registration", to: "rolled-back@example.com", subject: "s", body: "b" }])
        return yield* Effect.fail("rollback")
      })).pipe(Effect.exit)
      assert.isTrue(Exit.isFailure(rolledBack))
      yield* sql.withTransaction(
        enqueueEmails([{ kind: "new_assigned_client", to: "late@example.com", subject: "s", body: "b" }])
      )
      yield* eventually(Effect.sync(() => mailer.sent.length), (n) => n === 2)
      assert.deepStrictEqual(mailer.sent.map((message) => message.to), ["early@example.com", "late@example.com"])
      assert.deepStrictEqual((yield* rows).map((row) => [row.toAddress, row.status]), [
        ["early@example.com", "sent"],
        ["late@example.com", "sent"]
      ])
    }).pipe(Effect.scoped))
})
