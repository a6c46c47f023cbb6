/**
 * Rows read with the API's rules: phones normalized by core (INVALID_PHONE, repeats),
 * calendars by `validateSchedule` (INVALID_SCHEDULE) over the stored route, every
 * problem of a row reported, unknown columns refused, and changes compared by value.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { readClientRow } from "@quote/core/import/client-rows"
import { changedFields } from "@quote/core/import/field-changes"
import { readRouteRow, routeSchedule } from "@quote/core/import/route-rows"

describe("import rows", () => {
  it("client phones: normalized, labels after #, every problem reported", () => {
    const good = readClientRow({ line: 2, values: { name: "A", company_nit: "9", branch_name: "B", phones: "300 123 4567#Oficina|+57 310 765 4321" } })
    assert.deepStrictEqual(good.problems, [])
    assert.deepStrictEqual(good.row.phones, [{ phone: "+573001234567", label: "Oficina" }, { phone: "+573107654321", label: null }])
    const bad = readClientRow({ line: 3, values: { name: " ", company_nit: "9", phones: "601 234 5678|3001234567|300-123-4567", color: "x" } })
    assert.deepStrictEqual(bad.problems.map((p) => p.code), [
      "VALIDATION_ERROR", // unknown column color
      "VALIDATION_ERROR", // name blank
      "VALIDATION_ERROR", // company_nit without branch_name
      "INVALID_PHONE",
      "DUPLICATE_PHONE"
    ])
  })

  it("route calendars: API defaults for a new route, the stored calendar under a partial row", () => {
    const created = readRouteRow({ line: 2, values: { name: "R", operation_days: "5|1|1", cutoff_time: "17:00" } })
    const schedule = routeSchedule(created.row, undefined)
    assert.isTrue(Result.isSuccess(schedule))
    if (Result.isSuccess(schedule)) {
      assert.deepStrictEqual([...schedule.success.operationDays], [1, 5])
      assert.strictEqual(schedule.success.cutoffDaysBefore, 1)
    }
    const stored = { operationDays: [1], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 1, cutoffTime: "17:00" }
    const closing = readRouteRow({ line: 3, values: { name: "R", cutoff_days_before: "7" } })
    const refused = routeSchedule(closing.row, stored)
    assert.isTrue(Result.isFailure(refused) && refused.failure.code === "INVALID_SCHEDULE")
    const missing = routeSchedule(readRouteRow({ line: 4, values: { name: "N" } }).row, undefined)
    assert.isTrue(Result.isFailure(missing) && missing.failure.code === "VALIDATION_ERROR")
  })

  it("changes: blank equals null, JSON by value, only the fields the file sets", () => {
    const stored = { name: "A", description: "", bounds: { north: 1, south: 0 }, city: "Cali" }
    assert.deepStrictEqual(changedFields(stored, { name: "A", description: null, bounds: { south: 0, north: 1 } }), [])
    assert.deepStrictEqual(changedFields(stored, { name: "B", city: undefined }), ["name"])
  })
})
