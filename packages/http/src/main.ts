/**
 * Server entry point: `npm start`. Stops with one line on stderr and a non-zero exit
 * when the configuration or the database is unusable; SIGTERM/SIGINT drain and close the
 * service and exit 0 (`lifecycle/graceful-shutdown.ts`, docs/operations.md "Rolling restarts").
 */
import * as NodeServices from "@effect/platform-node/NodeServices"
import * as Cause from "effect/Cause"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Logger from "effect/Logger"
import { ServiceLive } from "./app.ts"
import { scheduleHeapCompaction } from "./heap-compaction.ts"
import { runUntilSignalled } from "./lifecycle/graceful-shutdown.ts"
import { batchedJsonLogger } from "./observability/log-output.ts"

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

const program = runUntilSignalled(ServiceLive, Effect.sync(scheduleHeapCompaction)).pipe(
  Effect.provide(NodeServices.layer),
  // JSON lines on stdout, written in batches (observability/log-output.ts).
  Effect.provide(Logger.layer([batchedJsonLogger()]))
)

Effect.runFork(program).addObserver((exit) => {
  if (Exit.isSuccess(exit)) {
    process.exit(0)
  }
  Effect.runFork(Console.error(startupFailureLine(exit.cause))).addObserver(() => process.exit(1))
})
