import { assert, describe, it } from "@effect/vitest"
import { labelOf } from "../../src/calendar/cutoff-status.ts"
import { routeLabel, routeSchedule } from "../../src/calendar/route-calendar.ts"

const weekly = {
  operationDays: [3, 1],
  frequency: "weekly",
  anchorDate: null,
  cutoffDaysBefore: 1,
  cutoffTime: "17:00"
}

describe("a route's stored calendar", () => {
  it("becomes the validated schedule, shared by every read of the same calendar", () => {
    const schedule = routeSchedule(weekly)
    assert.isNotNull(schedule)
    assert.deepStrictEqual(schedule!.operationDays, [1, 3])
    assert.strictEqual(routeSchedule({ ...weekly, operationDays: [3, 1] }), schedule)
    assert.strictEqual(routeLabel(weekly), labelOf(schedule!))
  })

  it("is unusable (null) when a field is missing or the calendar breaks a rule", () => {
    assert.isNull(routeSchedule({ ...weekly, operationDays: null }))
    assert.isNull(routeSchedule({ ...weekly, cutoffTime: null }))
    assert.isNull(routeSchedule({ ...weekly, operationDays: [] }))
    assert.isNull(routeLabel({ ...weekly, frequency: "daily" }))
  })
})
