/**
 * How a range of Bogotá days is read from the quotation rollups (migrations/0006): the
 * whole history is the 'all' row; otherwise the whole months inside the range come from
 * 'month' rows and the days before the first whole month and after the last one (the
 * "edges", at most a month each) from the quotations themselves.
 */
import { bogota } from "../calendar/bogota-time.ts"
import { civilFromEpochDay, epochDayFromCivil, formatEpochDay, parseEpochDay } from "../calendar/civil-date.ts"

/** Creation instants `[from, to)` read from base rows; `null` is unbounded. */
export interface EdgeWindow {
  readonly from: Date | null
  readonly to: Date | null
}

export type RollupCover =
  | { readonly _tag: "AllTime" }
  | {
    readonly _tag: "Range"
    /** First days (`YYYY-MM-01`) of the whole months `[from, to)`; `null` is unbounded; none when `from >= to`. */
    readonly months: { readonly from: string | null; readonly to: string | null } | null
    readonly edges: ReadonlyArray<EdgeWindow>
  }

const monthStart = (epochDay: number): number => {
  const { month, year } = civilFromEpochDay(epochDay)
  return epochDayFromCivil(year, month, 1)
}

/** The first day of the month of `epochDay`, or of the next month when it is not a month's first day. */
const monthCeiling = (epochDay: number): number => {
  const start = monthStart(epochDay)
  if (start === epochDay) return start
  const { month, year } = civilFromEpochDay(epochDay)
  return month === 12 ? epochDayFromCivil(year + 1, 1, 1) : epochDayFromCivil(year, month + 1, 1)
}

const instant = (epochDay: number): Date => new Date(bogota.instantOf(epochDay, 0))

/**
 * The cover of the days `[fromDay, toDay)` (epoch days, `undefined` unbounded). Both
 * unbounded is the whole history.
 */
export const rollupCover = (fromDay: number | undefined, toDay: number | undefined): RollupCover => {
  if (fromDay === undefined && toDay === undefined) return { _tag: "AllTime" }
  const first = fromDay === undefined ? undefined : monthCeiling(fromDay)
  const last = toDay === undefined ? undefined : monthStart(toDay)
  const edges: Array<EdgeWindow> = []
  const hasMonths = first === undefined || last === undefined || first < last
  // Days before the first whole month.
  if (fromDay !== undefined && first !== undefined) {
    const headEnd = toDay === undefined ? first : Math.min(first, toDay)
    if (fromDay < headEnd) edges.push({ from: instant(fromDay), to: instant(headEnd) })
  }
  // Days after the last whole month (not already in the head).
  if (toDay !== undefined && last !== undefined) {
    const tailStart = first === undefined ? last : Math.max(first, last)
    if (tailStart < toDay) edges.push({ from: instant(tailStart), to: instant(toDay) })
  }
  return {
    _tag: "Range",
    months: hasMonths
      ? {
        from: first === undefined ? null : formatEpochDay(first),
        to: last === undefined ? null : formatEpochDay(last)
      }
      : null,
    edges
  }
}

/** The cover of an inclusive `dateFrom`/`dateTo` range (already validated `YYYY-MM-DD` days). */
export const rollupCoverOfDates = (dateFrom: string | undefined, dateTo: string | undefined): RollupCover => {
  const from = dateFrom === undefined ? undefined : parseEpochDay(dateFrom)
  const to = dateTo === undefined ? undefined : parseEpochDay(dateTo)
  return rollupCover(from, to === undefined ? undefined : to + 1)
}
