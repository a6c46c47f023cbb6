/**
 * Cutoff evaluation: is the route's window open at an instant, and which route date
 * does a quotation made then go to.
 *
 * Rule (CONTRACT "Route windows"), all in America/Bogota:
 * - the window of route date D is [opensAt, deadline), where
 *   deadline = D − cutoffDaysBefore days at cutoffTime, and
 *   opensAt  = 00:00 of the day after the previous route date of the calendar;
 * - at instant t the quotation goes to the earliest D whose window holds t; the
 *   deadline instant itself is closed;
 * - if no window holds t the route is closed and routeDate/deadline/windowOpensAt
 *   describe the next window to open; nextOpenDate = windowOpensAt when closed, and the
 *   opening of the following window (after the deadline) when open.
 *
 * Windows of successive dates are disjoint and ordered (the next one opens the day after
 * this date, after this one closes), so the answer is the first date with a non-empty
 * window whose deadline is after t; it is open iff its opening is at or before t.
 *
 * This is the hot path (one call per API request, benchmark in `bench/cutoff.ts`): it
 * works on epoch days and epoch milliseconds and never calls `Intl` once the zone's
 * offsets for the days involved are memoized (see `bogota-time.ts`). Plain TypeScript (no
 * Effect), so the offline preview bundles it without the Effect runtime.
 */
import { bogota, type ZoneRules, zoneRules } from "./bogota-time.ts"
import { DAY_MS } from "./civil-date.ts"
import { type CalendarInstant, epochMillisOf } from "./epoch-millis.ts"
import { calendarOf, type CompiledCalendar, type Schedule, slotOf } from "./schedule-rules.ts"

/** Maximum number of `upcomingRouteDates` (spec Limits). */
export const UPCOMING_ROUTE_DATES = 4

/** Result of an evaluation, in numbers (epoch days / epoch ms); see `cutoff-status.ts` for the JSON shape. */
export interface CutoffEvaluation {
  readonly isOpen: boolean
  /** Route date (epoch day, Bogota calendar) a quotation made now goes to; if closed, that of the next window. */
  readonly routeDate: number
  /** Close of that window (epoch ms, exclusive). */
  readonly deadline: number
  /** Opening of that window (epoch ms, inclusive). */
  readonly windowOpensAt: number
  /** Closed: = windowOpensAt. Open: opening of the following window (> deadline). */
  readonly nextOpenDate: number
  /** Up to 4 route dates (epoch days) that can receive quotations, ascending, the first being routeDate. */
  readonly upcomingRouteDates: ReadonlyArray<number>
}

export interface CutoffOptions {
  /** IANA zone of the calendar; `America/Bogota` unless told otherwise. */
  readonly timeZone?: string | undefined
}

interface Window {
  readonly opensAt: number
  readonly deadline: number
}

const windowOf = (calendar: CompiledCalendar, zone: ZoneRules, routeDay: number): Window => {
  const gap = calendar.previousGap[slotOf(calendar, routeDay)]!
  return {
    opensAt: zone.instantOf(routeDay - gap + 1, 0),
    deadline: zone.instantOf(routeDay - calendar.cutoffDaysBefore, calendar.cutoffMs)
  }
}

/** First date ≥ `epochDay` whose window is non-empty in wall-clock terms. */
const nextUsableDay = (calendar: CompiledCalendar, epochDay: number): number =>
  epochDay + calendar.toNextUsable[slotOf(calendar, epochDay)]!

// A zone transition can, in theory, swallow a whole window (a one-minute window inside
// a skipped hour); such dates are passed over. Bounded so that no input can loop forever.
const MAX_SKIPPED_WINDOWS = 1000

const firstWindowAfter = (
  calendar: CompiledCalendar,
  zone: ZoneRules,
  fromDay: number,
  t: number
): { readonly day: number; readonly window: Window } => {
  let day = nextUsableDay(calendar, fromDay)
  for (let i = 0; i < MAX_SKIPPED_WINDOWS; i++) {
    const window = windowOf(calendar, zone, day)
    if (window.deadline > t && window.opensAt < window.deadline) return { day, window }
    day = nextUsableDay(calendar, day + 1)
  }
  return { day, window: windowOf(calendar, zone, day) }
}

/** Evaluates the cutoff of a validated schedule at an instant (pure, no message). */
export const evaluateCutoff = (schedule: Schedule, at: CalendarInstant, options?: CutoffOptions): CutoffEvaluation => {
  const calendar = calendarOf(schedule)
  const zone = options?.timeZone === undefined ? bogota : zoneRules(options.timeZone)
  const t = epochMillisOf(at)
  const offset = zone.offsetAt(t)
  const wall = t + offset
  const today = Math.floor(wall / DAY_MS)
  const msOfDay = wall - today * DAY_MS
  // Smallest D whose deadline (D − N at cutoffTime) is after t on the wall clock.
  const firstCandidate = today + calendar.cutoffDaysBefore + (calendar.cutoffMs > msOfDay ? 0 : 1)
  const { day: routeDate, window } = firstWindowAfter(calendar, zone, firstCandidate, t)
  const isOpen = window.opensAt <= t
  let nextOpenDate = window.opensAt
  let following = nextUsableDay(calendar, routeDate + 1)
  if (isOpen) {
    const next = firstWindowAfter(calendar, zone, routeDate + 1, window.deadline)
    nextOpenDate = next.window.opensAt
    following = next.day
  }
  const upcomingRouteDates = [routeDate, following]
  while (upcomingRouteDates.length < UPCOMING_ROUTE_DATES) {
    upcomingRouteDates.push(nextUsableDay(calendar, upcomingRouteDates[upcomingRouteDates.length - 1]! + 1))
  }
  return {
    isOpen,
    routeDate,
    deadline: window.deadline,
    windowOpensAt: window.opensAt,
    nextOpenDate,
    upcomingRouteDates
  }
}

/** The window [opensAt, deadline) of a route date, or `undefined` when D is not an operating date. */
export const windowOfRouteDate = (
  schedule: Schedule,
  routeDay: number,
  options?: CutoffOptions
): Window | undefined => {
  const calendar = calendarOf(schedule)
  if (calendar.operates[slotOf(calendar, routeDay)] !== true) return undefined
  const zone = options?.timeZone === undefined ? bogota : zoneRules(options.timeZone)
  return windowOf(calendar, zone, routeDay)
}
