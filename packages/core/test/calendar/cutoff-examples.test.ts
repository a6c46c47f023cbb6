import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { TestClock } from "effect/testing"
import { evaluateCutoff } from "../../src/calendar/cutoff.ts"
import {
  currentCutoffStatus,
  cutoffStatus,
  type CutoffStatus,
  ensureRouteOpen,
  missingRouteStatus,
  routeDateOf
} from "../../src/calendar/cutoff-status.ts"
import { day, ms, mustSchedule } from "./helpers.ts"

/** Spec test route "Always open": every day, closes the same day at 23:59. */
const alwaysOpen = mustSchedule({
  operationDays: [1, 2, 3, 4, 5, 6, 7],
  frequency: "weekly",
  anchorDate: null,
  cutoffDaysBefore: 0,
  cutoffTime: "23:59"
})
/** Spec test route "Biweekly": Wednesday every 2 weeks, closes 2 days before at 17:00. */
const biweekly = mustSchedule({
  operationDays: [3],
  frequency: "biweekly",
  anchorDate: "2026-11-25",
  cutoffDaysBefore: 2,
  cutoffTime: "17:00"
})
/** Spec test route "Almost closed": Friday, closes 6 days before at 00:01. */
const almostClosed = mustSchedule({
  operationDays: [5],
  frequency: "weekly",
  anchorDate: null,
  cutoffDaysBefore: 6,
  cutoffTime: "00:01"
})

const at = (schedule: typeof alwaysOpen, iso: string): CutoffStatus => cutoffStatus(schedule, ms(iso))

describe("always-open route", () => {
  it("23:58 is open for today's date", () => {
    const s = at(alwaysOpen, "2026-11-24T23:58:00-05:00")
    assert.isTrue(s.isOpen)
    assert.strictEqual(s.routeDate, "2026-11-24T00:00:00-05:00")
    assert.strictEqual(s.deadline, "2026-11-24T23:59:00-05:00")
    assert.strictEqual(s.windowOpensAt, "2026-11-24T00:00:00-05:00")
    assert.strictEqual(s.nextOpenDate, "2026-11-25T00:00:00-05:00")
    assert.deepStrictEqual(s.upcomingRouteDates, ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"])
  })

  it("23:59 (the deadline) and 23:59:59.999 are closed; the next window opens at 00:00", () => {
    for (const iso of ["2026-11-24T23:59:00-05:00", "2026-11-24T23:59:59.999-05:00"]) {
      const s = at(alwaysOpen, iso)
      assert.isFalse(s.isOpen)
      assert.strictEqual(s.routeDate, "2026-11-25T00:00:00-05:00")
      assert.strictEqual(s.windowOpensAt, "2026-11-25T00:00:00-05:00")
      assert.strictEqual(s.nextOpenDate, "2026-11-25T00:00:00-05:00")
      assert.strictEqual(s.deadline, "2026-11-25T23:59:00-05:00")
    }
  })

  it("00:00 is open again, for the new day", () => {
    const s = at(alwaysOpen, "2026-11-25T00:00:00-05:00")
    assert.isTrue(s.isOpen)
    assert.strictEqual(s.routeDate, "2026-11-25T00:00:00-05:00")
  })

  it("is open every minute of a day but 23:59", () => {
    const start = ms("2026-03-02T00:00:00-05:00")
    for (let minute = 0; minute < 1440; minute++) {
      assert.strictEqual(evaluateCutoff(alwaysOpen, start + minute * 60_000).isOpen, minute !== 1439)
    }
  })
})

describe("almost-closed route", () => {
  it("Saturday 00:00 is open, for the Friday six days later, until 00:01", () => {
    const s = at(almostClosed, "2026-11-28T00:00:00-05:00")
    assert.isTrue(s.isOpen)
    assert.strictEqual(s.routeDate, "2026-12-04T00:00:00-05:00")
    assert.strictEqual(s.windowOpensAt, "2026-11-28T00:00:00-05:00")
    assert.strictEqual(s.deadline, "2026-11-28T00:01:00-05:00")
    assert.strictEqual(s.nextOpenDate, "2026-12-05T00:00:00-05:00")
    assert.isTrue(at(almostClosed, "2026-11-28T00:00:59.999-05:00").isOpen)
  })

  it("Saturday 00:01 is closed until next Saturday 00:00", () => {
    const s = at(almostClosed, "2026-11-28T00:01:00-05:00")
    assert.isFalse(s.isOpen)
    assert.strictEqual(s.routeDate, "2026-12-11T00:00:00-05:00")
    assert.strictEqual(s.windowOpensAt, "2026-12-05T00:00:00-05:00")
    assert.strictEqual(s.nextOpenDate, "2026-12-05T00:00:00-05:00")
    assert.strictEqual(s.deadline, "2026-12-05T00:01:00-05:00")
  })

  it("Friday noon is closed; next opening is the following midnight", () => {
    const s = at(almostClosed, "2026-11-27T12:00:00-05:00")
    assert.isFalse(s.isOpen)
    assert.strictEqual(s.nextOpenDate, "2026-11-28T00:00:00-05:00")
    assert.strictEqual(s.routeDate, "2026-12-04T00:00:00-05:00")
  })

  it("is open exactly one minute a week", () => {
    const start = ms("2026-11-23T00:00:00-05:00")
    let open = 0
    for (let minute = 0; minute < 7 * 1440; minute++) if (evaluateCutoff(almostClosed, start + minute * 60_000).isOpen) open++
    assert.strictEqual(open, 1)
  })
})

describe("biweekly route (anchor 2026-11-25)", () => {
  it("before the cutoff: open for the anchor date, upcoming dates every two weeks", () => {
    const s = at(biweekly, "2026-11-20T10:00:00-05:00")
    assert.isTrue(s.isOpen)
    assert.strictEqual(s.routeDate, "2026-11-25T00:00:00-05:00")
    assert.strictEqual(s.deadline, "2026-11-23T17:00:00-05:00")
    assert.strictEqual(s.windowOpensAt, "2026-11-12T00:00:00-05:00")
    assert.strictEqual(s.nextOpenDate, "2026-11-26T00:00:00-05:00")
    assert.deepStrictEqual(s.upcomingRouteDates, ["2026-11-25", "2026-12-09", "2026-12-23", "2027-01-06"])
  })

  it("Monday 16:59 open, 17:00 closed until Thursday 00:00 (for 9 December)", () => {
    assert.isTrue(at(biweekly, "2026-11-23T16:59:00-05:00").isOpen)
    const s = at(biweekly, "2026-11-23T17:00:00-05:00")
    assert.isFalse(s.isOpen)
    assert.strictEqual(s.routeDate, "2026-12-09T00:00:00-05:00")
    assert.strictEqual(s.nextOpenDate, "2026-11-26T00:00:00-05:00")
    assert.deepStrictEqual(s.upcomingRouteDates, ["2026-12-09", "2026-12-23", "2027-01-06", "2027-01-20"])
    const thursday = at(biweekly, "2026-11-26T00:00:00-05:00")
    assert.isTrue(thursday.isOpen)
    assert.strictEqual(thursday.routeDate, "2026-12-09T00:00:00-05:00")
  })

  it("the off-week Wednesday (2 December) is never a route date", () => {
    for (let t = ms("2026-11-01T00:00:00-05:00"); t < ms("2027-01-01T00:00:00-05:00"); t += 3_600_000) {
      assert.notInclude(evaluateCutoff(biweekly, t).upcomingRouteDates, day("2026-12-02"))
    }
  })

  it("parity: an anchor two weeks earlier gives the same calendar, one week earlier the other one", () => {
    const sameWeeks = mustSchedule({ ...biweekly, anchorDate: "2026-11-11" })
    const otherWeeks = mustSchedule({ ...biweekly, anchorDate: "2026-11-18" })
    const t = ms("2026-11-20T10:00:00-05:00")
    assert.deepStrictEqual(cutoffStatus(sameWeeks, t).upcomingRouteDates, ["2026-11-25", "2026-12-09", "2026-12-23", "2027-01-06"])
    assert.deepStrictEqual(cutoffStatus(otherWeeks, t).upcomingRouteDates, ["2026-12-02", "2026-12-16", "2026-12-30", "2027-01-13"])
  })

  it("parity is counted in ISO (Monday-start) weeks, so a Sunday anchor pairs with the Monday before it", () => {
    // Anchor Sunday 2026-11-29 (ISO week starting Monday 23 Nov): Monday 23 Nov operates, Monday 30 Nov does not.
    const monSun = mustSchedule({
      operationDays: [1, 7],
      frequency: "biweekly",
      anchorDate: "2026-11-29",
      cutoffDaysBefore: 0,
      cutoffTime: "12:00"
    })
    const s = cutoffStatus(monSun, ms("2026-11-20T00:00:00-05:00"))
    assert.deepStrictEqual(s.upcomingRouteDates, ["2026-11-23", "2026-11-29", "2026-12-07", "2026-12-13"])
  })
})

describe("other calendars", () => {
  it("Monday/Thursday closing the day before at 17:00", () => {
    const s = cutoffStatus(
      mustSchedule({ operationDays: [4, 1], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 1, cutoffTime: "17:00" }),
      ms("2026-11-24T10:00:00-05:00")
    )
    assert.isTrue(s.isOpen)
    assert.strictEqual(s.routeDate, "2026-11-26T00:00:00-05:00")
    assert.strictEqual(s.deadline, "2026-11-25T17:00:00-05:00")
    assert.strictEqual(s.windowOpensAt, "2026-11-24T00:00:00-05:00")
    assert.deepStrictEqual(s.schedule?.operationDays, [1, 4])
  })

  it("a date whose own window is empty receives nothing: Monday/Tuesday closing 1 day before at 00:00", () => {
    // Tuesday's window would open Tuesday 00:00 and close Monday 00:00: empty. Only Mondays are usable.
    const monTue = mustSchedule({ operationDays: [1, 2], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 1, cutoffTime: "00:00" })
    const s = cutoffStatus(monTue, ms("2026-11-24T10:00:00-05:00"))
    assert.deepStrictEqual(s.upcomingRouteDates, ["2026-11-30", "2026-12-07", "2026-12-14", "2026-12-21"])
    assert.strictEqual(s.windowOpensAt, "2026-11-25T00:00:00-05:00")
  })

  it("accepts Date and DateTime instants alike", () => {
    const t = ms("2026-11-24T10:00:00-05:00")
    assert.deepStrictEqual(evaluateCutoff(alwaysOpen, new Date(t)), evaluateCutoff(alwaysOpen, t))
    assert.deepStrictEqual(evaluateCutoff(alwaysOpen, DateTime.makeUnsafe(t)), evaluateCutoff(alwaysOpen, t))
  })
})

describe("Cutoff status JSON", () => {
  it("has exactly the spec's fields, in order, with -05:00 timestamps", () => {
    const s = at(biweekly, "2026-11-20T10:00:00-05:00")
    assert.deepStrictEqual(Object.keys(s), [
      "isOpen",
      "routeDate",
      "deadline",
      "windowOpensAt",
      "nextOpenDate",
      "upcomingRouteDates",
      "schedule",
      "message",
      "missingRoute"
    ])
    assert.deepStrictEqual(s.schedule, {
      operationDays: [3],
      frequency: "biweekly",
      anchorDate: "2026-11-25",
      cutoffDaysBefore: 2,
      cutoffTime: "17:00",
      label: "Miércoles, cada dos semanas. Cierre: 2 días antes a las 5:00 p. m."
    })
    assert.isFalse(s.missingRoute)
    assert.strictEqual(routeDateOf(s), "2026-11-25")
    assert.deepStrictEqual(JSON.parse(JSON.stringify(s)), s)
  })

  it("missing route: closed, missingRoute true, null dates, no upcoming dates", () => {
    const s = missingRouteStatus()
    assert.deepStrictEqual(s, {
      isOpen: false,
      routeDate: null,
      deadline: null,
      windowOpensAt: null,
      nextOpenDate: null,
      upcomingRouteDates: [],
      schedule: null,
      message:
        "Tu sede no tiene una ruta de entrega asignada, así que por ahora no podemos recibir pedidos. Comunícate con tu asesor para que te asigne una.",
      missingRoute: true
    })
    assert.isNull(routeDateOf(s))
  })

  it("ensureRouteOpen: ROUTE_CLOSED with the message, nextOpenDate and routeDate", () => {
    const closed = at(almostClosed, "2026-11-28T00:01:00-05:00")
    const result = ensureRouteOpen(closed)
    assert.isTrue(result._tag === "Failure")
    if (result._tag === "Failure") {
      assert.strictEqual(result.failure._tag, "RouteClosed")
      assert.strictEqual(result.failure.message, closed.message)
      assert.deepStrictEqual(result.failure.details, { nextOpenDate: "2026-12-05T00:00:00-05:00", routeDate: "2026-12-11T00:00:00-05:00" })
    }
    assert.isTrue(ensureRouteOpen(at(alwaysOpen, "2026-11-24T12:00:00-05:00"))._tag === "Success")
    const missing = ensureRouteOpen(missingRouteStatus())
    assert.isTrue(missing._tag === "Failure" && missing.failure.details?.["missingRoute"] === true)
  })

  it.effect("currentCutoffStatus reads the time from Clock", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(ms("2026-11-28T00:00:30-05:00"))
      const s = yield* currentCutoffStatus(almostClosed)
      assert.isTrue(s.isOpen)
      assert.strictEqual(s.routeDate, "2026-12-04T00:00:00-05:00")
      const none = yield* currentCutoffStatus(null)
      assert.isTrue(none.missingRoute)
    }))
})
