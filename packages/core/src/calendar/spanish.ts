/**
 * Spanish (Colombia) wording of dates and times, written out by hand rather than with
 * `Intl` so the text is identical on every runtime and ICU version, and uses plain
 * spaces (ICU inserts U+00A0/U+202F, which chat channels render unevenly).
 *
 * - Dates: "jueves 26 de noviembre" (year appended when it differs from the reference
 *   year: "viernes 1 de enero de 2027").
 * - Times: 12-hour clock as Colombians write it: "5:00 p. m.", "12:00 a. m." (midnight),
 *   "12:30 p. m." (noon).
 */
import { civilFromEpochDay, isoWeekday, MINUTE_MS, pad2 } from "./civil-date.ts"

export const WEEKDAY_NAMES = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"] as const

export const MONTH_NAMES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre"
] as const

/** Lower-case weekday name of an ISO weekday (1 = lunes). */
export const weekdayName = (isoDay: number): string => WEEKDAY_NAMES[isoDay - 1] ?? ""

/** "jueves 26 de noviembre"; adds "de 2027" when the year differs from `referenceYear`. */
export const spanishDate = (epochDay: number, referenceYear?: number): string => {
  const { day, month, year } = civilFromEpochDay(epochDay)
  const base = `${weekdayName(isoWeekday(epochDay))} ${day} de ${MONTH_NAMES[month - 1]}`
  return referenceYear === undefined || referenceYear === year ? base : `${base} de ${year}`
}

/** "5:00 p. m." from milliseconds after midnight. */
export const spanishTime = (msOfDay: number): string => {
  const minutes = Math.floor(msOfDay / MINUTE_MS)
  const hours = Math.floor(minutes / 60) % 24
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return `${hour12}:${pad2(minutes % 60)} ${hours < 12 ? "a. m." : "p. m."}`
}

/** "las 5:00 p. m." / "la 1:00 p. m." (Spanish uses the singular for one o'clock). */
export const theSpanishTime = (msOfDay: number): string => {
  const text = spanishTime(msOfDay)
  return text.startsWith("1:") ? `la ${text}` : `las ${text}`
}

/** "a las 5:00 p. m." / "a la 1:00 p. m.". */
export const atSpanishTime = (msOfDay: number): string => `a ${theSpanishTime(msOfDay)}`

/** "Lunes" from "lunes". */
export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** "a", "a y b", "a, b y c". */
export const joinSpanish = (items: ReadonlyArray<string>): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} y ${items[items.length - 1]}`

/** Ends a sentence with one period ("… 5:00 p. m." already ends with one). */
export const endSentence = (text: string): string => (text.endsWith(".") ? text : `${text}.`)
