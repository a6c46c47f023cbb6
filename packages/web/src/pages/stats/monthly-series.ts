/**
 * The monthly revenue as the chart and its table show it: every month from the first to
 * the last the service reports, a month without sales as 0 (the service lists only months
 * with sales), oldest first; and the month's names in Spanish.
 */
export interface MonthRevenue {
  /** `YYYY-MM`, a Bogotá month. */
  readonly month: string
  readonly total: number
}

const monthIndex = (month: string): number => {
  const [year, number] = month.split("-").map(Number)
  return (year ?? 0) * 12 + (number ?? 1) - 1
}

const monthOf = (index: number): string =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`

export const monthlySeries = (reported: ReadonlyArray<MonthRevenue>): ReadonlyArray<MonthRevenue> => {
  if (reported.length === 0) return []
  const totals = new Map(reported.map((entry) => [monthIndex(entry.month), entry.total]))
  const indexes = [...totals.keys()]
  const first = Math.min(...indexes)
  const last = Math.max(...indexes)
  return Array.from({ length: last - first + 1 }, (_, offset) => ({
    month: monthOf(first + offset),
    total: totals.get(first + offset) ?? 0
  }))
}

// The month is a calendar month, not an instant: read it at mid-month in UTC.
const atMidMonth = (month: string): Date => {
  const index = monthIndex(month)
  return new Date(Date.UTC(Math.floor(index / 12), index % 12, 15))
}
const longMonth = new Intl.DateTimeFormat("es-CO", { timeZone: "UTC", month: "long", year: "numeric" })
const shortMonth = new Intl.DateTimeFormat("es-CO", { timeZone: "UTC", month: "short" })

/** "enero de 2025". */
export const monthName = (month: string): string => longMonth.format(atMidMonth(month))

/** "ene." — and the year under it on the first bar and on each January ("ene.\n2025"). */
export const axisMonthLabel = (month: string, isFirst: boolean): string => {
  const label = shortMonth.format(atMidMonth(month))
  return isFirst || month.endsWith("-01") ? `${label}\n${month.slice(0, 4)}` : label
}
