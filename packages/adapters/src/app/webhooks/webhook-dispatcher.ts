/**
 * When deliveries run (spec "States and transitions → Webhook delivery"):
 *
 * 1. right after a change commits: the triggers `pg_notify('webhook_events', id)` and the
 *    dispatcher LISTENs, so a round starts at once (no polling);
 * 2. when a retry wait elapses while the process runs: after each round a timer is set
 *    to the next due `next_attempt_at` (or to the expiry of another worker's lease);
 * 3. by a daily backup job (production and development; not in the test environment),
 *    which also purges history older than 30 days;
 * 4. by `GET /api/cron/webhooks` (`runScheduled`, as the daily job), for an external
 *    scheduler.
 *
 * A round fans recorded events out to deliveries, then a few workers lease due
 * deliveries in batches and attempt each batch's requests concurrently. All waits use `Clock`, so `TestClock` drives the
 * retry schedule. Any number of processes may run a dispatcher on one Postgres: leases
 * (`delivery-queue.ts`) keep every delivery to one attempt at a time.
 */
import { Cause, Clock, Context, Effect, Layer, Option, Queue, Schedule, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { AppConfig } from "../../infra/config/app-config.ts"
import { DatabaseNotifications } from "../../infra/database/notifications.ts"
import { type AttemptResult, DeliveryAttempts } from "./delivery-attempt.ts"
import { type ClaimedDelivery, DeliveryQueue } from "./delivery-queue.ts"
import { purgeWebhookHistory } from "./webhook-retention.ts"

/** The channel the event triggers notify (migrations/0002). */
export const EVENTS_CHANNEL = "webhook_events"
/** Deliveries leased and attempted together. */
const BATCH_SIZE = 25
/** Batches in flight at once: at most WORKERS × BATCH_SIZE requests per process. */
const WORKERS = 4
/** Longest sleep without a notification: a safety net for a wake-up lost elsewhere. */
const MAX_IDLE_MS = 60 * 60_000
/** Rounds retried at once while something is due but another worker's statement holds it. */
const MAX_IMMEDIATE_ROUNDS = 3
/** Then this pause. */
const CONTENDED_WAIT_MS = 100
/** The daily backup run: 03:00 in Bogotá, a quiet hour. */
const DAILY_CRON = "0 3 * * *"

export interface DispatchSummary {
  /** Recorded events turned into deliveries in this run. */
  readonly dispatchedEvents: number
  /** Attempts made. */
  readonly processed: number
  readonly delivered: number
  /** Deliveries that became `failed` (attempt 8 failed, or their entity is gone). */
  readonly failed: number
  /** Deliveries still pending afterwards (all endpoints). */
  readonly pending: number
}

export interface RunOptions {
  /** Stop leasing new batches after this many milliseconds (HTTP callers). */
  readonly budgetMs?: number
}

export class WebhookDispatcher extends Context.Service<WebhookDispatcher, {
  /** The daily job and the cron endpoint: a round (within the budget), then the 30-day purge. */
  readonly runScheduled: (options?: RunOptions) => Effect.Effect<DispatchSummary & { readonly purgedEvents: number }>
}>()("@quote/adapters/webhooks/WebhookDispatcher") {
  /** The service plus its background fibers (listener, timer loop, daily job), for the life of the layer. */
  static readonly layer = Layer.effect(
    WebhookDispatcher,
    Effect.gen(function*() {
      const queue = yield* DeliveryQueue
      const attempts = yield* DeliveryAttempts
      const notifications = yield* DatabaseNotifications
      const settings = yield* AppConfig
      const sql = yield* SqlClient.SqlClient

      /**
       * One worker of a round: attempt a leased batch, lease the next, until nothing is
       * due or the budget is spent.
       */
      const work = Effect.fnUntraced(function*(
        started: number,
        options: RunOptions | undefined,
        firstBatch: ReadonlyArray<ClaimedDelivery> | undefined
      ) {
        const counts = { processed: 0, delivered: 0, failed: 0 }
        let batch = firstBatch
        for (;;) {
          if (batch === undefined) {
            const now = yield* Clock.currentTimeMillis
            if (options?.budgetMs !== undefined && now - started >= options.budgetMs) return counts
            batch = yield* queue.claimDue(now, BATCH_SIZE)
          }
          if (batch.length === 0) return counts
          // A batch that fails unexpectedly must not end the round: its leases expire and it is tried again.
          const results = yield* attempts.attemptAll(batch).pipe(
            Effect.catchCause((cause) =>
              Effect.as(Effect.logError("webhook batch failed unexpectedly", cause), [] as ReadonlyArray<AttemptResult>)
            )
          )
          for (const result of results) {
            counts.processed++
            if (result.status === "delivered") counts.delivered++
            if (result.status === "failed") counts.failed++
          }
          batch = undefined
        }
      })

      /**
       * Fan-out, then one batch; only when that batch is full do more workers join, so
       * database and network work overlap under load and a quiet change costs few queries.
       */
      const round = Effect.fnUntraced(function*(options?: RunOptions) {
        const started = yield* Clock.currentTimeMillis
        const dispatchedEvents = yield* queue.fanOut(started)
        const first = yield* queue.claimDue(started, BATCH_SIZE)
        const helpers = first.length === BATCH_SIZE ? WORKERS - 1 : 0
        const workers = yield* Effect.all(
          [work(started, options, first), ...Array.from({ length: helpers }, () => work(started, options, undefined))],
          { concurrency: "unbounded" }
        )
        const sum = (key: "processed" | "delivered" | "failed") => workers.reduce((total, counts) => total + counts[key], 0)
        return { dispatchedEvents, processed: sum("processed"), delivered: sum("delivered"), failed: sum("failed") }
      })

      const runScheduled = Effect.fn("WebhookDispatcher.runScheduled")(function*(options?: RunOptions) {
        const summary = { ...(yield* round(options)), pending: yield* queue.pendingCount }
        const purgedEvents = yield* purgeWebhookHistory(yield* Clock.currentTimeMillis).pipe(
          Effect.provideService(SqlClient.SqlClient, sql)
        )
        yield* Effect.logInfo("webhook scheduled run").pipe(Effect.annotateLogs({ ...summary, purgedEvents }))
        return { ...summary, purgedEvents }
      })

      // Wake-ups coalesce: one pending signal is enough to start the next round.
      const wake = yield* Queue.sliding<void>(1)
      const signal = Queue.offer(wake, undefined)

      const listen = Effect.scoped(Effect.gen(function*() {
        const stream = yield* notifications.subscribe(EVENTS_CHANNEL)
        // Listening now: catch up on whatever committed before (startup, reconnection).
        yield* signal
        yield* Stream.runForEach(stream, () => signal)
      }))
      yield* listen.pipe(
        Effect.tapCause((cause) => Effect.logWarning("webhook listener lost; resubscribing", cause)),
        Effect.retry(Schedule.spaced("5 seconds")),
        Effect.forkScoped
      )

      /** Sleeps to an instant, measured when the sleep starts (the query before it took time). */
      const sleepUntil = (at: number) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.sleep(Math.max(0, at - now)))

      /**
       * Waits for the next due delivery or a notification; `false` when it did not wait.
       * Something already due that the round could not take (another worker's statement
       * held it) is retried at once a few times, then after a short pause.
       */
      const sleepUntilNext = Effect.fnUntraced(function*(immediateRounds: number) {
        const now = yield* Clock.currentTimeMillis
        const next = yield* queue.nextWakeAt(now)
        if (Option.isSome(next) && next.value <= now && immediateRounds < MAX_IMMEDIATE_ROUNDS) return false
        const wakeAt = Option.match(next, {
          onNone: () => now + MAX_IDLE_MS,
          onSome: (at) => (at > now ? Math.min(at, now + MAX_IDLE_MS) : now + CONTENDED_WAIT_MS)
        })
        yield* Effect.raceFirst(Queue.take(wake), sleepUntil(wakeAt))
        return true
      })

      const logUnlessInterrupted = (message: string) => (cause: Cause.Cause<unknown>) =>
        Cause.hasInterruptsOnly(cause) ? Effect.failCause(cause) : Effect.logError(message, cause)

      const loop = Effect.gen(function*() {
        yield* Queue.take(wake)
        let immediateRounds = 0
        for (;;) {
          yield* round().pipe(Effect.catchCause(logUnlessInterrupted("webhook round failed")))
          const waited = yield* sleepUntilNext(immediateRounds).pipe(
            Effect.catchCause((cause) =>
              Effect.as(Effect.andThen(logUnlessInterrupted("webhook timer failed")(cause), Effect.sleep(MAX_IDLE_MS)), true)
            )
          )
          immediateRounds = waited ? 0 : immediateRounds + 1
        }
      })
      yield* Effect.forkScoped(loop)

      if (settings.environment !== "test") {
        yield* runScheduled().pipe(
          Effect.catchCause((cause) => Effect.logError("webhook daily run failed", cause)),
          Effect.schedule(Schedule.cron(DAILY_CRON, "America/Bogota")),
          Effect.forkScoped
        )
      }

      return WebhookDispatcher.of({ runScheduled })
    })
  )
}
