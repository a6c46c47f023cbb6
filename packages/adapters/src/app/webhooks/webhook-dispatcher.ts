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
 * A round fans recorded events out to deliveries, then claims due deliveries and starts
 * each attempt on its own (`attempt-pool.ts`): the round does not wait for them, so a
 * receiver hanging for its 8 s delays no other endpoint and no later change. The pool
 * bounds the requests in flight per endpoint and per process, and a slot freed where a
 * limit was reached wakes the loop. All waits use `Clock`, so `TestClock` drives the
 * retry schedule. Any number of processes may run a dispatcher on one Postgres: leases
 * (`delivery-queue.ts`) keep every delivery to one attempt at a time.
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Queue from "effect/Queue"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import * as SqlClient from "effect/sql/SqlClient"
import { AppConfig } from "@quote/core/shared/app-config"
import { DatabaseNotifications } from "../../infra/database/notifications.ts"
import type { CronWebhooksResult, WebhookAttemptResult } from "@quote/core/webhooks/views"
import { makeAttemptPool } from "./attempt-pool.ts"
import { DeliveryQueue } from "./delivery-queue.ts"
import { purgeWebhookHistory } from "./webhook-retention.ts"
import { purgeSecurityHistory } from "../audit/security-retention.ts"

/** The channel the event triggers notify (migrations/0002). */
export const EVENTS_CHANNEL = "webhook_events"
/** Deliveries leased by one statement (their payloads are built together). */
const BATCH_SIZE = 25
/** Longest sleep without a notification: a safety net for a wake-up lost elsewhere. */
const MAX_IDLE_MS = 60 * 60_000
/** Rounds retried at once while something is due but another worker's statement holds it. */
const MAX_IMMEDIATE_ROUNDS = 3
/** Then this pause. */
const CONTENDED_WAIT_MS = 100
/** How long a stopping process waits for its webhook attempts (each ends within 8 s) to be recorded. */
const DRAIN_MS = 10_000
/** The daily backup run: 03:00 in Bogotá, a quiet hour. */
const DAILY_CRON = "0 3 * * *"

export interface RunOptions {
  /** Stop leasing new batches after this many milliseconds (HTTP callers). */
  readonly budgetMs?: number
}

export class WebhookDispatcher extends Context.Service<WebhookDispatcher, {
  /** The daily job and the cron endpoint: a round (within the budget), then the 30-day purge. */
  readonly runScheduled: (options?: RunOptions) => Effect.Effect<CronWebhooksResult>
}>()("@quote/adapters/webhooks/WebhookDispatcher") {
  /** The service plus its background fibers (listener, timer loop, daily job), for the life of the layer. */
  static readonly layer = Layer.effect(
    WebhookDispatcher,
    Effect.gen(function*() {
      const queue = yield* DeliveryQueue
      const notifications = yield* DatabaseNotifications
      const settings = yield* AppConfig
      const sql = yield* SqlClient.SqlClient

      // Wake-ups coalesce: one pending signal is enough to start the next round.
      const wake = yield* Queue.sliding<void>(1)
      const signal = Queue.offer(wake, undefined)
      // Only a notification or a timer can mean new events; a freed slot needs no fan-out.
      let fanOutDue = true
      const signalEvents = Effect.andThen(Effect.sync(() => { fanOutDue = true }), signal)

      const pool = yield* makeAttemptPool(
        { overall: settings.webhookMaxInFlight, perEndpoint: settings.webhookMaxInFlightPerEndpoint },
        signal
      )

      /**
       * Fan-out (when events may be new), then claim and start due deliveries until nothing
       * more is due, the slots are taken or the budget is spent. Returns without waiting for
       * the attempts; `results` waits for them.
       */
      const round = Effect.fnUntraced(function*(options?: RunOptions) {
        const started = yield* Clock.currentTimeMillis
        let dispatchedEvents = 0
        if (fanOutDue || options !== undefined) {
          fanOutDue = false
          dispatchedEvents = yield* queue.fanOut(started)
        }
        const launched: Array<Effect.Effect<ReadonlyArray<WebhookAttemptResult>>> = []
        let leasedUntil: number | undefined = undefined
        for (;;) {
          const now = yield* Clock.currentTimeMillis
          if (options?.budgetMs !== undefined && now - started >= options.budgetMs) break
          const batch = yield* pool.claimAndStart(BATCH_SIZE)
          if (batch.started > 0) {
            launched.push(batch.results)
            leasedUntil ??= batch.leasedUntil
          }
          if (batch.exhausted) break
        }
        const results = Effect.map(Effect.all(launched), (batches) => batches.flat())
        return { dispatchedEvents, results, leasedUntil }
      })

      const runScheduled = Effect.fn("WebhookDispatcher.runScheduled")(function*(options?: RunOptions) {
        const { dispatchedEvents, results } = yield* round(options ?? {})
        const attempted = yield* results
        const count = (status: WebhookAttemptResult["status"]) => attempted.filter((result) => result.status === status).length
        const summary = {
          dispatchedEvents,
          processed: attempted.length,
          delivered: count("delivered"),
          failed: count("failed"),
          pending: yield* queue.pendingCount
        }
        const purgedEvents = yield* purgeWebhookHistory(yield* Clock.currentTimeMillis).pipe(
          Effect.provideService(SqlClient.SqlClient, sql)
        )
        // The daily job also keeps the security tables to their retention (docs/security.md).
        const purgedSecurity = yield* purgeSecurityHistory(yield* Clock.currentTimeMillis).pipe(
          Effect.provideService(SqlClient.SqlClient, sql)
        )
        yield* Effect.logInfo("webhook scheduled run").pipe(Effect.annotateLogs({ ...summary, purgedEvents, ...purgedSecurity }))
        return { ...summary, purgedEvents }
      })

      const listen = Effect.scoped(Effect.gen(function*() {
        const stream = yield* notifications.subscribe(EVENTS_CHANNEL)
        // Listening now: catch up on whatever committed before (startup, reconnection).
        yield* signalEvents
        yield* Stream.runForEach(stream, () => signalEvents)
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
       * When the next round is due by itself: the next due delivery (or the expiry of a
       * lease, ours included: an attempt recorded for a retry after this query is caught
       * then, since a retry waits longer than a lease), `undefined` to run one at once.
       * Deliveries of endpoints at their limit here are left to a freed slot (all of them,
       * when every slot is taken). Something already due that the round could not take
       * (another worker's statement held it) is retried at once a few times, then after a
       * short pause.
       */
      const nextRoundAt = Effect.fnUntraced(function*(immediateRounds: number) {
        const now = yield* Clock.currentTimeMillis
        const next = (yield* pool.full) ? Option.none() : yield* queue.nextWakeAt(now, yield* pool.saturatedEndpoints)
        if (Option.isSome(next) && next.value <= now && immediateRounds < MAX_IMMEDIATE_ROUNDS) return undefined
        return Option.match(next, {
          onNone: () => now + MAX_IDLE_MS,
          onSome: (at) => (at > now ? Math.min(at, now + MAX_IDLE_MS) : now + CONTENDED_WAIT_MS)
        })
      })

      const logUnlessInterrupted = (message: string) => (cause: Cause.Cause<unknown>) =>
        Cause.hasInterruptsOnly(cause) ? Effect.failCause(cause) : Effect.logError(message, cause)

      /**
       * Rounds, each followed by a sleep until the timer, a notification or a freed slot. A
       * round woken by a notification or the timer looks at the whole queue afterwards to
       * set the timer; one woken only by a freed slot keeps the timer (moved earlier to its
       * own leases' expiry), so a stream of finishing attempts costs no extra query.
       */
      const loop = Effect.gen(function*() {
        yield* Queue.take(wake)
        let immediateRounds = 0
        let timerAt = 0
        for (;;) {
          const lookAfter = fanOutDue || immediateRounds > 0
          const leasedUntil = yield* round().pipe(
            Effect.map((outcome) => outcome.leasedUntil),
            Effect.catchCause((cause) => Effect.as(logUnlessInterrupted("webhook round failed")(cause), undefined))
          )
          if (lookAfter) {
            const at = yield* nextRoundAt(immediateRounds).pipe(
              Effect.catchCause((cause) =>
                Effect.andThen(logUnlessInterrupted("webhook timer failed")(cause), Clock.currentTimeMillis).pipe(
                  Effect.map((now) => now + MAX_IDLE_MS)
                )
              )
            )
            if (at === undefined) {
              immediateRounds++
              continue
            }
            immediateRounds = 0
            timerAt = at
          } else if (leasedUntil !== undefined) {
            timerAt = Math.min(timerAt, leasedUntil)
          }
          yield* Effect.raceFirst(
            Queue.take(wake),
            Effect.andThen(sleepUntil(timerAt), Effect.sync(() => { fanOutDue = true }))
          )
        }
      })
      yield* Effect.forkScoped(loop)

      // Stopping (runs before the fibers above are interrupted): no new claims, the attempts
      // under way recorded (up to DRAIN_MS), then every lease still held given back with a
      // notification, so another instance sends those deliveries at once instead of after
      // their lease expires (docs/operations.md, "Rolling restarts").
      yield* Effect.addFinalizer(() =>
        Effect.gen(function*() {
          yield* pool.drain(DRAIN_MS)
          const released = yield* queue.releaseLeases
          yield* Effect.logInfo("shutdown: webhook attempts finished, leases handed back").pipe(
            Effect.annotateLogs({ leasesReleased: released })
          )
        }).pipe(Effect.catchCause((cause) => Effect.logWarning("webhook leases could not be handed back", cause)))
      )

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
