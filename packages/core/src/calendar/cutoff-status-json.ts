/**
 * The spec's Cutoff status as plain JSON data, in plain TypeScript (no Effect). The
 * HTTP API, `cli cutoff preview --json` and the offline preview (`../preview.ts`) all
 * print what `renderCutoffStatus` returns, so they agree to the byte. The `Schema` of
 * this shape, and the Effect APIs around it, are in `cutoff-status.ts`.
 *
 * Field shape (key order as listed):
 *
 * | field              | JSON                                    | note                                  |
 * |--------------------|-----------------------------------------|---------------------------------------|
 * | isOpen             | boolean                                 |                                       |
 * | routeDate          | string? `2026-11-26T00:00:00-05:00`     | 00:00 Bogota of the route date        |
 * | deadline           | string? `2026-11-25T17:00:00-05:00`     | window close (exclusive)              |
 * | windowOpensAt      | string?                                 | window opening (inclusive)            |
 * | nextOpenDate       | string?                                 | closed: = windowOpensAt               |
 * | upcomingRouteDates | string[] `YYYY-MM-DD`                   | ≤ 4, first = routeDate's date         |
 * | schedule           | {operationDays, frequency, anchorDate, cutoffDaysBefore, cutoffTime, label}? | null without route |
 * | message            | string                                  | Spanish, ready to send                |
 * | missingRoute       | boolean                                 | always present; true only without route |
 *
 * Timestamps carry the zone's actual offset (`-05:00` for Bogota), seconds precision.
 */
import { bogota, zoneRules } from "./bogota-time.ts"
import { DAY_MS, formatEpochDay } from "./civil-date.ts"
import { cutoffMessage, MISSING_ROUTE_MESSAGE } from "./cutoff-message.ts"
import { type CutoffEvaluation, type CutoffOptions, evaluateCutoff } from "./cutoff.ts"
import { type CalendarInstant, epochMillisOf } from "./epoch-millis.ts"
import { scheduleLabel } from "./label.ts"
import type { RouteFrequency, Schedule } from "./schedule-rules.ts"

/** The `schedule` object of the Cutoff status. */
export interface CutoffScheduleJson {
  readonly operationDays: ReadonlyArray<number>
  readonly frequency: RouteFrequency
  readonly anchorDate: string | null
  readonly cutoffDaysBefore: number
  readonly cutoffTime: string
  readonly label: string
}

/** The spec's Cutoff status. */
export interface CutoffStatusJson {
  readonly isOpen: boolean
  readonly routeDate: string | null
  readonly deadline: string | null
  readonly windowOpensAt: string | null
  readonly nextOpenDate: string | null
  readonly upcomingRouteDates: ReadonlyArray<string>
  readonly schedule: CutoffScheduleJson | null
  readonly message: string
  readonly missingRoute: boolean
}

const labels = new WeakMap<Schedule, string>()

/** `scheduleLabel`, memoized per validated schedule. */
export const labelOf = (schedule: Schedule): string => {
  let label = labels.get(schedule)
  if (label === undefined) {
    label = scheduleLabel(schedule)
    labels.set(schedule, label)
  }
  return label
}

/** The `schedule` object of the Cutoff status (also the route's `schedule` in webhooks). */
export const cutoffSchedule = (schedule: Schedule): CutoffScheduleJson => ({
  operationDays: [...schedule.operationDays],
  frequency: schedule.frequency,
  anchorDate: schedule.anchorDate,
  cutoffDaysBefore: schedule.cutoffDaysBefore,
  cutoffTime: schedule.cutoffTime,
  label: labelOf(schedule)
})

/** Renders an evaluation made at `now` as the spec's Cutoff status. */
export const renderCutoffStatus = (
  schedule: Schedule,
  evaluation: CutoffEvaluation,
  now: CalendarInstant,
  options?: CutoffOptions
): CutoffStatusJson => {
  const zone = options?.timeZone === undefined ? bogota : zoneRules(options.timeZone)
  return {
    isOpen: evaluation.isOpen,
    routeDate: zone.formatIso(zone.instantOf(evaluation.routeDate, 0)),
    deadline: zone.formatIso(evaluation.deadline),
    windowOpensAt: zone.formatIso(evaluation.windowOpensAt),
    nextOpenDate: zone.formatIso(evaluation.nextOpenDate),
    upcomingRouteDates: evaluation.upcomingRouteDates.map(formatEpochDay),
    schedule: cutoffSchedule(schedule),
    message: cutoffMessage(evaluation, epochMillisOf(now), zone),
    missingRoute: false
  }
}

/** Evaluates and renders: the Cutoff status of a route at an instant. */
export const cutoffStatus = (schedule: Schedule, at: CalendarInstant, options?: CutoffOptions): CutoffStatusJson =>
  renderCutoffStatus(schedule, evaluateCutoff(schedule, at, options), at, options)

/** A Cutoff status together with the instant it can next change. */
export interface TimedCutoffStatus {
  readonly status: CutoffStatusJson
  /**
   * Epoch ms before which evaluating again gives exactly the same status: the window's
   * next opening or close, or the next Bogota midnight (the message says "hoy" /
   * "mañana" relative to the current day), whichever comes first. Infinite without a
   * route. Lets a caller reuse a status without ever serving a stale one.
   */
  readonly changesAt: number
}

/** `cutoffStatus` and the instant it next changes. */
export const timedCutoffStatus = (
  schedule: Schedule,
  at: CalendarInstant,
  options?: CutoffOptions
): TimedCutoffStatus => {
  const evaluation = evaluateCutoff(schedule, at, options)
  const zone = options?.timeZone === undefined ? bogota : zoneRules(options.timeZone)
  const t = epochMillisOf(at)
  const today = Math.floor((t + zone.offsetAt(t)) / DAY_MS)
  const nextMidnight = zone.instantOf(today + 1, 0)
  return {
    status: renderCutoffStatus(schedule, evaluation, at, options),
    changesAt: Math.min(evaluation.isOpen ? evaluation.deadline : evaluation.windowOpensAt, nextMidnight)
  }
}

/** Cutoff status of a branch without a route: closed, `missingRoute: true`, no dates. */
export const missingRouteStatus = (): CutoffStatusJson => ({
  isOpen: false,
  routeDate: null,
  deadline: null,
  windowOpensAt: null,
  nextOpenDate: null,
  upcomingRouteDates: [],
  schedule: null,
  message: MISSING_ROUTE_MESSAGE,
  missingRoute: true
})

/** The quotation's `routeDate` (`YYYY-MM-DD`) of a status, `null` without route. */
export const routeDateOf = (status: CutoffStatusJson): string | null => status.upcomingRouteDates[0] ?? null
