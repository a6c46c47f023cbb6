/**
 * The time frames of the statistics, in `America/Bogota` calendar days and months
 * (spec "Statistics": `dateFrom`/`dateTo` filter on creation time; `monthlyRevenue`
 * covers the last 12 months).
 *
 * `dateFrom` and `dateTo` are both inclusive whole days: `dateFrom` 00:00 Bogota up to,
 * but not including, 00:00 Bogota of the day after `dateTo`. So `dateFrom=dateTo=D` is
 * the whole of day D, which is what a person picking two dates in a panel means.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { bogota } from "../calendar/bogota-time.ts"
import { civilFromEpochDay, epochDayFromCivil, formatEpochDay, parseEpochDay } from "../calendar/civil-date.ts"
import { ValidationError } from "../shared/errors.ts"

/** Months in `monthlyRevenue`, the current one included (spec "Limits"). */
export const monthlyRevenueMonths = 12

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const CalendarDate = Schema.String.check(
  Schema.makeFilter((text: string) => parseEpochDay(text) !== undefined || "a real date in the form YYYY-MM-DD", {
    expected: "a date YYYY-MM-DD"
  })
)

export interface DateRange {
  readonly dateFrom?: string | undefined
  readonly dateTo?: string | undefined
}

/** Creation instants `[from, to)`; `null` is unbounded. */
export interface CreationWindow {
  readonly from: Date | null
  readonly to: Date | null
}

const startOfDay = (epochDay: number): Date => new Date(bogota.instantOf(epochDay, 0))

const invalidDate = (field: "dateFrom" | "dateTo", message: string) =>
  new ValidationError({ message, details: { issues: [{ path: ["query", field], message }] } })

/** The creation window of a date range, or `VALIDATION_ERROR` for a malformed or reversed range. */
export const creationWindow = (range: DateRange): Result.Result<CreationWindow, ValidationError> => {
  const from = range.dateFrom === undefined ? undefined : parseEpochDay(range.dateFrom)
  const to = range.dateTo === undefined ? undefined : parseEpochDay(range.dateTo)
  if (range.dateFrom !== undefined && from === undefined) {
    return Result.fail(invalidDate("dateFrom", "dateFrom must be a real date in the form YYYY-MM-DD"))
  }
  if (range.dateTo !== undefined && to === undefined) {
    return Result.fail(invalidDate("dateTo", "dateTo must be a real date in the form YYYY-MM-DD"))
  }
  if (from !== undefined && to !== undefined && from > to) {
    return Result.fail(invalidDate("dateTo", "dateTo must not be earlier than dateFrom"))
  }
  return Result.succeed({
    from: from === undefined ? null : startOfDay(from),
    to: to === undefined ? null : startOfDay(to + 1)
  })
}

export interface MonthBucket {
  /** `YYYY-MM`. */
  readonly month: string
  readonly startsAt: Date
  readonly endsAt: Date
}

const firstDayOfMonth = (year: number, month: number): number =>
  epochDayFromCivil(year + Math.floor((month - 1) / 12), ((((month - 1) % 12) + 12) % 12) + 1, 1)

/** The last `monthlyRevenueMonths` Bogota months, oldest first, ending with the month of `nowMs`. */
export const lastMonths = (nowMs: number): ReadonlyArray<MonthBucket> => {
  const today = civilFromEpochDay(bogota.wallTime(nowMs).epochDay)
  return Array.from({ length: monthlyRevenueMonths }, (_, index) => {
    const month = today.month - (monthlyRevenueMonths - 1) + index
    const first = firstDayOfMonth(today.year, month)
    return {
      month: formatEpochDay(first).slice(0, 7),
      startsAt: startOfDay(first),
      endsAt: startOfDay(firstDayOfMonth(today.year, month + 1))
    }
  })
}
