/**
 * How the service's process runs and stops (docs/operations.md, "Rolling restarts"):
 *
 * 1. it builds the service; the port is bound only once everything is ready;
 * 2. on the first SIGTERM or SIGINT, `/api/ready` answers 503 at once, while every request
 *    is still served for `SHUTDOWN_DELAY_SECONDS` (a load balancer's health check takes the
 *    instance out of rotation meanwhile);
 * 3. then the service closes: the listener stops accepting and requests in flight finish
 *    (up to `SHUTDOWN_TIMEOUT_SECONDS`), the webhook attempts under way are recorded and the
 *    leases left handed back, the database pool closes, the telemetry is flushed;
 * 4. the process exits 0. A second signal exits at once (code 1).
 *
 * One log line per phase. A signal during startup stops the start and exits 0.
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import { AppConfig } from "@quote/core/shared/app-config"
import { Readiness } from "./readiness.ts"

const signals = ["SIGTERM", "SIGINT"] as const

/** Resolves with the first signal's name; a second one ends the process at once. */
const installSignalHandlers = Effect.fnUntraced(function*() {
  const first = yield* Deferred.make<string>()
  let received = 0
  const onSignal = (signal: string) => {
    received++
    if (received === 1) {
      Deferred.doneUnsafe(first, Exit.succeed(signal))
      return
    }
    process.stderr.write(`${JSON.stringify({ level: "WARN", message: "shutdown: second signal, exiting at once", signal })}\n`)
    process.exit(1)
  }
  for (const signal of signals) process.on(signal, onSignal)
  return first
})

/**
 * Runs `service` until a signal, then stops it as described above. Fails like the build
 * of `service` when the start fails.
 */
export const runUntilSignalled = <A, E, R>(
  service: Layer.Layer<A | AppConfig | Readiness, E, R>,
  onStarted: Effect.Effect<void> = Effect.void
): Effect.Effect<void, E, R> =>
  Effect.gen(function*() {
    const firstSignal = yield* installSignalHandlers()
    const scope = yield* Scope.make()
    const started = yield* Effect.raceFirst(
      Effect.map(Layer.buildWithScope(service, scope), Option.some),
      Effect.as(Deferred.await(firstSignal), Option.none())
    ).pipe(Effect.onError(() => Scope.close(scope, Exit.void)))
    if (Option.isNone(started)) {
      yield* Effect.logInfo("shutdown: signal during startup; stopping")
      yield* Scope.close(scope, Exit.void)
      return
    }
    yield* onStarted
    const settings = Context.get(started.value, AppConfig)
    const readiness = Context.get(started.value, Readiness)

    const signal = yield* Deferred.await(firstSignal)
    yield* readiness.drain
    yield* Effect.logInfo("shutdown: not ready (/api/ready answers 503), still serving").pipe(
      Effect.annotateLogs({ signal, delaySeconds: settings.shutdownDelaySeconds })
    )
    yield* Effect.sleep(Duration.seconds(settings.shutdownDelaySeconds))
    yield* Effect.logInfo("shutdown: no longer accepting connections; waiting for requests in flight").pipe(
      Effect.annotateLogs({ timeoutSeconds: settings.shutdownTimeoutSeconds })
    )
    yield* Scope.close(scope, Exit.void).pipe(
      Effect.catchCause((cause) => Effect.logError("shutdown: closing failed", Cause.pretty(cause)))
    )
    yield* Effect.logInfo("shutdown: complete; exiting 0")
  })
