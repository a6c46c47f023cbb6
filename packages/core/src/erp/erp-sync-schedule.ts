/**
 * When the daily catalog sync runs: the spec asks for at least one a day at 5:00 a.m.
 * Colombia time. Computed with the zone rules of the cutoff engine, so it follows the
 * tz database rather than a fixed offset.
 */
import { bogota } from "../calendar/bogota-time.ts"
import { MINUTE_MS } from "../calendar/civil-date.ts"

/** Minutes after Bogota midnight of the daily sync (05:00). */
export const dailySyncMinuteOfDay = 5 * 60

/** The first daily run strictly after `nowMs` (epoch milliseconds). */
export const nextDailySyncAt = (nowMs: number, minuteOfDay: number = dailySyncMinuteOfDay): number => {
  const today = bogota.wallTime(nowMs).epochDay
  const todayRun = bogota.instantOf(today, minuteOfDay * MINUTE_MS)
  return todayRun > nowMs ? todayRun : bogota.instantOf(today + 1, minuteOfDay * MINUTE_MS)
}
