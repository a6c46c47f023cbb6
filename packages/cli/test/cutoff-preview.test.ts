import { assert, describe, it } from "@effect/vitest"
import { cutoffStatus, decodeSchedule } from "@quote/core"
import { Effect, Result, Runtime } from "effect"
import { Command } from "effect/cli"
import { TestClock, TestConsole } from "effect/testing"
import { parseIsoInstant as parseAt } from "@quote/core/calendar/iso-instant"
import { preview } from "../src/commands/cutoff-preview.ts"
import { CliTestLayer } from "./support/cli-test-layer.ts"

const run = (args: ReadonlyArray<string>) =>
  Command.runWith(preview, { version: "test" })(args).pipe(Effect.provide(CliTestLayer))

const stdout = Effect.map(TestConsole.logLines, (lines) => lines.map(String).join("\n"))
const stderr = Effect.map(TestConsole.errorLines, (lines) => lines.map(String).join("\n"))

const biweeklyArgs = [
  "--days", "3",
  "--frequency", "biweekly",
  "--anchor-date", "2026-11-25",
  "--cutoff-days-before", "2",
  "--cutoff-time", "17:00"
]

describe("cutoff preview", () => {
  it.effect("--json prints exactly the core renderer's Cutoff status", () =>
    Effect.gen(function*() {
      yield* run([...biweeklyArgs, "--at", "2026-11-23T16:59:00-05:00", "--json"])
      const printed = JSON.parse(yield* stdout)
      const schedule = Result.getOrThrow(
        decodeSchedule({ operationDays: [3], frequency: "biweekly", anchorDate: "2026-11-25", cutoffDaysBefore: 2, cutoffTime: "17:00" })
      )
      const expected = cutoffStatus(schedule, Date.parse("2026-11-23T16:59:00-05:00"))
      assert.deepStrictEqual(printed, expected)
      assert.strictEqual(yield* stdout, JSON.stringify(expected, null, 2))
      assert.isTrue(printed.isOpen)
      assert.strictEqual(printed.routeDate, "2026-11-25T00:00:00-05:00")
      assert.strictEqual(printed.deadline, "2026-11-23T17:00:00-05:00")
      assert.deepStrictEqual(printed.upcomingRouteDates, ["2026-11-25", "2026-12-09", "2026-12-23", "2027-01-06"])
    }))

  it.effect("prints a readable summary by default", () =>
    Effect.gen(function*() {
      yield* run(["--days", "1,4", "--frequency", "weekly", "--cutoff-days-before", "1", "--cutoff-time", "17:00", "--at", "2026-11-24T10:00:00-05:00"])
      const out = yield* stdout
      assert.include(out, "Status:           OPEN")
      assert.include(out, "Route date:       jueves 26 de noviembre (2026-11-26)")
      assert.include(out, "2026-11-24T00:00:00-05:00 -> 2026-11-25T17:00:00-05:00")
      assert.include(out, "Lunes y jueves, cada semana. Cierre: 1 día antes a las 5:00 p. m.")
      assert.include(out, "Puedes enviarlo hasta mañana a las 5:00 p. m.")
    }))

  it.effect("defaults --at to now from Clock", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(Date.parse("2026-11-28T00:00:30-05:00"))
      yield* run(["--days", "5", "--frequency", "weekly", "--cutoff-days-before", "6", "--cutoff-time", "00:01", "--json"])
      const printed = JSON.parse(yield* stdout)
      assert.isTrue(printed.isOpen)
      assert.strictEqual(printed.routeDate, "2026-12-04T00:00:00-05:00")
    }))

  it.effect.each([
    [["--days", "1,2,3,4,5,6,7", "--frequency", "weekly", "--cutoff-days-before", "7", "--cutoff-time", "17:00"], "closes before it opens"],
    [["--days", "3", "--frequency", "biweekly", "--cutoff-days-before", "2", "--cutoff-time", "17:00"], "anchorDate"],
    [["--days", "1,8", "--frequency", "weekly", "--cutoff-days-before", "1", "--cutoff-time", "17:00"], "operationDays contains 8"],
    [["--days", "mon", "--frequency", "weekly", "--cutoff-days-before", "1", "--cutoff-time", "17:00"], "--days"],
    [["--days", "1", "--frequency", "monthly", "--cutoff-days-before", "1", "--cutoff-time", "17:00"], "frequency"],
    [["--days", "1", "--frequency", "weekly", "--cutoff-days-before", "14", "--cutoff-time", "17:00"], "cutoffDaysBefore"],
    [["--days", "1", "--frequency", "weekly", "--cutoff-days-before", "1", "--cutoff-time", "25:00"], "cutoffTime"]
  ] as const)("unusable calendar %# → INVALID_SCHEDULE, exit code 2", ([args, fragment]) =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(run(args))
      assert.strictEqual(Runtime.getErrorExitCode(error), 2)
      const err = yield* stderr
      assert.match(err, /^INVALID_SCHEDULE: /)
      assert.include(err, fragment)
      assert.strictEqual(yield* stdout, "")
    }))

  it.effect("a malformed --at is VALIDATION_ERROR, exit code 1", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(run([...biweeklyArgs, "--at", "tomorrow"]))
      assert.strictEqual(Runtime.getErrorExitCode(error), 1)
      assert.match(yield* stderr, /^VALIDATION_ERROR: /)
    }))

  it("parses --at with offset, Z, without offset (Bogota wall time) and as a bare date", () => {
    assert.strictEqual(parseAt("2026-11-26T17:00:00-05:00"), Date.parse("2026-11-26T22:00:00Z"))
    assert.strictEqual(parseAt("2026-11-26T22:00:00Z"), Date.parse("2026-11-26T22:00:00Z"))
    assert.strictEqual(parseAt("2026-11-26T22:00:00.250Z"), Date.parse("2026-11-26T22:00:00.250Z"))
    assert.strictEqual(parseAt("2026-11-26T17:00"), Date.parse("2026-11-26T22:00:00Z"))
    assert.strictEqual(parseAt("2026-11-26"), Date.parse("2026-11-26T05:00:00Z"))
    assert.strictEqual(parseAt("2026-11-26T17:00:00-0500"), Date.parse("2026-11-26T22:00:00Z"))
    assert.isUndefined(parseAt("26/11/2026"))
    assert.isUndefined(parseAt("2026-13-01T00:00:00Z"))
    assert.isUndefined(parseAt("2026-02-30T00:00:00Z"))
    assert.isUndefined(parseAt("2026-11-26T24:00:00Z"))
  })
})
