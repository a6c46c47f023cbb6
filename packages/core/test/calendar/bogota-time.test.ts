import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { bogota, formatOffset, isKnownTimeZone, zoneRules } from "../../src/calendar/bogota-time.ts"
import { evaluateCutoff } from "../../src/calendar/cutoff.ts"
import { DAY, ms, mustSchedule } from "./helpers.ts"

/** Offset (ms) straight from Intl, independently of the memo: wall − UTC, whole seconds. */
const formatters = new Map<string, Intl.DateTimeFormat>()
const intlOffset = (timeZone: string, instant: number): number => {
  const at = Math.floor(instant / 1000) * 1000
  let formatter = formatters.get(timeZone)
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric"
    })
    formatters.set(timeZone, formatter)
  }
  const parts = formatter.formatToParts(at)
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - at
}

const ZONES = ["America/Bogota", "America/New_York", "America/Santiago", "Europe/Madrid", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"]

describe("zone rules (tz database through Intl, memoized per UTC day)", () => {
  it("Bogota is -05:00 today and renders the offset in ISO strings", () => {
    assert.strictEqual(bogota.offsetAt(ms("2026-11-26T22:00:00Z")), -5 * 3_600_000)
    assert.strictEqual(bogota.formatIso(ms("2026-11-26T22:00:00Z")), "2026-11-26T17:00:00-05:00")
    assert.strictEqual(bogota.instantOf(Date.parse("2026-11-26T00:00:00Z") / DAY, 17 * 3_600_000), ms("2026-11-26T22:00:00Z"))
  })

  it("follows the tz database rather than a fixed offset (Bogota's 1992–93 daylight time, 1899 LMT)", () => {
    assert.strictEqual(bogota.formatIso(ms("1992-06-01T12:00:00Z")), "1992-06-01T08:00:00-04:00")
    assert.strictEqual(bogota.formatIso(ms("1993-06-01T12:00:00Z")), "1993-06-01T07:00:00-05:00")
    assert.strictEqual(formatOffset(-(4 * 3600 + 56 * 60 + 16) * 1000), "-04:56:16")
    assert.strictEqual(bogota.offsetAt(ms("1899-06-01T00:00:00Z")), -(4 * 3600 + 56 * 60 + 16) * 1000)
  })

  it("offsetAt agrees with Intl for random instants in zones with and without transitions", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: ms("1985-01-01T00:00:00Z"), max: ms("2040-01-01T00:00:00Z") }),
        (zone, t) => {
          assert.strictEqual(zoneRules(zone).offsetAt(t), intlOffset(zone, t))
        }
      ),
      { numRuns: 3000 }
    )
  })

  it("finds transitions to the second (New York, 2026-03-08 07:00Z and 2026-11-01 06:00Z)", () => {
    const ny = zoneRules("America/New_York")
    assert.strictEqual(ny.offsetAt(ms("2026-03-08T06:59:59Z")), -5 * 3_600_000)
    assert.strictEqual(ny.offsetAt(ms("2026-03-08T07:00:00Z")), -4 * 3_600_000)
    assert.strictEqual(ny.offsetAt(ms("2026-11-01T05:59:59Z")), -4 * 3_600_000)
    assert.strictEqual(ny.offsetAt(ms("2026-11-01T06:00:00Z")), -5 * 3_600_000)
    assert.strictEqual(ny.formatIso(ms("2026-07-01T16:00:00Z")), "2026-07-01T12:00:00-04:00")
    assert.strictEqual(zoneRules("Asia/Kolkata").formatIso(ms("2026-07-01T00:00:00Z")), "2026-07-01T05:30:00+05:30")
    assert.strictEqual(zoneRules("UTC").formatIso(ms("2026-07-01T00:00:00Z")), "2026-07-01T00:00:00+00:00")
  })

  it("wall → instant: skipped times map to the transition, repeated times to the earlier instant", () => {
    const ny = zoneRules("America/New_York")
    const wall = (iso: string) => Date.parse(`${iso}Z`)
    assert.strictEqual(ny.instantFromWall(wall("2026-03-08T02:30:00")), ms("2026-03-08T07:00:00Z"))
    assert.strictEqual(ny.instantFromWall(wall("2026-03-08T03:00:00")), ms("2026-03-08T07:00:00Z"))
    assert.strictEqual(ny.instantFromWall(wall("2026-03-08T01:59:00")), ms("2026-03-08T06:59:00Z"))
    assert.strictEqual(ny.instantFromWall(wall("2026-11-01T01:30:00")), ms("2026-11-01T05:30:00Z"))
    assert.strictEqual(ny.instantFromWall(wall("2026-11-01T02:00:00")), ms("2026-11-01T07:00:00Z"))
    const santiago = zoneRules("America/Santiago")
    // Chile skips 00:00–01:00 on 2026-09-06: midnight maps to the transition.
    assert.strictEqual(santiago.instantFromWall(wall("2026-09-06T00:00:00")), ms("2026-09-06T04:00:00Z"))
  })

  it("wall → instant is monotone and round-trips outside gaps", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: ms("1990-01-01T00:00:00Z"), max: ms("2040-01-01T00:00:00Z") }),
        fc.integer({ min: 0, max: 3 * 3_600_000 }),
        (zone, wall, delta) => {
          const rules = zoneRules(zone)
          const a = rules.instantFromWall(wall)
          const b = rules.instantFromWall(wall + delta)
          assert.isTrue(a <= b)
          const back = a + rules.offsetAt(a)
          assert.isTrue(back >= wall) // equal, or later for a skipped wall time
        }
      ),
      { numRuns: 2000 }
    )
  })

  it("rejects unknown zones", () => {
    assert.isTrue(isKnownTimeZone("America/Bogota"))
    assert.isFalse(isKnownTimeZone("Mars/Olympus_Mons"))
  })

  it("cutoff invariants hold in zones with transitions (Santiago, New York)", () => {
    const schedules = [
      mustSchedule({ operationDays: [1, 2, 3, 4, 5, 6, 7], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 0, cutoffTime: "23:59" }),
      mustSchedule({ operationDays: [7], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 6, cutoffTime: "00:30" }),
      mustSchedule({ operationDays: [1, 4], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 1, cutoffTime: "02:30" })
    ]
    fc.assert(
      fc.property(
        fc.constantFrom(...schedules),
        fc.constantFrom("America/Santiago", "America/New_York"),
        fc.integer({ min: ms("2025-01-01T00:00:00Z"), max: ms("2028-01-01T00:00:00Z") }),
        fc.integer({ min: 0, max: 10 * DAY }),
        (schedule, timeZone, t, dt) => {
          const e = evaluateCutoff(schedule, t, { timeZone })
          assert.strictEqual(e.isOpen, e.windowOpensAt <= t && t < e.deadline)
          assert.isTrue(e.deadline > t)
          if (e.isOpen) assert.isTrue(e.nextOpenDate > e.deadline)
          else assert.strictEqual(e.nextOpenDate, e.windowOpensAt)
          assert.isTrue(e.routeDate <= evaluateCutoff(schedule, t + dt, { timeZone }).routeDate)
        }
      ),
      { numRuns: 1000 }
    )
  })
})
