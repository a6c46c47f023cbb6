/**
 * The route's `scheduleLabel`: a one-line Spanish description of its calendar.
 *
 *   <days>[, <frequency>]. Cierre: <when> <a las time>.
 *
 * - days: "Lunes y jueves"; three or more consecutive weekdays read as a range
 *   ("De lunes a viernes"); all seven: "Todos los días".
 * - frequency: "cada semana" / "cada dos semanas"; omitted for a weekly every-day route
 *   ("Todos los días, cada semana" says nothing more than "Todos los días").
 * - when: "el mismo día", "1 día antes", "N días antes" (relative to the route date).
 *
 * Examples: "Lunes y jueves, cada semana. Cierre: 1 día antes a las 5:00 p. m.",
 * "Todos los días. Cierre: el mismo día a las 11:59 p. m.",
 * "Miércoles, cada dos semanas. Cierre: 2 días antes a las 5:00 p. m.".
 */
import { MINUTE_MS, parseClockTime } from "./civil-date.ts"
import type { ScheduleFields } from "./schedule-rules.ts"
import { atSpanishTime, capitalize, endSentence, joinSpanish, weekdayName } from "./spanish.ts"

const daysText = (days: ReadonlyArray<number>): string => {
  const sorted = [...new Set(days)].sort((a, b) => a - b)
  if (sorted.length === 7) return "Todos los días"
  const consecutive = sorted.every((day, i) => i === 0 || day === sorted[i - 1]! + 1)
  if (sorted.length >= 3 && consecutive) {
    return `De ${weekdayName(sorted[0]!)} a ${weekdayName(sorted[sorted.length - 1]!)}`
  }
  return capitalize(joinSpanish(sorted.map(weekdayName)))
}

const cutoffText = (daysBefore: number): string =>
  daysBefore === 0 ? "el mismo día" : daysBefore === 1 ? "1 día antes" : `${daysBefore} días antes`

/** Spanish label of a schedule (valid or not: it only describes the fields). */
export const scheduleLabel = (schedule: ScheduleFields): string => {
  const days = daysText(schedule.operationDays)
  const everyDayWeekly = schedule.frequency === "weekly" && new Set(schedule.operationDays).size === 7
  const frequency = everyDayWeekly ? "" : schedule.frequency === "weekly" ? ", cada semana" : ", cada dos semanas"
  const minutes = parseClockTime(schedule.cutoffTime) ?? 0
  return endSentence(`${days}${frequency}. Cierre: ${cutoffText(schedule.cutoffDaysBefore)} ${atSpanishTime(minutes * MINUTE_MS)}`)
}

/** The deprecated route field `day`: Spanish name of the first operating day ("Lunes"). */
export const firstDayName = (operationDays: ReadonlyArray<number>): string =>
  operationDays.length === 0 ? "" : capitalize(weekdayName(Math.min(...operationDays)))
