/**
 * Test helpers and an independent oracle for the cutoff rule.
 *
 * The oracle deliberately shares no code with the engine: it walks the calendar day by
 * day with `Date` and uses Bogota's fixed -05:00 offset (true since 1993; the engine
 * reads the tz database instead), so agreement between the two is meaningful.
 */
import { Result } from "effect"
import * as fc from "fast-check"
import { type Schedule, type ScheduleInput, validateSchedule } from "../../src/calendar/schedule.ts"

export const DAY = 86_400_000
export const BOGOTA_OFFSET = 5 * 3_600_000 // UTC = wall + 5 h

export const mustSchedule = (input: ScheduleInput): Schedule => Result.getOrThrow(validateSchedule(input))

/** Epoch day of `YYYY-MM-DD`. */
export const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY

/** Epoch ms of an ISO string. */
export const ms = (iso: string): number => {
  const value = Date.parse(iso)
  if (Number.isNaN(value)) throw new Error(`bad instant ${iso}`)
  return value
}

/** ISO weekday (1 = Monday) of an epoch day, via Date. */
export const weekdayOf = (epochDay: number): number => ((new Date(epochDay * DAY).getUTCDay() + 6) % 7) + 1

/** Monday (epoch day) of the week of an epoch day, via Date. */
export const mondayOf = (epochDay: number): number => epochDay - (weekdayOf(epochDay) - 1)

export const isoDate = (epochDay: number): string => new Date(epochDay * DAY).toISOString().slice(0, 10)

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** Brute-force: does the route operate on this day? */
export const oracleOperates = (input: ScheduleInput, epochDay: number): boolean => {
  if (!input.operationDays.includes(weekdayOf(epochDay))) return false
  if (input.frequency === "weekly") return true
  const anchorMonday = mondayOf(day(input.anchorDate!))
  const weeks = Math.round((mondayOf(epochDay) - anchorMonday) / 7)
  return Math.abs(weeks) % 2 === 0
}

export interface OracleWindow {
  readonly routeDay: number
  readonly opensAt: number
  readonly deadline: number
}

/** Brute-force window of an operating day (instants, Bogota at -05:00). */
export const oracleWindow = (input: ScheduleInput, routeDay: number): OracleWindow => {
  let previous = routeDay - 1
  while (!oracleOperates(input, previous)) previous--
  return {
    routeDay,
    opensAt: (previous + 1) * DAY + BOGOTA_OFFSET,
    deadline: (routeDay - input.cutoffDaysBefore) * DAY + minutesOf(input.cutoffTime) * 60_000 + BOGOTA_OFFSET
  }
}

/** Brute-force: does any window of the calendar have positive length? */
export const oracleHasWindow = (input: ScheduleInput): boolean => {
  const start = day("2026-01-05")
  for (let d = start; d < start + 28; d++) {
    if (!oracleOperates(input, d)) continue
    const w = oracleWindow(input, d)
    if (w.opensAt < w.deadline) return true
  }
  return false
}

/** Brute-force evaluation: the first non-empty window whose deadline is after t. */
export const oracleEvaluate = (input: ScheduleInput, t: number): { readonly isOpen: boolean } & OracleWindow => {
  const today = Math.floor((t - BOGOTA_OFFSET) / DAY)
  for (let d = today - 1; d < today + 60; d++) {
    if (!oracleOperates(input, d)) continue
    const w = oracleWindow(input, d)
    if (w.opensAt < w.deadline && w.deadline > t) return { ...w, isOpen: w.opensAt <= t }
  }
  throw new Error("oracle found no window")
}

const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) =>
  `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`
)

/**
 * Schedules whose fields are all in range (only the window rule can make them invalid).
 * Biweekly anchors fall on one of the operation days, within a few years of 2026.
 */
export const scheduleInputArb: fc.Arbitrary<ScheduleInput> = fc.record({
  operationDays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  frequency: fc.constantFrom("weekly" as const, "biweekly" as const),
  week: fc.integer({ min: -150, max: 150 }),
  anchorPick: fc.nat(),
  cutoffDaysBefore: fc.oneof(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 2 })),
  cutoffTime: fc.oneof(hhmm, fc.constantFrom("00:00", "00:01", "17:00", "23:59"))
}).map(({ anchorPick, cutoffDaysBefore, cutoffTime, frequency, operationDays, week }) => {
  const anchorWeekday = operationDays[anchorPick % operationDays.length]!
  const anchor = day("2026-01-05") + week * 7 + anchorWeekday - 1
  return {
    operationDays,
    frequency,
    anchorDate: frequency === "biweekly" ? isoDate(anchor) : null,
    cutoffDaysBefore,
    cutoffTime
  }
})

/** Valid schedules with their input. */
export const validScheduleArb: fc.Arbitrary<{ readonly input: ScheduleInput; readonly schedule: Schedule }> =
  scheduleInputArb
    .filter((input) => Result.isSuccess(validateSchedule(input)))
    .map((input) => ({ input, schedule: mustSchedule(input) }))

/** Instants 2024–2030, half of them on whole minutes (where the edges are). */
export const instantArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: ms("2024-01-01T00:00:00Z"), max: ms("2030-12-31T00:00:00Z") }),
  fc.integer({ min: ms("2024-01-01T00:00:00Z") / 60_000, max: ms("2030-12-31T00:00:00Z") / 60_000 }).map((m) =>
    m * 60_000
  )
)
