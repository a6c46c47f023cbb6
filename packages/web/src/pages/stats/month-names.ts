/**
 * The months of the revenue series (`YYYY-MM`, Bogotá months: the service lists the last
 * twelve, a month without sales as 0) named in Spanish for the chart's axis and its table.
 */
export interface MonthRevenue {
  /** `YYYY-MM`, a Bogotá month. */
  readonly month: string
  readonly total: number
}

// The month is a calendar month, not an instant: read it at mid-month in UTC.
const atMidMonth = (month: string): Date => new Date(`${month}-15T12:00:00Z`)
const longMonth = new Intl.DateTimeFormat("es-CO", { timeZone: "UTC", month: "long", year: "numeric" })
const shortMonth = new Intl.DateTimeFormat("es-CO", { timeZone: "UTC", month: "short" })

/** "enero de 2025". */
export const monthName = (month: string): string => longMonth.format(atMidMonth(month))

/** "ene." — and the year under it on the first bar and on each January ("ene.\n2025"). */
export const axisMonthLabel = (month: string, isFirst: boolean): string => {
  const label = shortMonth.format(atMidMonth(month))
  return isFirst || month.endsWith("-01") ? `${label}\n${month.slice(0, 4)}` : label
}
