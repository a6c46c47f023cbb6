/**
 * Route schedule, Effect-facing: the `Schema`s of a schedule (HTTP API, webhooks) and
 * validation as a `Result` / `Effect` failing with `InvalidSchedule`
 * (`INVALID_SCHEDULE`). The rules themselves are plain TypeScript in
 * `schedule-rules.ts` (re-exported here), shared with the offline preview.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { InvalidSchedule } from "../routes/errors.ts"
import {
  checkSchedule,
  checkUnknownSchedule,
  ROUTE_FREQUENCIES,
  type RouteFrequency,
  type Schedule,
  type ScheduleCheck,
  type UncheckedSchedule
} from "./schedule-rules.ts"

export * from "./schedule-rules.ts"

export const Frequency = Schema.Literals(ROUTE_FREQUENCIES)
export type Frequency = typeof Frequency.Type

/** Strict shape of a valid schedule (for API definitions and documentation). */
export const ScheduleSchema = Schema.Struct({
  operationDays: Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 7 }))).check(
    Schema.isMinLength(1)
  ),
  frequency: Frequency,
  anchorDate: Schema.NullOr(Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))),
  cutoffDaysBefore: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 13 })),
  cutoffTime: Schema.String.check(Schema.isPattern(/^([01]\d|2[0-3]):[0-5]\d$/))
})

/**
 * Loose input shape: only JSON types are checked, so that every rule violation is
 * reported by `validateSchedule` as `INVALID_SCHEDULE` with a precise reason.
 */
export const ScheduleInput = Schema.Struct({
  operationDays: Schema.Array(Schema.Number),
  frequency: Schema.String,
  anchorDate: Schema.optional(Schema.NullOr(Schema.String)),
  cutoffDaysBefore: Schema.Number,
  cutoffTime: Schema.String
})
export type ScheduleInput = typeof ScheduleInput.Type

// The Schemas and the plain engine's types describe the same values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameShapes: [Same<Frequency, RouteFrequency>, Same<ScheduleInput, UncheckedSchedule>] = [true, true]
void sameShapes

const toResult = (check: ScheduleCheck): Result.Result<Schedule, InvalidSchedule> =>
  check.valid
    ? Result.succeed(check.schedule)
    : Result.fail(
      new InvalidSchedule({
        message: check.problem.message,
        details: { reason: check.problem.reason, field: check.problem.field }
      })
    )

/**
 * Validates a schedule. Normalizes it on the way: operation days sorted and
 * de-duplicated, `anchorDate` cleared for weekly routes (they ignore it).
 */
export const validateSchedule = (input: ScheduleInput): Result.Result<Schedule, InvalidSchedule> =>
  toResult(checkSchedule(input))

/** Decodes and validates an unknown value; every failure is `InvalidSchedule`. */
export const decodeSchedule = (input: unknown): Result.Result<Schedule, InvalidSchedule> =>
  toResult(checkUnknownSchedule(input))

/** `validateSchedule` as an Effect. */
export const makeSchedule = (input: ScheduleInput): Effect.Effect<Schedule, InvalidSchedule> =>
  Effect.fromResult(validateSchedule(input))

/** Whether the schedule is usable (`validateSchedule` succeeds). */
export const isValidSchedule = (input: ScheduleInput): boolean => checkSchedule(input).valid
