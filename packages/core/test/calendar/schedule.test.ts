import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Result } from "effect"
import { InvalidSchedule } from "@quote/core/routes/errors"
import {
  decodeSchedule,
  makeSchedule,
  type ScheduleInput,
  validateSchedule
} from "../../src/calendar/schedule.ts"

const base: ScheduleInput = {
  operationDays: [1, 4],
  frequency: "weekly",
  anchorDate: null,
  cutoffDaysBefore: 1,
  cutoffTime: "17:00"
}

const reasonOf = (input: unknown): string | undefined => {
  const result = decodeSchedule(input)
  if (Result.isSuccess(result)) return undefined
  assert.instanceOf(result.failure, InvalidSchedule)
  assert.strictEqual(InvalidSchedule.code, "INVALID_SCHEDULE")
  assert.isString(result.failure.message)
  return result.failure.details?.["reason"] as string
}

describe("schedule validation (INVALID_SCHEDULE)", () => {
  it("accepts the spec's three test routes", () => {
    assert.isUndefined(reasonOf({ operationDays: [1, 2, 3, 4, 5, 6, 7], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 0, cutoffTime: "23:59" }))
    assert.isUndefined(reasonOf({ operationDays: [3], frequency: "biweekly", anchorDate: "2026-11-25", cutoffDaysBefore: 2, cutoffTime: "17:00" }))
    assert.isUndefined(reasonOf({ operationDays: [5], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 6, cutoffTime: "00:01" }))
  })

  it.each([
    ["no operation days", { ...base, operationDays: [] }, "NO_OPERATION_DAYS"],
    ["day 0", { ...base, operationDays: [0, 1] }, "DAY_OUT_OF_RANGE"],
    ["day 8", { ...base, operationDays: [1, 8] }, "DAY_OUT_OF_RANGE"],
    ["day 1.5", { ...base, operationDays: [1.5] }, "DAY_OUT_OF_RANGE"],
    ["unknown frequency", { ...base, frequency: "monthly" }, "INVALID_FREQUENCY"],
    ["biweekly without anchor", { ...base, frequency: "biweekly", anchorDate: null }, "ANCHOR_REQUIRED"],
    ["biweekly with anchor omitted", { operationDays: [3], frequency: "biweekly", cutoffDaysBefore: 1, cutoffTime: "10:00" }, "ANCHOR_REQUIRED"],
    ["biweekly with malformed anchor", { ...base, frequency: "biweekly", anchorDate: "26/11/2026" }, "INVALID_ANCHOR_DATE"],
    ["biweekly with impossible anchor", { ...base, frequency: "biweekly", anchorDate: "2026-02-30" }, "INVALID_ANCHOR_DATE"],
    ["biweekly anchor not an operating day", { ...base, frequency: "biweekly", anchorDate: "2026-11-25" }, "ANCHOR_NOT_OPERATING_DAY"],
    ["cutoffDaysBefore -1", { ...base, cutoffDaysBefore: -1 }, "CUTOFF_DAYS_OUT_OF_RANGE"],
    ["cutoffDaysBefore 14", { ...base, cutoffDaysBefore: 14 }, "CUTOFF_DAYS_OUT_OF_RANGE"],
    ["cutoffDaysBefore 1.5", { ...base, cutoffDaysBefore: 1.5 }, "CUTOFF_DAYS_OUT_OF_RANGE"],
    ["cutoffTime 24:00", { ...base, cutoffTime: "24:00" }, "INVALID_CUTOFF_TIME"],
    ["cutoffTime 17:60", { ...base, cutoffTime: "17:60" }, "INVALID_CUTOFF_TIME"],
    ["cutoffTime 5:00", { ...base, cutoffTime: "5:00" }, "INVALID_CUTOFF_TIME"],
    ["cutoffTime 17:00:00", { ...base, cutoffTime: "17:00:00" }, "INVALID_CUTOFF_TIME"],
    ["every day closing 7 days before", { ...base, operationDays: [1, 2, 3, 4, 5, 6, 7], cutoffDaysBefore: 7 }, "EMPTY_WINDOWS"],
    ["every day closing 1 day before", { ...base, operationDays: [1, 2, 3, 4, 5, 6, 7], cutoffDaysBefore: 1 }, "EMPTY_WINDOWS"],
    ["every day closing at 00:00 the same day", { ...base, operationDays: [1, 2, 3, 4, 5, 6, 7], cutoffDaysBefore: 0, cutoffTime: "00:00" }, "EMPTY_WINDOWS"],
    ["weekly Friday closing 7 days before", { ...base, operationDays: [5], cutoffDaysBefore: 7 }, "EMPTY_WINDOWS"],
    ["weekly Friday closing 6 days before at 00:00", { ...base, operationDays: [5], cutoffDaysBefore: 6, cutoffTime: "00:00" }, "EMPTY_WINDOWS"],
    ["biweekly Wednesday closing 14 days before", { operationDays: [3], frequency: "biweekly", anchorDate: "2026-11-25", cutoffDaysBefore: 13, cutoffTime: "00:00" }, "EMPTY_WINDOWS"],
    ["not an object", "weekly", "MALFORMED"],
    ["operationDays not an array", { ...base, operationDays: "1,4" }, "MALFORMED"]
  ] as const)("%s → %s", (_name, input, reason) => {
    assert.strictEqual(reasonOf(input), reason)
  })

  it("the weekly every-day route closing 7 days before is invalid (CONTRACT example)", () => {
    const result = validateSchedule({ operationDays: [1, 2, 3, 4, 5, 6, 7], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 7, cutoffTime: "12:00" })
    assert.isTrue(Result.isFailure(result))
  })

  it("the tightest valid calendars: biweekly single day closing 13 days before at 00:01", () => {
    assert.isUndefined(reasonOf({ operationDays: [3], frequency: "biweekly", anchorDate: "2026-11-25", cutoffDaysBefore: 13, cutoffTime: "00:01" }))
  })

  it("normalizes: days sorted and de-duplicated, weekly anchorDate cleared (even if malformed)", () => {
    const result = validateSchedule({ ...base, operationDays: [4, 1, 4], anchorDate: "nonsense" })
    assert.isTrue(Result.isSuccess(result))
    if (Result.isSuccess(result)) {
      assert.deepStrictEqual(result.success.operationDays, [1, 4])
      assert.isNull(result.success.anchorDate)
    }
  })

  it.effect("makeSchedule fails in the error channel with InvalidSchedule", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(makeSchedule({ ...base, operationDays: [] }))
      assert.isTrue(Exit.isFailure(exit))
      const error = yield* Effect.flip(makeSchedule({ ...base, operationDays: [] }))
      assert.strictEqual(error._tag, "InvalidSchedule")
      const ok = yield* makeSchedule(base)
      assert.deepStrictEqual(ok.operationDays, [1, 4])
    }))
})
