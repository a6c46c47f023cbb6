/**
 * `cutoffPreview` (`@quote/core/preview`) gives what the server gives — the same code
 * computes both — and what `cli cutoff preview --json` prints; unusable input throws
 * errors carrying the spec's `code` and a reason.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { cutoffStatus } from "../src/calendar/cutoff-status.ts"
import { decodeSchedule, type ScheduleInput } from "../src/calendar/schedule.ts"
import { cutoffPreview, InvalidInstantError, UnusableScheduleError } from "../src/preview.ts"
import { instantArb, validScheduleArb } from "./calendar/helpers.ts"

const biweekly = { operationDays: [3], frequency: "biweekly", anchorDate: "2026-11-25", cutoffDaysBefore: 2, cutoffTime: "17:00" }

/** The server's path: decode + validate with the Effect API, then the status. */
const serverStatus = (input: unknown, at: number) => cutoffStatus(Result.getOrThrow(decodeSchedule(input)), at)

const thrownBy = (run: () => unknown): unknown => {
  try {
    run()
  } catch (error) {
    return error
  }
  assert.fail("expected an exception")
}

describe("cutoffPreview", () => {
  // fast-check directly: `it.prop` does not recognize arbitraries of the root fast-check.
  it("equals the server's Cutoff status for any valid schedule and instant", () => {
    fc.assert(
      fc.property(validScheduleArb, instantArb, (scheduled, t) => {
        const expected = cutoffStatus(scheduled.schedule, t)
        assert.deepStrictEqual(cutoffPreview(scheduled.input, new Date(t)), expected)
        assert.deepStrictEqual(cutoffPreview(scheduled.input, new Date(t).toISOString()), expected)
        assert.deepStrictEqual(cutoffPreview(scheduled.input, t), expected)
      }),
      { numRuns: 400 }
    )
  })

  it("takes `at` as a Date, an ISO string with an offset or Z, or Bogota wall time without offset", () => {
    const expected = serverStatus(biweekly, Date.parse("2026-11-23T21:59:00Z"))
    assert.deepStrictEqual(cutoffPreview(biweekly, new Date("2026-11-23T21:59:00Z")), expected)
    assert.deepStrictEqual(cutoffPreview(biweekly, "2026-11-23T16:59:00-05:00"), expected)
    assert.deepStrictEqual(cutoffPreview(biweekly, "2026-11-23T21:59:00Z"), expected)
    assert.deepStrictEqual(cutoffPreview(biweekly, "2026-11-23T16:59"), expected)
    assert.isTrue(expected.isOpen)
    assert.strictEqual(
      expected.message,
      "La ruta está abierta. Tu pedido sale en la ruta del miércoles 25 de noviembre. Puedes enviarlo hasta hoy a las 5:00 p. m."
    )
    // A bare date is 00:00 in Bogota.
    assert.deepStrictEqual(cutoffPreview(biweekly, "2026-11-23"), serverStatus(biweekly, Date.parse("2026-11-23T05:00:00Z")))
  })

  it("defaults `at` to now", () => {
    const before = Date.now()
    const status = cutoffPreview(biweekly)
    const after = Date.now()
    const candidates = [serverStatus(biweekly, before), serverStatus(biweekly, after)]
    assert.isTrue(candidates.some((candidate) => JSON.stringify(candidate) === JSON.stringify(status)))
  })

  it.each([
    ["no days", { ...biweekly, operationDays: [] }, "NO_OPERATION_DAYS", "operationDays"],
    ["day 8", { ...biweekly, operationDays: [1, 8] }, "DAY_OUT_OF_RANGE", "operationDays"],
    ["monthly", { ...biweekly, frequency: "monthly" }, "INVALID_FREQUENCY", "frequency"],
    ["14 days before", { ...biweekly, cutoffDaysBefore: 14 }, "CUTOFF_DAYS_OUT_OF_RANGE", "cutoffDaysBefore"],
    ["25:00", { ...biweekly, cutoffTime: "25:00" }, "INVALID_CUTOFF_TIME", "cutoffTime"],
    ["biweekly without anchor", { ...biweekly, anchorDate: null }, "ANCHOR_REQUIRED", "anchorDate"],
    ["anchor 2026-02-30", { ...biweekly, anchorDate: "2026-02-30" }, "INVALID_ANCHOR_DATE", "anchorDate"],
    ["anchor on a Tuesday", { ...biweekly, anchorDate: "2026-11-24" }, "ANCHOR_NOT_OPERATING_DAY", "anchorDate"],
    ["closes 7 days before, every day", {
      operationDays: [1, 2, 3, 4, 5, 6, 7],
      frequency: "weekly",
      cutoffDaysBefore: 7,
      cutoffTime: "17:00"
    }, "EMPTY_WINDOWS", "cutoffDaysBefore"],
    ["days as text", { ...biweekly, operationDays: "1,4" }, "MALFORMED", "schedule"],
    ["not an object", "weekly", "MALFORMED", "schedule"]
  ] as const)("an unusable calendar (%s) throws INVALID_SCHEDULE with its reason", (_, input, reason, field) => {
    const error = thrownBy(() => cutoffPreview(input as unknown as ScheduleInput, "2026-11-23T10:00:00-05:00"))
    assert.instanceOf(error, Error)
    assert.instanceOf(error, UnusableScheduleError)
    assert.strictEqual(error.code, "INVALID_SCHEDULE")
    assert.strictEqual(error.reason, reason)
    assert.strictEqual(error.field, field)
    // The same reason and message as the server's InvalidSchedule.
    const server = decodeSchedule(input)
    assert.isTrue(Result.isFailure(server))
    if (Result.isFailure(server)) {
      assert.strictEqual(error.message, server.failure.message)
      assert.deepStrictEqual(server.failure.details, { reason, field })
    }
  })

  it.each(["tomorrow", "2026-02-30T10:00:00Z", "2026-11-23T24:00:00Z"])("an unreadable `at` (%s) throws VALIDATION_ERROR", (at) => {
    const error = thrownBy(() => cutoffPreview(biweekly, at))
    assert.instanceOf(error, InvalidInstantError)
    assert.strictEqual(error.code, "VALIDATION_ERROR")
    assert.strictEqual(error.field, "at")
    assert.include(error.message, at)
  })

  it("an invalid Date throws VALIDATION_ERROR", () => {
    const error = thrownBy(() => cutoffPreview(biweekly, new Date("nope")))
    assert.instanceOf(error, InvalidInstantError)
    assert.strictEqual(error.code, "VALIDATION_ERROR")
  })
})

describe("cutoffPreview and `cli cutoff preview --json`", () => {
  const root = fileURLToPath(new URL("../../..", import.meta.url))
  const cases: ReadonlyArray<readonly [ReadonlyArray<string>, Record<string, unknown>, string]> = [
    [["--days", "1,4", "--frequency", "weekly", "--cutoff-days-before", "1", "--cutoff-time", "17:00"], {
      operationDays: [1, 4],
      frequency: "weekly",
      cutoffDaysBefore: 1,
      cutoffTime: "17:00"
    }, "2026-11-24T10:00:00-05:00"],
    [["--days", "3", "--frequency", "biweekly", "--anchor-date", "2026-11-25", "--cutoff-days-before", "2", "--cutoff-time", "17:00"], biweekly, "2026-11-23T17:00:00-05:00"],
    [["--days", "5", "--frequency", "weekly", "--cutoff-days-before", "6", "--cutoff-time", "00:01"], {
      operationDays: [5],
      frequency: "weekly",
      cutoffDaysBefore: 6,
      cutoffTime: "00:01"
    }, "2026-12-31T23:59"],
    [["--days", "1,2,3,4,5,6,7", "--frequency", "weekly", "--cutoff-days-before", "0", "--cutoff-time", "23:59"], {
      operationDays: [1, 2, 3, 4, 5, 6, 7],
      frequency: "weekly",
      cutoffDaysBefore: 0,
      cutoffTime: "23:59"
    }, "1992-06-01T12:00:00Z"]
  ]

  it.each(cases)("the CLI prints exactly the preview (%j)", (flags, schedule, at) => {
    const run = spawnSync(
      process.execPath,
      ["--conditions=quote-source", "packages/cli/src/main.ts", "cutoff", "preview", ...flags, "--at", at, "--json"],
      { cwd: root, encoding: "utf8" }
    )
    assert.strictEqual(run.status, 0, run.stderr)
    const preview = cutoffPreview(schedule as unknown as ScheduleInput, at)
    assert.strictEqual(run.stdout, `${JSON.stringify(preview, null, 2)}\n`)
  })

  it("an unusable calendar: the CLI's INVALID_SCHEDULE line carries the preview's message", () => {
    const run = spawnSync(
      process.execPath,
      ["--conditions=quote-source", "packages/cli/src/main.ts", "cutoff", "preview", "--days", "3", "--frequency", "biweekly", "--cutoff-days-before", "2", "--cutoff-time", "17:00", "--json"],
      { cwd: root, encoding: "utf8" }
    )
    assert.strictEqual(run.status, 2)
    const error = thrownBy(() => cutoffPreview({ ...biweekly, anchorDate: null }))
    assert.instanceOf(error, UnusableScheduleError)
    assert.strictEqual(run.stderr, `INVALID_SCHEDULE: ${error.message}\n`)
    assert.strictEqual(run.stdout, "")
  })
})
