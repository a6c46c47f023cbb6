import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { evaluateCutoff } from "../../src/calendar/cutoff.ts"
import { cutoffStatus, timedCutoffStatus } from "../../src/calendar/cutoff-status.ts"
import { validateSchedule } from "../../src/calendar/schedule.ts"
import {
  BOGOTA_OFFSET,
  DAY,
  instantArb,
  isoDate,
  mondayOf,
  oracleEvaluate,
  oracleHasWindow,
  oracleOperates,
  scheduleInputArb,
  validScheduleArb,
  weekdayOf
} from "./helpers.ts"

const RUNS = { numRuns: 400 }

describe("cutoff engine properties (random valid schedules and instants)", () => {
  it("routeDate is an operating day, on the anchor's week parity for biweekly routes", () => {
    fc.assert(
      fc.property(validScheduleArb, instantArb, ({ input, schedule }, t) => {
        const e = evaluateCutoff(schedule, t)
        assert.include(input.operationDays, weekdayOf(e.routeDate))
        if (input.frequency === "biweekly") {
          const weeks = (mondayOf(e.routeDate) - mondayOf(Date.parse(`${input.anchorDate}T00:00:00Z`) / DAY)) / 7
          assert.strictEqual(Math.abs(weeks) % 2, 0)
        }
      }),
      RUNS
    )
  })

  it("deadline = routeDate − cutoffDaysBefore days at cutoffTime (Bogota, -05:00)", () => {
    fc.assert(
      fc.property(validScheduleArb, instantArb, ({ input, schedule }, t) => {
        const e = evaluateCutoff(schedule, t)
        const expected = Date.parse(`${isoDate(e.routeDate - input.cutoffDaysBefore)}T${input.cutoffTime}:00-05:00`)
        assert.strictEqual(e.deadline, expected)
      }),
      RUNS
    )
  })

  it("isOpen ⇔ windowOpensAt ≤ now < deadline; closed ⇒ nextOpenDate = windowOpensAt > now; open ⇒ nextOpenDate > deadline", () => {
    fc.assert(
      fc.property(validScheduleArb, instantArb, ({ schedule }, t) => {
        const e = evaluateCutoff(schedule, t)
        assert.strictEqual(e.isOpen, e.windowOpensAt <= t && t < e.deadline)
        assert.isTrue(e.deadline > t)
        assert.isTrue(e.windowOpensAt < e.deadline)
        if (e.isOpen) {
          assert.isTrue(e.nextOpenDate > e.deadline)
        } else {
          assert.strictEqual(e.nextOpenDate, e.windowOpensAt)
          assert.isTrue(e.nextOpenDate > t)
        }
      }),
      RUNS
    )
  })

  it("agrees with a brute-force evaluation of the window rule", () => {
    fc.assert(
      fc.property(validScheduleArb, instantArb, ({ input, schedule }, t) => {
        const e = evaluateCutoff(schedule, t)
        const o = oracleEvaluate(input, t)
        assert.deepStrictEqual(
          { isOpen: e.isOpen, routeDate: e.routeDate, deadline: e.deadline, opensAt: e.windowOpensAt },
          { isOpen: o.isOpen, routeDate: o.routeDay, deadline: o.deadline, opensAt: o.opensAt }
        )
      }),
      { numRuns: 1000 }
    )
  })

  it("routeDate never decreases as now grows", () => {
    fc.assert(
      fc.property(validScheduleArb, instantArb, fc.integer({ min: 0, max: 30 * DAY }), ({ schedule }, t, dt) => {
        assert.isTrue(evaluateCutoff(schedule, t).routeDate <= evaluateCutoff(schedule, t + dt).routeDate)
      }),
      RUNS
    )
  })

  it("upcomingRouteDates: ≤ 4, strictly increasing, operating days, first is routeDate", () => {
    fc.assert(
      fc.property(validScheduleArb, instantArb, ({ input, schedule }, t) => {
        const e = evaluateCutoff(schedule, t)
        const dates = e.upcomingRouteDates
        assert.isAtMost(dates.length, 4)
        assert.isAtLeast(dates.length, 1)
        assert.strictEqual(dates[0], e.routeDate)
        for (let i = 1; i < dates.length; i++) assert.isTrue(dates[i]! > dates[i - 1]!)
        for (const d of dates) assert.isTrue(oracleOperates(input, d))
      }),
      RUNS
    )
  })

  it("the deadline instant itself is closed; one millisecond before it is open for the same date", () => {
    fc.assert(
      fc.property(validScheduleArb, instantArb, ({ schedule }, t) => {
        const e = evaluateCutoff(schedule, t)
        const atDeadline = evaluateCutoff(schedule, e.deadline)
        assert.isFalse(atDeadline.isOpen)
        assert.isTrue(atDeadline.routeDate > e.routeDate)
        const before = evaluateCutoff(schedule, e.deadline - 1)
        assert.isTrue(before.isOpen)
        assert.strictEqual(before.routeDate, e.routeDate)
        const atOpening = evaluateCutoff(schedule, e.windowOpensAt)
        assert.isTrue(atOpening.isOpen)
        assert.strictEqual(atOpening.routeDate, e.routeDate)
      }),
      RUNS
    )
  })

  it("windowOpensAt is 00:00 Bogota of the day after the previous operating day", () => {
    fc.assert(
      fc.property(validScheduleArb, instantArb, ({ input, schedule }, t) => {
        const e = evaluateCutoff(schedule, t)
        assert.strictEqual((e.windowOpensAt - BOGOTA_OFFSET) % DAY, 0)
        const dayBefore = (e.windowOpensAt - BOGOTA_OFFSET) / DAY - 1
        assert.isTrue(oracleOperates(input, dayBefore))
        for (let d = dayBefore + 1; d < e.routeDate; d++) assert.isFalse(oracleOperates(input, d))
      }),
      RUNS
    )
  })

  it("a schedule is valid ⇔ some window is non-empty (brute force)", () => {
    fc.assert(
      fc.property(scheduleInputArb, (input) => {
        assert.strictEqual(Result.isSuccess(validateSchedule(input)), oracleHasWindow(input))
      }),
      { numRuns: 2000 }
    )
  })

  it("timedCutoffStatus: the status holds, to the byte, from now until changesAt (and changesAt is after now)", () => {
    fc.assert(
      fc.property(validScheduleArb, instantArb, fc.double({ min: 0, max: 1, noNaN: true }), ({ schedule }, t, fraction) => {
        const { changesAt, status } = timedCutoffStatus(schedule, t)
        assert.isTrue(changesAt > t)
        assert.isTrue(changesAt - t <= DAY)
        assert.deepStrictEqual(cutoffStatus(schedule, changesAt - 1), status)
        assert.deepStrictEqual(cutoffStatus(schedule, t + Math.floor((changesAt - 1 - t) * fraction)), status)
      }),
      RUNS
    )
  })
})
