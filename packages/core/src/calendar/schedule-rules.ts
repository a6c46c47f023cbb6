/**
 * Route schedule rules in plain TypeScript (no Effect): validation with the reasons of
 * `INVALID_SCHEDULE`, and the compiled calendar the cutoff engine runs on. The
 * Effect-facing API (`Schema`s, `Result`, the `InvalidSchedule` error) is `schedule.ts`,
 * built on this; the offline preview (`../preview.ts`) uses this directly.
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

export const ROUTE_FREQUENCIES = ["weekly", "biweekly"] as const
export type RouteFrequency = typeof ROUTE_FREQUENCIES[number]

/** A schedule as received, before validation (the JSON types only). */
export interface UncheckedSchedule {
  readonly operationDays: ReadonlyArray<number>
  readonly frequency: string
  readonly anchorDate?: string | null | undefined
  readonly cutoffDaysBefore: number
  readonly cutoffTime: string
}

export interface ScheduleFields {
  /** Sorted, without duplicates. */
  readonly operationDays: ReadonlyArray<IsoWeekday>
  readonly frequency: RouteFrequency
  /** `YYYY-MM-DD` for biweekly; always `null` for weekly. */
  readonly anchorDate: string | null
  readonly cutoffDaysBefore: number
  /** `HH:MM`, America/Bogota. */
  readonly cutoffTime: string
}

declare const validSchedule: unique symbol

/** A schedule that passed validation (has at least one non-empty window). */
export type Schedule = ScheduleFields & { readonly [validSchedule]: true }

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

/** What is wrong with an unusable schedule. */
export interface ScheduleProblem {
  readonly reason: InvalidScheduleReason
  /** The offending field (`schedule` when the whole value is malformed). */
  readonly field: string
  readonly message: string
}

/** Outcome of checking a schedule. */
export type ScheduleCheck =
  | { readonly valid: true; readonly schedule: Schedule }
  | { readonly valid: false; readonly problem: ScheduleProblem }

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

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`

const invalid = (reason: InvalidScheduleReason, field: string, message: string): ScheduleCheck => ({
  valid: false,
  problem: { reason, field, message }
})

const compiled = new WeakMap<ScheduleFields, CompiledCalendar>()

const WEEK_ORIGIN = -3 // 1969-12-29, a Monday

const compile = (
  days: ReadonlyArray<IsoWeekday>,
  frequency: RouteFrequency,
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
 * Checks a schedule. Normalizes it on the way: operation days sorted and
 * de-duplicated, `anchorDate` cleared for weekly routes (they ignore it).
 */
export const checkSchedule = (input: UncheckedSchedule): ScheduleCheck => {
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
  return { valid: true, schedule }
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Which field of an unknown value breaks the JSON shape of a schedule, if any. */
const malformedField = (input: unknown): { readonly field: string; readonly expected: string } | undefined => {
  if (!isRecord(input)) return { field: "schedule", expected: "an object" }
  const days = input["operationDays"]
  if (!Array.isArray(days) || !days.every((day) => typeof day === "number")) {
    return { field: "operationDays", expected: "an array of numbers" }
  }
  if (typeof input["frequency"] !== "string") return { field: "frequency", expected: "a string" }
  const anchor = input["anchorDate"]
  if (anchor !== undefined && anchor !== null && typeof anchor !== "string") {
    return { field: "anchorDate", expected: "a string, null or absent" }
  }
  if (typeof input["cutoffDaysBefore"] !== "number") return { field: "cutoffDaysBefore", expected: "a number" }
  if (typeof input["cutoffTime"] !== "string") return { field: "cutoffTime", expected: "a string" }
  return undefined
}

/** Checks a value of unknown shape (e.g. parsed JSON): a wrong JSON type is `MALFORMED`. */
export const checkUnknownSchedule = (input: unknown): ScheduleCheck => {
  const malformed = malformedField(input)
  if (malformed !== undefined) {
    return invalid("MALFORMED", "schedule", `Malformed schedule: ${malformed.field} must be ${malformed.expected}`)
  }
  return checkSchedule(input as UncheckedSchedule)
}

/** Thrown where a schedule must already be valid and is not (see `calendarOf`). */
export class UnusableScheduleError extends Error {
  readonly code = "INVALID_SCHEDULE"
  readonly reason: InvalidScheduleReason
  readonly field: string

  constructor(problem: ScheduleProblem) {
    super(problem.message)
    this.name = "UnusableScheduleError"
    this.reason = problem.reason
    this.field = problem.field
  }
}

/**
 * The compiled calendar of a validated schedule. A `Schedule` copied outside
 * validation (e.g. via `structuredClone`) is re-validated once.
 */
export const calendarOf = (schedule: Schedule): CompiledCalendar => {
  const found = compiled.get(schedule)
  if (found !== undefined) return found
  const revalidated = checkSchedule(schedule)
  if (!revalidated.valid) throw new UnusableScheduleError(revalidated.problem)
  const calendar = compiled.get(revalidated.schedule)!
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
