/**
 * `cutoff preview`: the server's cutoff computation, offline (no database).
 *
 *   npm run cli -- cutoff preview --days 1,4 --frequency weekly --cutoff-days-before 1 \
 *     --cutoff-time 17:00 [--anchor-date YYYY-MM-DD] [--at 2026-11-24T10:00:00-05:00] [--json]
 *
 * Prints the Cutoff status: a readable summary, or with `--json` exactly the JSON the
 * HTTP API returns (`renderCutoffStatus` of `@quote/core`). An unusable calendar prints
 * `INVALID_SCHEDULE: <message>` on stderr and exits 2; a malformed `--at` prints
 * `VALIDATION_ERROR: <message>` and exits 1. `--at` defaults to now (from `Clock`).
 *
 * Exported for the lead to mount under `cutoff` in `main.ts`.
 */
import {
  bogota,
  cutoffStatus,
  type CutoffStatus,
  decodeSchedule,
  InvalidSchedule,
  parseEpochDay,
  spanishDate
} from "@quote/core"
import { failWith } from "../cli-failure.ts"
import { Console, DateTime, Effect, Option, Result } from "effect"
import { Command, Flag } from "effect/cli"

/** Handler failure that has already been printed; carries the process exit code. */
const invalidSchedule = (message: string, reason: string, field: string) =>
  Result.fail(new InvalidSchedule({ message, details: { reason, field } }))

/** `1,4` → [1, 4]; anything that is not a comma-separated list of integers is INVALID_SCHEDULE. */
const parseDays = (text: string): Result.Result<Array<number>, InvalidSchedule> => {
  const items = text.split(",").map((s) => s.trim()).filter((s) => s !== "")
  const bad = items.find((s) => !/^\d+$/.test(s))
  if (bad !== undefined) {
    return invalidSchedule(
      `--days must be ISO weekdays separated by commas (1 = Monday … 7 = Sunday), got "${bad}"`,
      "DAY_OUT_OF_RANGE",
      "operationDays"
    )
  }
  return Result.succeed(items.map(Number))
}

const parseDaysBefore = (text: string): Result.Result<number, InvalidSchedule> =>
  /^\d+$/.test(text.trim())
    ? Result.succeed(Number(text.trim()))
    : invalidSchedule(
      `cutoffDaysBefore must be an integer from 0 to 13, got "${text}"`,
      "CUTOFF_DAYS_OUT_OF_RANGE",
      "cutoffDaysBefore"
    )

const ISO_INSTANT =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i

/**
 * `--at`: an ISO-8601 instant. With `Z` or an offset it is taken as is; without one it is
 * read as Bogota wall-clock time (`2026-11-26T16:59` = 4:59 p. m. in Bogota); a bare date
 * means 00:00 Bogota of that day.
 */
export const parseAt = (text: string): number | undefined => {
  const match = ISO_INSTANT.exec(text.trim())
  if (match === null) return undefined
  const [, date = "", hh = "00", mm = "00", ss = "00", fraction = "", zone] = match
  // Date.parse would roll 2026-02-30 over into March; insist on a real date.
  if (parseEpochDay(date) === undefined || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined
  const base = `${date}T${hh}:${mm}:${ss}.${(fraction + "000").slice(0, 3)}`
  if (zone !== undefined) {
    const offset = zone.toUpperCase() === "Z" ? "Z" : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone
    const ms = Date.parse(`${base}${offset}`)
    return Number.isNaN(ms) ? undefined : ms
  }
  const wallAsUtc = Date.parse(`${base}Z`)
  return Number.isNaN(wallAsUtc) ? undefined : bogota.instantFromWall(wallAsUtc)
}

/** Readable summary of a status evaluated at `at`. */
export const formatSummary = (status: CutoffStatus, at: number): string => {
  const routeDay = status.upcomingRouteDates[0]
  const epochDay = routeDay === undefined ? undefined : parseEpochDay(routeDay)
  const lines = [
    `At:               ${bogota.formatIso(at)}`,
    `Status:           ${status.isOpen ? "OPEN" : "CLOSED"}`,
    `Route date:       ${epochDay === undefined ? "-" : `${spanishDate(epochDay)} (${routeDay})`}`,
    `Window:           ${status.windowOpensAt ?? "-"} -> ${status.deadline ?? "-"} (deadline excluded)`,
    `Next opening:     ${status.nextOpenDate ?? "-"}`,
    `Upcoming dates:   ${status.upcomingRouteDates.join(", ") || "-"}`,
    `Schedule:         ${status.schedule?.label ?? "-"}`,
    `Message:          ${status.message}`
  ]
  return lines.join("\n")
}

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
    const schedule = Result.flatMap(parseDays(flags.days), (operationDays) =>
      Result.flatMap(parseDaysBefore(flags.cutoffDaysBefore), (cutoffDaysBefore) =>
        decodeSchedule({
          operationDays,
          frequency: flags.frequency,
          anchorDate: Option.getOrNull(flags.anchorDate),
          cutoffDaysBefore,
          cutoffTime: flags.cutoffTime
        })))
    if (Result.isFailure(schedule)) return yield* failWith(InvalidSchedule.code, schedule.failure.message, 2)
    let at: number
    if (Option.isSome(flags.at)) {
      const parsed = parseAt(flags.at.value)
      if (parsed === undefined) {
        return yield* failWith(
          "VALIDATION_ERROR",
          `--at must be an ISO-8601 instant such as 2026-11-26T17:00:00-05:00, got "${flags.at.value}"`,
          1
        )
      }
      at = parsed
    } else {
      at = DateTime.toEpochMillis(yield* DateTime.now)
    }
    const status = cutoffStatus(schedule.success, at)
    yield* Console.log(flags.json ? JSON.stringify(status, null, 2) : formatSummary(status, at))
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

/** Alias for mounting: `Command.withSubcommands([cutoffPreviewCommand])`. */
export const cutoffPreviewCommand = preview
