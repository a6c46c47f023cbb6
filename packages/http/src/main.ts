/**
 * Server entry point: `npm start`. Stops with one line on stderr and a non-zero exit
 * when the configuration or the database is unusable; SIGINT/SIGTERM close the server
 * and the database gracefully.
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Cause, Console, Effect, Layer, Logger } from "effect"
import { ServiceLive } from "./app.ts"
import { scheduleHeapCompaction } from "./heap-compaction.ts"

const startupFailureLine = (cause: Cause.Cause<unknown>): string => {
  const failure = cause.reasons.find((reason) => reason._tag === "Fail")
  if (failure !== undefined && failure._tag === "Fail") {
    const error = failure.error
    return error instanceof Error || (typeof error === "object" && error !== null && "message" in error)
      ? String((error as { message: unknown }).message)
      : String(error)
  }
  return Cause.pretty(cause).split("\n")[0] ?? "Start failed"
}

Layer.launch(ServiceLive.pipe(Layer.tap(() => Effect.sync(scheduleHeapCompaction)))).pipe(
  Effect.catchCause((cause) =>
    Cause.hasInterruptsOnly(cause)
      ? Effect.void
      : Console.error(startupFailureLine(cause)).pipe(Effect.andThen(Effect.sync(() => {
        process.exitCode = 1
      })))
  ),
  Effect.provide(NodeServices.layer),
  Effect.provide(Logger.layer([Logger.consoleJson])),
  NodeRuntime.runMain({ disableErrorReporting: true })
)
