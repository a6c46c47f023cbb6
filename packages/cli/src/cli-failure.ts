/**
 * A command's failure: printed once as `CODE: message` on stderr, then the process
 * exits with `exitCode` (2 for an unusable input such as INVALID_SCHEDULE, 1 otherwise).
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Runtime from "effect/Runtime"
import * as Schema from "effect/Schema"

export class CliFailure extends Schema.TaggedError<CliFailure>()("CliFailure", {
  code: Schema.String,
  message: Schema.String,
  exitCode: Schema.Int
}) {
  override get [Runtime.errorExitCode](): number {
    return this.exitCode
  }
  // Printed by `failWith`; the runtime must not log it again.
  override readonly [Runtime.errorReported] = false
}

export const failWith = (code: string, message: string, exitCode = 1) =>
  Effect.andThen(Console.error(`${code}: ${message}`), Effect.fail(new CliFailure({ code, message, exitCode })))

/** Prints `value` as JSON with `--json`, else the human-readable `text`. */
export const printResult = (json: boolean, value: unknown, text: string) =>
  Console.log(json ? JSON.stringify(value, null, 2) : text)
