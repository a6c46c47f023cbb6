/**
 * The e-mail worker of a server process. `enqueueEmails` announces new rows with
 * `pg_notify('email_outbox')`, delivered only when the change commits, and that wakes
 * the worker; a periodic sweep covers what a notification cannot: retries whose wait has
 * passed, rows left by a process that died, and notifications missed while the
 * listening connection was down. Each (re)subscription is followed by a drain, so a
 * row committed before `LISTEN` took effect is not left for the sweep.
 *
 * The transport is the `Mailer` port (`live/email-delivery-live.ts` provides the configured one). The
 * worker's waits run on the wall clock even under a `TestClock` (due times are the
 * database's `now()` anyway), so a test's frozen clock does not stall deliveries.
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import { DatabaseNotifications } from "../../infra/database/notifications.ts"
import { EmailDispatcher, type EmailDispatchSettings } from "./email-dispatcher.ts"

/** The channel `enqueueEmails` notifies. */
export const emailOutboxChannel = "email_outbox"

export interface EmailDeliverySettings extends EmailDispatchSettings {
  /** How often due rows are looked for without a notification. */
  readonly sweepInterval: Duration.Duration
}

const listenerRetryDelay = Duration.seconds(5)

/** Runs for the life of the layer: wakes on each notification and every `sweepInterval`. */
export const emailWorker = (sweepInterval: Duration.Duration) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const dispatcher = yield* EmailDispatcher
    const notifications = yield* DatabaseNotifications
    // Capacity 1, sliding: wake-ups that arrive during a drain collapse into one more drain.
    const wake = yield* Queue.sliding<void>(1)
    const wakeUp = Queue.offer(wake, undefined)

    const listen = Effect.scoped(Effect.gen(function*() {
      const stream = yield* notifications.subscribe(emailOutboxChannel)
      yield* wakeUp
      yield* Stream.runForEach(stream, () => wakeUp)
    }))
    yield* listen.pipe(
      Effect.catchCause((cause) =>
        Effect.logWarning("E-mail notifications unavailable; listening again shortly", Cause.pretty(cause))
      ),
      Effect.andThen(Effect.sleep(listenerRetryDelay)),
      Effect.forever,
      Effect.forkScoped
    )

    yield* Effect.gen(function*() {
      while (true) {
        yield* dispatcher.drain.pipe(
          Effect.catchCause((cause) => Effect.logWarning("E-mail dispatch interrupted by an error", Cause.pretty(cause)))
        )
        yield* Queue.take(wake).pipe(Effect.timeoutOption(sweepInterval))
      }
    }).pipe(Effect.forkScoped)
  }).pipe(Effect.provideService(Clock.Clock, Clock.Clock.defaultValue())))
