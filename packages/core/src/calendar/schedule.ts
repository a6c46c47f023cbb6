/**
 * Route schedule: schema, validation (`INVALID_SCHEDULE`) and the compiled calendar
 * the cutoff engine runs on.
 *
 * Window rule (CONTRACT "Route windows"): the window of route date D closes at
 * D − cutoffDaysBefore days at cutoffTime and opens at 00:00 of the day after the
 * previous route date of the same calendar. In wall-clock terms a date whose previous
 * route date is g days earlier has a non-empty window iff
 *
 *     (cutoffDaysBefore + 1 − g) · 24 h < cutoffTime
 *
 * Calendars repeat every 7 (weekly) or 14 (biweekly) days, so checking one period
 * decides whether any window is non-empty; a calendar with none is `INVALID_SCHEDULE`.
 * Dates whose own window is empty (e.g. Tuesday of a Monday/Tuesday route closing a day
 * before) stay operating days but never receive quotations.
 */
import { Effect, Result, Schema } from "effect"
import type { Brand } from "effect"
import { InvalidSchedule } from "../errors.ts"
import {
  DAY_MS,
  formatEpochDay,
  isoWeekday,
  isoWeekStart,
  type IsoWeekday,
  MINUTE_MS,
  parseClockTime,
  parseEpochDay
} from "./civil-date.ts"

export const Frequency = Schema.Literals(["weekly", "biweekly"])
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

export interface ScheduleFields {
  /** Sorted, without duplicates. */
  readonly operationDays: ReadonlyArray<IsoWeekday>
  readonly frequency: Frequency
  /** `YYYY-MM-DD` for biweekly; always `null` for weekly. */
  readonly anchorDate: string | null
  readonly cutoffDaysBefore: number
  /** `HH:MM`, America/Bogota. */
  readonly cutoffTime: string
}

/** A schedule that passed `validateSchedule` (has at least one non-empty window). */
export type Schedule = ScheduleFields & Brand.Brand<"ValidSchedule">

/** Why a schedule is unusable (`InvalidSchedule.details.reason`). */
export type InvalidScheduleReason =
  | "MALFORMED"
  | "NO_OPERATION_DAYS"
  | "DAY_OUT_OF_RANGE"
  | "INVALID_FREQUENCY"
  | "CUTOFF_DAYS_OUT_OF_RANGE"
  | "INVALID_CUTOFF_TIME"
  | "ANCHOR_REQUIRED"
  | "INVALID_ANCHOR_DATE"
  | "ANCHOR_NOT_OPERATING_DAY"
  | "EMPTY_WINDOWS"

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`

const invalid = (reason: InvalidScheduleReason, field: string, message: string) =>
  Result.fail(new InvalidSchedule({ message, details: { reason, field } }))

/**
 * The calendar in the form the cutoff engine uses: one period of day slots starting
 * on a Monday (`origin`), each slot knowing whether it is an operating day, the gap to
 * the previous operating day, and the distance to the next date with a non-empty window.
 */
export interface CompiledCalendar {
  readonly period: 7 | 14
  /** An epoch day (a Monday) whose slot index is 0. */
  readonly origin: number
  readonly operates: ReadonlyArray<boolean>
  /** Days back from this slot's date to the previous operating date (operating slots only). */
  readonly previousGap: ReadonlyArray<number>
  /** Whether the window of an operating slot is non-empty (wall-clock terms). */
  readonly usable: ReadonlyArray<boolean>
  /** Days from this slot to the next slot (itself included) with a usable window. */
  readonly toNextUsable: ReadonlyArray<number>
  readonly cutoffDaysBefore: number
  /** cutoffTime as milliseconds after midnight. */
  readonly cutoffMs: number
}

const compiled = new WeakMap<ScheduleFields, CompiledCalendar>()

const WEEK_ORIGIN = -3 // 1969-12-29, a Monday

const compile = (
  days: ReadonlyArray<IsoWeekday>,
  frequency: Frequency,
  anchorDay: number | null,
  cutoffDaysBefore: number,
  cutoffMinutes: number
): CompiledCalendar => {
  const period = frequency === "weekly" ? 7 : 14
  const origin = frequency === "weekly" || anchorDay === null ? WEEK_ORIGIN : isoWeekStart(anchorDay)
  const operates: Array<boolean> = []
  for (let i = 0; i < period; i++) operates.push(i < 7 && days.includes((i + 1) as IsoWeekday))
  const cutoffMs = cutoffMinutes * MINUTE_MS
  const previousGap: Array<number> = []
  const usable: Array<boolean> = []
  for (let i = 0; i < period; i++) {
    let gap = 0
    if (operates[i]) {
      gap = 1
      while (!operates[(((i - gap) % period) + period) % period]) gap++
    }
    previousGap.push(gap)
    usable.push(operates[i] === true && (cutoffDaysBefore + 1 - gap) * DAY_MS < cutoffMs)
  }
  const toNextUsable: Array<number> = []
  for (let i = 0; i < period; i++) {
    let distance = 0
    while (distance < period && !usable[(i + distance) % period]) distance++
    toNextUsable.push(distance)
  }
  return { period, origin, operates, previousGap, usable, toNextUsable, cutoffDaysBefore, cutoffMs }
}

/**
 * Validates a schedule. Normalizes it on the way: operation days sorted and
 * de-duplicated, `anchorDate` cleared for weekly routes (they ignore it).
 */
export const validateSchedule = (input: ScheduleInput): Result.Result<Schedule, InvalidSchedule> => {
  const rawDays = input.operationDays
  if (rawDays.length === 0) {
    return invalid(
      "NO_OPERATION_DAYS",
      "operationDays",
      "operationDays must list at least one ISO weekday (1 = Monday … 7 = Sunday)"
    )
  }
  for (const day of rawDays) {
    if (!Number.isInteger(day) || day < 1 || day > 7) {
      return invalid(
        "DAY_OUT_OF_RANGE",
        "operationDays",
        `operationDays contains ${day}; ISO weekdays go from 1 (Monday) to 7 (Sunday)`
      )
    }
  }
  const days = [...new Set(rawDays)].sort((a, b) => a - b) as Array<IsoWeekday>
  const frequency = input.frequency
  if (frequency !== "weekly" && frequency !== "biweekly") {
    return invalid(
      "INVALID_FREQUENCY",
      "frequency",
      `frequency must be "weekly" or "biweekly", got "${frequency}"`
    )
  }
  const cutoffDaysBefore = input.cutoffDaysBefore
  if (!Number.isInteger(cutoffDaysBefore) || cutoffDaysBefore < 0 || cutoffDaysBefore > 13) {
    return invalid(
      "CUTOFF_DAYS_OUT_OF_RANGE",
      "cutoffDaysBefore",
      `cutoffDaysBefore must be an integer from 0 to 13, got ${cutoffDaysBefore}`
    )
  }
  const cutoffMinutes = parseClockTime(input.cutoffTime)
  if (cutoffMinutes === undefined) {
    return invalid(
      "INVALID_CUTOFF_TIME",
      "cutoffTime",
      `cutoffTime must be HH:MM between 00:00 and 23:59, got "${input.cutoffTime}"`
    )
  }
  let anchorDay: number | null = null
  if (frequency === "biweekly") {
    const anchor = input.anchorDate
    if (anchor === undefined || anchor === null || anchor === "") {
      return invalid(
        "ANCHOR_REQUIRED",
        "anchorDate",
        "A biweekly route needs anchorDate: a YYYY-MM-DD date, on one of its operation days, in a week when it operates"
      )
    }
    const parsed = parseEpochDay(anchor)
    if (parsed === undefined) {
      return invalid(
        "INVALID_ANCHOR_DATE",
        "anchorDate",
        `anchorDate must be a real date written YYYY-MM-DD, got "${anchor}"`
      )
    }
    if (!days.includes(isoWeekday(parsed))) {
      return invalid(
        "ANCHOR_NOT_OPERATING_DAY",
        "anchorDate",
        `anchorDate ${anchor} falls on ISO weekday ${isoWeekday(parsed)}, which is not one of operationDays`
      )
    }
    anchorDay = parsed
  }
  const calendar = compile(days, frequency, anchorDay, cutoffDaysBefore, cutoffMinutes)
  if (!calendar.usable.some((u) => u)) {
    const longestGap = Math.max(...calendar.previousGap)
    const fix = longestGap === 1
      ? "use cutoffDaysBefore 0 with a cutoffTime after 00:00"
      : `use cutoffDaysBefore ${longestGap - 2} or less, or ${longestGap - 1} with a cutoffTime after 00:00`
    return invalid(
      "EMPTY_WINDOWS",
      "cutoffDaysBefore",
      "Every window of this calendar closes before it opens: a route date's window opens at 00:00 the day " +
        `after the previous route date (at most ${plural(longestGap, "day")} earlier here), so closing ` +
        `${plural(cutoffDaysBefore, "day")} before at ${input.cutoffTime} leaves no time to order; ${fix}`
    )
  }
  const schedule = Object.freeze({
    operationDays: Object.freeze(days),
    frequency,
    anchorDate: anchorDay === null ? null : formatEpochDay(anchorDay),
    cutoffDaysBefore,
    cutoffTime: input.cutoffTime
  }) as Schedule
  compiled.set(schedule, calendar)
  return Result.succeed(schedule)
}

/** Decodes and validates an unknown value; every failure is `InvalidSchedule`. */
export const decodeSchedule = (input: unknown): Result.Result<Schedule, InvalidSchedule> => {
  const decoded = Schema.decodeUnknownResult(ScheduleInput)(input)
  if (Result.isFailure(decoded)) {
    return invalid("MALFORMED", "schedule", `Malformed schedule: ${decoded.failure.message}`)
  }
  return validateSchedule(decoded.success)
}

/** `validateSchedule` as an Effect. */
export const makeSchedule = (input: ScheduleInput): Effect.Effect<Schedule, InvalidSchedule> =>
  Effect.fromResult(validateSchedule(input))

/** Whether the schedule is usable (`validateSchedule` succeeds). */
export const isValidSchedule = (input: ScheduleInput): boolean => Result.isSuccess(validateSchedule(input))

/**
 * The compiled calendar of a validated schedule. A `Schedule` copied outside
 * `validateSchedule` (e.g. via `structuredClone`) is re-validated once.
 */
export const calendarOf = (schedule: Schedule): CompiledCalendar => {
  const found = compiled.get(schedule)
  if (found !== undefined) return found
  const revalidated = validateSchedule(schedule)
  if (Result.isFailure(revalidated)) throw revalidated.failure
  const calendar = compiled.get(revalidated.success)!
  compiled.set(schedule, calendar)
  return calendar
}

/** Slot index of an epoch day in the calendar's period. */
export const slotOf = (calendar: CompiledCalendar, epochDay: number): number =>
  (((epochDay - calendar.origin) % calendar.period) + calendar.period) % calendar.period

/** Whether the route operates on an epoch day. */
export const operatesOn = (schedule: Schedule, epochDay: number): boolean => {
  const calendar = calendarOf(schedule)
  return calendar.operates[slotOf(calendar, epochDay)] === true
}

/** The plain fields of a schedule (e.g. for JSON). */
export const scheduleFields = (schedule: Schedule): ScheduleFields => ({
  operationDays: [...schedule.operationDays],
  frequency: schedule.frequency,
  anchorDate: schedule.anchorDate,
  cutoffDaysBefore: schedule.cutoffDaysBefore,
  cutoffTime: schedule.cutoffTime
})
