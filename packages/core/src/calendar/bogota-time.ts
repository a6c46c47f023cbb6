/**
 * Time-zone conversion for route calendars (default zone `America/Bogota`).
 *
 * Offsets come from the platform's time-zone database through `Intl.DateTimeFormat`;
 * nothing here hard-codes `-05:00`. `Intl` is slow (a `formatToParts` call costs about
 * a microsecond), and the cutoff engine converts several instants per evaluation, so
 * each zone keeps a memo of its offsets per UTC day:
 *
 * - The first time a UTC day is touched, the offset is sampled with `Intl` every 6 hours
 *   across it (5 calls). Where two samples differ, a binary search down to the second
 *   finds the exact transition instant. The day then holds its start offset plus the
 *   (rare) transitions inside it.
 * - Every later lookup in that day is a `Map` read and a comparison.
 *
 * This is exact for every transition in the tz database as long as a zone does not
 * change offset twice within six hours, which no real zone does.
 *
 * Wall time → instant (`instantFromWall`) follows one monotone rule so that later wall
 * times never map to earlier instants:
 * - ambiguous wall time (a backward transition repeats it) → the earlier instant;
 * - skipped wall time (a forward transition jumps over it) → the transition instant,
 *   i.e. the first instant whose wall time is at or after the requested one.
 */
import { DAY_MS, epochDayFromCivil, pad2, pad4, civilFromEpochDay } from "./civil-date.ts"

export const BOGOTA_TIME_ZONE = "America/Bogota"

const SAMPLE_STEP_MS = 6 * 3_600_000
const MAX_CACHED_DAYS = 100_000

interface DayRecord {
  readonly day: number
  /** Offset (ms, wall minus UTC) at the start of the UTC day. */
  readonly offset: number
  /** Instants (ms) inside the day where the offset changes, ascending; usually empty. */
  readonly transitions: ReadonlyArray<number>
  /** Offset from each transition on. */
  readonly after: ReadonlyArray<number>
}

/** Wall-clock view of an instant in a zone. */
export interface WallTime {
  /** Civil day (days since 1970-01-01) of the wall clock. */
  readonly epochDay: number
  /** Milliseconds since the wall clock's midnight. */
  readonly msOfDay: number
  /** Offset in ms (wall minus UTC); -18_000_000 for Bogota. */
  readonly offset: number
}

export class ZoneRules {
  readonly timeZone: string
  readonly #formatter: Intl.DateTimeFormat
  readonly #days = new Map<number, DayRecord>()
  #last: DayRecord | undefined = undefined

  constructor(timeZone: string) {
    this.timeZone = timeZone
    // Throws RangeError for a zone the tz database does not know.
    this.#formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric"
    })
  }

  /** Offset via `Intl`, to the second. Not memoized: only used to fill the day memo. */
  #intlOffset(instantMs: number): number {
    const at = Math.floor(instantMs / 1000) * 1000
    let year = 0
    let month = 1
    let day = 1
    let hour = 0
    let minute = 0
    let second = 0
    let bc = false
    for (const part of this.#formatter.formatToParts(at)) {
      switch (part.type) {
        case "year":
          year = Number(part.value)
          break
        case "month":
          month = Number(part.value)
          break
        case "day":
          day = Number(part.value)
          break
        case "hour":
          hour = Number(part.value)
          break
        case "minute":
          minute = Number(part.value)
          break
        case "second":
          second = Number(part.value)
          break
        case "era":
          bc = part.value.startsWith("B")
          break
      }
    }
    if (bc) year = 1 - year
    const wall = epochDayFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000
    return wall - at
  }

  #computeDay(day: number): DayRecord {
    const start = day * DAY_MS
    const transitions: Array<number> = []
    const after: Array<number> = []
    let previousAt = start
    let previous = this.#intlOffset(start)
    const offset = previous
    for (let at = start + SAMPLE_STEP_MS; at <= start + DAY_MS; at += SAMPLE_STEP_MS) {
      const current = this.#intlOffset(at)
      if (current !== previous) {
        // Invariant: offset(lo) === previous, offset(hi) !== previous.
        let lo = previousAt
        let hi = at
        while (hi - lo > 1000) {
          const mid = lo + Math.floor((hi - lo) / 2000) * 1000
          if (this.#intlOffset(mid) === previous) lo = mid
          else hi = mid
        }
        if (hi < start + DAY_MS) {
          transitions.push(hi)
          after.push(this.#intlOffset(hi))
        }
      }
      previous = current
      previousAt = at
    }
    return { day, offset, transitions, after }
  }

  #record(day: number): DayRecord {
    const last = this.#last
    if (last !== undefined && last.day === day) return last
    let record = this.#days.get(day)
    if (record === undefined) {
      if (this.#days.size >= MAX_CACHED_DAYS) this.#days.clear()
      record = this.#computeDay(day)
      this.#days.set(day, record)
    }
    this.#last = record
    return record
  }

  /** Offset in ms (wall minus UTC) in force at an instant. */
  offsetAt(instantMs: number): number {
    const record = this.#record(Math.floor(instantMs / DAY_MS))
    const transitions = record.transitions
    if (transitions.length === 0) return record.offset
    let offset = record.offset
    for (let i = 0; i < transitions.length; i++) {
      if (instantMs >= transitions[i]!) offset = record.after[i]!
    }
    return offset
  }

  /** Wall clock of an instant. */
  wallTime(instantMs: number): WallTime {
    const offset = this.offsetAt(instantMs)
    const wall = instantMs + offset
    const epochDay = Math.floor(wall / DAY_MS)
    return { epochDay, msOfDay: wall - epochDay * DAY_MS, offset }
  }

  /**
   * Instant of a wall-clock time given as ms since 1970-01-01T00:00 *wall*.
   * Ambiguous → earlier instant; skipped → the transition instant (see module doc).
   */
  instantFromWall(wallMs: number): number {
    const before = this.offsetAt(wallMs - DAY_MS)
    const afterOffset = this.offsetAt(wallMs + DAY_MS)
    if (before === afterOffset) {
      const instant = wallMs - before
      if (this.offsetAt(instant) === before) return instant
    }
    return this.#instantFromWallSlow(wallMs)
  }

  #instantFromWallSlow(wallMs: number): number {
    // Every offset that could be in force near this wall time, with the transitions
    // between them (real offsets stay within ±18 h, so ±2 days is plenty).
    const firstDay = Math.floor(wallMs / DAY_MS) - 2
    const offsets = new Set<number>()
    const transitions: Array<{ readonly at: number; readonly from: number; readonly to: number }> = []
    for (let day = firstDay; day <= firstDay + 4; day++) {
      const record = this.#record(day)
      offsets.add(record.offset)
      let from = record.offset
      for (let i = 0; i < record.transitions.length; i++) {
        const to = record.after[i]!
        transitions.push({ at: record.transitions[i]!, from, to })
        offsets.add(to)
        from = to
      }
    }
    let best: number | undefined = undefined
    for (const offset of offsets) {
      const instant = wallMs - offset
      if (this.offsetAt(instant) === offset && (best === undefined || instant < best)) best = instant
    }
    if (best !== undefined) return best
    // Skipped wall time: the gap of transition T is wall [T + from, T + to).
    for (const t of transitions) {
      if (t.to > t.from && wallMs >= t.at + t.from && wallMs < t.at + t.to) return t.at
    }
    return wallMs - this.offsetAt(wallMs)
  }

  /** Instant of 00:00 + `msOfDay` on a civil day, in this zone. */
  instantOf(epochDay: number, msOfDay: number): number {
    return this.instantFromWall(epochDay * DAY_MS + msOfDay)
  }

  /** ISO 8601 with the zone's offset, e.g. `2026-11-26T17:00:00-05:00` (seconds precision). */
  formatIso(instantMs: number): string {
    const offset = this.offsetAt(instantMs)
    const wall = Math.floor((instantMs + offset) / 1000) * 1000
    const epochDay = Math.floor(wall / DAY_MS)
    const secondsOfDay = (wall - epochDay * DAY_MS) / 1000
    const { day, month, year } = civilFromEpochDay(epochDay)
    const hh = Math.floor(secondsOfDay / 3600)
    const mm = Math.floor((secondsOfDay % 3600) / 60)
    const ss = secondsOfDay % 60
    return pad4(year) + "-" + pad2(month) + "-" + pad2(day) + "T" + pad2(hh) + ":" + pad2(mm) + ":" + pad2(ss) +
      formatOffset(offset)
  }
}

/** `±HH:MM` (plus `:SS` for the historical local-mean-time offsets that have seconds). */
export const formatOffset = (offsetMs: number): string => {
  const sign = offsetMs < 0 ? "-" : "+"
  const total = Math.round(Math.abs(offsetMs) / 1000)
  const hh = Math.floor(total / 3600)
  const mm = Math.floor((total % 3600) / 60)
  const ss = total % 60
  return sign + pad2(hh) + ":" + pad2(mm) + (ss === 0 ? "" : ":" + pad2(ss))
}

const zones = new Map<string, ZoneRules>()

/** Shared, memoized rules of an IANA zone. Throws `RangeError` for an unknown zone. */
export const zoneRules = (timeZone: string): ZoneRules => {
  let rules = zones.get(timeZone)
  if (rules === undefined) {
    rules = new ZoneRules(timeZone)
    zones.set(timeZone, rules)
  }
  return rules
}

/** Whether the platform's tz database knows the zone. */
export const isKnownTimeZone = (timeZone: string): boolean => {
  try {
    zoneRules(timeZone)
    return true
  } catch {
    return false
  }
}

/** The rules of `America/Bogota`, the zone of every route calendar. */
export const bogota: ZoneRules = zoneRules(BOGOTA_TIME_ZONE)
