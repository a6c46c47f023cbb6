/**
 * `cutoff preview`: the server's cutoff computation, offline (no database).
 *
 *   npm run cli -- cutoff preview --days 1,4 --frequency weekly --cutoff-days-before 1 \
 *     --cutoff-time 17:00 [--anchor-date YYYY-MM-DD] [--at 2026-11-24T10:00:00-05:00] [--json]
 *
 * Prints the Cutoff status: a readable summary, or with `--json` exactly the JSON the
 * HTTP API returns (`cutoffPreview` of `@quote/core/preview`). An unusable calendar
 * prints `INVALID_SCHEDULE: <message>` on stderr and exits 2; a malformed `--at` prints
 * `VALIDATION_ERROR: <message>` and exits 1. `--at` defaults to now (from `Clock`).
 *
 * The work is `runCutoffPreview` (`cutoff-preview-run.ts`), shared with the fast path
 * `main.ts` takes for this command without loading `effect/cli`.
 */
import * as Console from "effect/Console"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Command from "effect/cli/Command"
import * as Flag from "effect/cli/Flag"
import { failWith } from "../cli-failure.ts"
import { runCutoffPreview } from "./cutoff-preview-run.ts"

export const preview = Command.make(
  "preview",
  {
    days: Flag.String("days").pipe(
      Flag.withMetavar("1,4"),
      Flag.withDescription("Operating ISO weekdays, comma-separated (1 = Monday … 7 = Sunday)")
    ),
    frequency: Flag.String("frequency").pipe(Flag.withMetavar("weekly|biweekly"), Flag.withDescription("Route frequency")),
    anchorDate: Flag.String("anchor-date").pipe(
      Flag.withMetavar("YYYY-MM-DD"),
      Flag.withDescription("Biweekly only: an operating day in a week when the route runs"),
      Flag.optional
    ),
    cutoffDaysBefore: Flag.String("cutoff-days-before").pipe(
      Flag.withMetavar("N"),
      Flag.withDescription("Days before the route date when reception closes, 0–13")
    ),
    cutoffTime: Flag.String("cutoff-time").pipe(
      Flag.withMetavar("HH:MM"),
      Flag.withDescription("Closing time, America/Bogota")
    ),
    at: Flag.String("at").pipe(
      Flag.withMetavar("ISO-8601"),
      Flag.withDescription(
        "Instant to evaluate, ISO-8601 (e.g. 2026-11-26T17:00:00-05:00; without offset = Bogota time). Default: now"
      ),
      Flag.optional
    ),
    json: Flag.Boolean("json").pipe(
      Flag.withDescription("Print the Cutoff status JSON, exactly as the API returns it"),
      Flag.withDefault(false)
    )
  },
  Effect.fnUntraced(function*(flags) {
    const now = DateTime.toEpochMillis(yield* DateTime.now)
    const outcome = runCutoffPreview({
      days: flags.days,
      frequency: flags.frequency,
      anchorDate: Option.getOrUndefined(flags.anchorDate),
      cutoffDaysBefore: flags.cutoffDaysBefore,
      cutoffTime: flags.cutoffTime,
      at: Option.getOrUndefined(flags.at),
      json: flags.json
    }, now)
    if (!outcome.ok) return yield* failWith(outcome.code, outcome.message, outcome.exitCode)
    yield* Console.log(outcome.stdout)
  })
).pipe(
  Command.withDescription("Preview a route calendar's cutoff status offline (same computation as the server)"),
  Command.withExamples([
    {
      command: "cutoff preview --days 1,4 --frequency weekly --cutoff-days-before 1 --cutoff-time 17:00",
      description: "Monday/Thursday route closing the day before at 5 p.m., evaluated now"
    },
    {
      command: "cutoff preview --days 3 --frequency biweekly --anchor-date 2026-11-25 --cutoff-days-before 2 " +
        "--cutoff-time 17:00 --at 2026-11-23T16:59:00-05:00 --json",
      description: "Biweekly Wednesday route at a given instant, as JSON"
    }
  ])
)
