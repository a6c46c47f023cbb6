/**
 * The spec's Cutoff status, Effect-facing: its `Schema` (the HTTP API's response
 * schemas use it), the status "now" from `Clock`, and `ensureRouteOpen` failing with
 * `RouteClosed`. The computation and rendering are plain TypeScript in
 * `cutoff-status-json.ts` (re-exported here), shared with the offline preview.
 */
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { RouteClosed } from "../routes/errors.ts"
import type { CutoffOptions } from "./cutoff.ts"
import { cutoffStatus, type CutoffScheduleJson, type CutoffStatusJson, missingRouteStatus } from "./cutoff-status-json.ts"
import { Frequency, type Schedule } from "./schedule.ts"

export * from "./cutoff-status-json.ts"

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

// The Schemas and the plain renderer's types describe the same values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameShapes: [Same<CutoffSchedule, CutoffScheduleJson>, Same<CutoffStatus, CutoffStatusJson>] = [true, true]
void sameShapes

/** Cutoff status now, reading the time from `Clock` (so `TestClock` can drive it). */
export const currentCutoffStatus = (schedule: Schedule | null, options?: CutoffOptions): Effect.Effect<CutoffStatus> =>
  Effect.map(DateTime.now, (now) => (schedule === null ? missingRouteStatus() : cutoffStatus(schedule, now, options)))

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
