/**
 * The spec's Cutoff status, as JSON. Both the HTTP API and `cli cutoff preview --json`
 * print what `renderCutoffStatus` returns, so they agree to the byte.
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
import { DateTime, Effect, Result, Schema } from "effect"
import { RouteClosed } from "../errors.ts"
import { type Instant, toEpochMillis } from "../instant.ts"
import { bogota, zoneRules } from "./bogota-time.ts"
import { DAY_MS, formatEpochDay } from "./civil-date.ts"
import { cutoffMessage, MISSING_ROUTE_MESSAGE } from "./cutoff-message.ts"
import { type CutoffEvaluation, type CutoffOptions, evaluateCutoff } from "./cutoff.ts"
import { scheduleLabel } from "./label.ts"
import { Frequency, type Schedule } from "./schedule.ts"

export const CutoffSchedule = Schema.Struct({
  operationDays: Schema.Array(Schema.Int),
  frequency: Frequency,
  anchorDate: Schema.NullOr(Schema.String),
  cutoffDaysBefore: Schema.Int,
  cutoffTime: Schema.String,
  label: Schema.String
})
export type CutoffSchedule = typeof CutoffSchedule.Type

export const CutoffStatus = Schema.Struct({
  isOpen: Schema.Boolean,
  routeDate: Schema.NullOr(Schema.String),
  deadline: Schema.NullOr(Schema.String),
  windowOpensAt: Schema.NullOr(Schema.String),
  nextOpenDate: Schema.NullOr(Schema.String),
  upcomingRouteDates: Schema.Array(Schema.String),
  schedule: Schema.NullOr(CutoffSchedule),
  message: Schema.String,
  missingRoute: Schema.Boolean
})
export type CutoffStatus = typeof CutoffStatus.Type

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
export const cutoffSchedule = (schedule: Schedule): CutoffSchedule => ({
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
  now: Instant,
  options?: CutoffOptions
): CutoffStatus => {
  const zone = options?.timeZone === undefined ? bogota : zoneRules(options.timeZone)
  return {
    isOpen: evaluation.isOpen,
    routeDate: zone.formatIso(zone.instantOf(evaluation.routeDate, 0)),
    deadline: zone.formatIso(evaluation.deadline),
    windowOpensAt: zone.formatIso(evaluation.windowOpensAt),
    nextOpenDate: zone.formatIso(evaluation.nextOpenDate),
    upcomingRouteDates: evaluation.upcomingRouteDates.map(formatEpochDay),
    schedule: cutoffSchedule(schedule),
    message: cutoffMessage(evaluation, toEpochMillis(now), zone),
    missingRoute: false
  }
}

/** Evaluates and renders: the Cutoff status of a route at an instant. */
export const cutoffStatus = (schedule: Schedule, at: Instant, options?: CutoffOptions): CutoffStatus =>
  renderCutoffStatus(schedule, evaluateCutoff(schedule, at, options), at, options)

/** A Cutoff status together with the instant it can next change. */
export interface TimedCutoffStatus {
  readonly status: CutoffStatus
  /**
   * Epoch ms before which evaluating again gives exactly the same status: the window's
   * next opening or close, or the next Bogota midnight (the message says "hoy" /
   * "mañana" relative to the current day), whichever comes first. Infinite without a
   * route. Lets a caller reuse a status without ever serving a stale one.
   */
  readonly changesAt: number
}

/** `cutoffStatus` and the instant it next changes. */
export const timedCutoffStatus = (schedule: Schedule, at: Instant, options?: CutoffOptions): TimedCutoffStatus => {
  const evaluation = evaluateCutoff(schedule, at, options)
  const zone = options?.timeZone === undefined ? bogota : zoneRules(options.timeZone)
  const t = toEpochMillis(at)
  const today = Math.floor((t + zone.offsetAt(t)) / DAY_MS)
  const nextMidnight = zone.instantOf(today + 1, 0)
  return {
    status: renderCutoffStatus(schedule, evaluation, at, options),
    changesAt: Math.min(evaluation.isOpen ? evaluation.deadline : evaluation.windowOpensAt, nextMidnight)
  }
}

/** Cutoff status of a branch without a route: closed, `missingRoute: true`, no dates. */
export const missingRouteStatus = (): CutoffStatus => ({
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

/** Cutoff status now, reading the time from `Clock` (so `TestClock` can drive it). */
export const currentCutoffStatus = (schedule: Schedule | null, options?: CutoffOptions): Effect.Effect<CutoffStatus> =>
  Effect.map(DateTime.now, (now) => (schedule === null ? missingRouteStatus() : cutoffStatus(schedule, now, options)))

/** The quotation's `routeDate` (`YYYY-MM-DD`) of a status, `null` without route. */
export const routeDateOf = (status: CutoffStatus): string | null => status.upcomingRouteDates[0] ?? null

/**
 * Succeeds with the status when the window is open, else fails with `RouteClosed`
 * (message = the status message; details = nextOpenDate and routeDate, or missingRoute).
 * Quotation creation (web and chat) uses this after `cutoffStatus`.
 */
export const ensureRouteOpen = (status: CutoffStatus): Result.Result<CutoffStatus, RouteClosed> =>
  status.isOpen
    ? Result.succeed(status)
    : Result.fail(
      new RouteClosed({
        message: status.message,
        details: status.missingRoute
          ? { missingRoute: true }
          : { nextOpenDate: status.nextOpenDate, routeDate: status.routeDate }
      })
    )
