/**
 * What `cutoff preview` does with its flags, in plain TypeScript: both the `effect/cli`
 * command (`cutoff-preview.ts`) and the fast path (`cutoff-preview-fast.ts`) call
 * `runCutoffPreview`, so they print the same text and exit with the same code. The
 * status itself comes from `cutoffPreview` of `@quote/core/preview`, the code the
 * server and the chatbot's offline preview run.
 *
 * Imports only plain modules of `@quote/core` (no Effect), so the fast path stays fast.
 */
import { bogota } from "@quote/core/calendar/bogota-time"
import { parseEpochDay } from "@quote/core/calendar/civil-date"
import { malformedInstantMessage, parseIsoInstant } from "@quote/core/calendar/iso-instant"
import { spanishDate } from "@quote/core/calendar/spanish"
import { type CutoffStatusJson, cutoffPreview, InvalidInstantError, UnusableScheduleError } from "@quote/core/preview"

/** The flags of `cutoff preview`, as typed on the command line. */
export interface CutoffPreviewFlags {
  readonly days: string
  readonly frequency: string
  readonly anchorDate: string | undefined
  readonly cutoffDaysBefore: string
  readonly cutoffTime: string
  readonly at: string | undefined
  readonly json: boolean
}

/** What to print: a line on stdout, or `CODE: message` on stderr and an exit code. */
export type CutoffPreviewOutcome =
  | { readonly ok: true; readonly stdout: string }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly exitCode: number }

const INVALID_SCHEDULE_EXIT = 2
const INVALID_AT_EXIT = 1

const unusable = (message: string): CutoffPreviewOutcome => ({
  ok: false,
  code: "INVALID_SCHEDULE",
  message,
  exitCode: INVALID_SCHEDULE_EXIT
})

/** `1,4` → [1, 4]; else the first item that is not an integer (the list is INVALID_SCHEDULE). */
const parseDays = (text: string): Array<number> | string => {
  const items = text.split(",").map((s) => s.trim()).filter((s) => s !== "")
  const bad = items.find((s) => !/^\d+$/.test(s))
  return bad === undefined ? items.map(Number) : bad
}

/** Readable summary of a status evaluated at `at`. */
export const formatSummary = (status: CutoffStatusJson, at: number): string => {
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

/**
 * Runs `cutoff preview` at `now` (epoch ms, used when `--at` is absent). An unusable
 * calendar, days that are not numbers included, is INVALID_SCHEDULE (exit 2); a
 * malformed `--at` is VALIDATION_ERROR (exit 1). The calendar is checked first.
 */
export const runCutoffPreview = (flags: CutoffPreviewFlags, now: number): CutoffPreviewOutcome => {
  const days = parseDays(flags.days)
  if (typeof days === "string") {
    return unusable(`--days must be ISO weekdays separated by commas (1 = Monday … 7 = Sunday), got "${days}"`)
  }
  const daysBefore = flags.cutoffDaysBefore.trim()
  if (!/^\d+$/.test(daysBefore)) {
    return unusable(`cutoffDaysBefore must be an integer from 0 to 13, got "${flags.cutoffDaysBefore}"`)
  }
  const schedule = {
    operationDays: days,
    frequency: flags.frequency,
    anchorDate: flags.anchorDate ?? null,
    cutoffDaysBefore: Number(daysBefore),
    cutoffTime: flags.cutoffTime
  }
  try {
    const status = cutoffPreview(schedule, flags.at ?? now)
    const at = flags.at === undefined ? now : parseIsoInstant(flags.at) ?? now
    return { ok: true, stdout: flags.json ? JSON.stringify(status, null, 2) : formatSummary(status, at) }
  } catch (error) {
    if (error instanceof UnusableScheduleError) return unusable(error.message)
    if (error instanceof InvalidInstantError) {
      return {
        ok: false,
        code: error.code,
        message: malformedInstantMessage("--at", flags.at ?? ""),
        exitCode: INVALID_AT_EXIT
      }
    }
    throw error
  }
}
