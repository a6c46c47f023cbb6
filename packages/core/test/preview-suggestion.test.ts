/**
 * `maxUsableCutoffDaysBefore` (`@quote/core/preview`): the fix the console suggests for an
 * `EMPTY_WINDOWS` calendar is the largest `cutoffDaysBefore` the same rule accepts.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { cutoffPreview, maxUsableCutoffDaysBefore, UnusableScheduleError } from "../src/preview.ts"

const accepts = (schedule: Parameters<typeof cutoffPreview>[0]): boolean => {
  try {
    cutoffPreview(schedule, "2026-11-18T10:00:00-05:00")
    return true
  } catch (error) {
    if (error instanceof UnusableScheduleError) return false
    throw error
  }
}

describe("maxUsableCutoffDaysBefore", () => {
  it("examples: the longest gap between route dates bounds it", () => {
    const weekly = { operationDays: [1], frequency: "weekly", cutoffDaysBefore: 7, cutoffTime: "17:00" }
    assert.strictEqual(maxUsableCutoffDaysBefore(weekly), 6)
    assert.strictEqual(maxUsableCutoffDaysBefore({ ...weekly, operationDays: [1, 2, 3, 4, 5, 6, 7], cutoffDaysBefore: 1 }), 0)
    assert.strictEqual(maxUsableCutoffDaysBefore({ ...weekly, operationDays: [1, 2, 3, 4, 5, 6, 7], cutoffTime: "00:00" }), undefined)
    assert.strictEqual(
      maxUsableCutoffDaysBefore({ operationDays: [3], frequency: "biweekly", anchorDate: "2026-11-25", cutoffDaysBefore: 13, cutoffTime: "08:00" }),
      13
    )
  })

  it("is accepted, and every larger value up to 13 is refused", () => {
    const schedule = fc.record({
      operationDays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      frequency: fc.constant("weekly"),
      cutoffDaysBefore: fc.integer({ min: 0, max: 13 }),
      cutoffTime: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`)
    })
    fc.assert(
      fc.property(schedule, (input) => {
        const best = maxUsableCutoffDaysBefore(input)
        const largest = best ?? -1
        if (best !== undefined) assert.isTrue(accepts({ ...input, cutoffDaysBefore: best }))
        for (let days = largest + 1; days <= 13; days++) assert.isFalse(accepts({ ...input, cutoffDaysBefore: days }))
      }),
      { numRuns: 300 }
    )
  })
})
