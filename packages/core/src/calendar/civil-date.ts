/**
 * Civil (wall-calendar) dates as integer day numbers.
 *
 * An *epoch day* is the number of days since 1970-01-01 in the proleptic Gregorian
 * calendar, with no time zone attached. Route calendars are plain calendar
 * arithmetic (weekdays, "N days before"), so they work on epoch days; only the
 * final step to an instant goes through a time zone (see `bogota-time.ts`).
 *
 * The conversions are Howard Hinnant's `days_from_civil` / `civil_from_days`
 * algorithms: branch-light integer arithmetic, no `Date`, no `Intl`.
 */

/** Milliseconds in a civil day (wall-clock arithmetic only; real days may differ at zone transitions). */
export const DAY_MS = 86_400_000
/** Milliseconds in a minute. */
export const MINUTE_MS = 60_000

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7

export interface CivilDate {
  readonly year: number
  readonly month: number
  readonly day: number
}

/** Epoch day of a civil date (month 1–12). */
export const epochDayFromCivil = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const mp = (month + 9) % 12
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

/** Civil date of an epoch day. */
export const civilFromEpochDay = (epochDay: number): CivilDate => {
  const z = epochDay + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

/** ISO weekday of an epoch day (1970-01-01 was a Thursday). */
export const isoWeekday = (epochDay: number): IsoWeekday => ((((epochDay + 3) % 7) + 7) % 7 + 1) as IsoWeekday

/** Epoch day of the Monday that starts the ISO week containing `epochDay`. */
export const isoWeekStart = (epochDay: number): number => epochDay - (isoWeekday(epochDay) - 1)

const pad2 = (n: number): string => (n < 10 ? "0" + n : "" + n)

const pad4 = (n: number): string => {
  if (n >= 1000 && n <= 9999) return "" + n
  const sign = n < 0 ? "-" : ""
  return sign + String(Math.abs(n)).padStart(4, "0")
}

/** `YYYY-MM-DD` of an epoch day. */
export const formatEpochDay = (epochDay: number): string => {
  const { day, month, year } = civilFromEpochDay(epochDay)
  return pad4(year) + "-" + pad2(month) + "-" + pad2(day)
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Epoch day of a strict `YYYY-MM-DD` string naming a real date, else `undefined`. */
export const parseEpochDay = (text: string): number | undefined => {
  const match = ISO_DATE.exec(text)
  if (match === null) return undefined
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined
  const epochDay = epochDayFromCivil(year, month, day)
  const back = civilFromEpochDay(epochDay)
  // Rejects 2026-02-30 and friends: the round trip would land in another month.
  return back.month === month && back.day === day ? epochDay : undefined
}

/** `HH:MM` (00:00–23:59) → minutes after midnight, else `undefined`. */
export const parseClockTime = (text: string): number | undefined => {
  const match = /^(\d{2}):(\d{2})$/.exec(text)
  if (match === null) return undefined
  const hours = Number(match[1])
  const minutes = Number(match[2])
  return hours <= 23 && minutes <= 59 ? hours * 60 + minutes : undefined
}

export { pad2, pad4 }
