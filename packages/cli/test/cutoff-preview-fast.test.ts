/**
 * The fast path of `cutoff preview` (no `effect/cli`) prints exactly what the
 * `effect/cli` command prints, with the same exit code, and declines whatever it is not
 * sure about, leaving it to `effect/cli`.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result, Runtime } from "effect"
import { Command } from "effect/cli"
import { TestClock, TestConsole } from "effect/testing"
import { preview } from "../src/commands/cutoff-preview.ts"
import { CliTestLayer } from "./support/cli-test-layer.ts"
import { readFastPreviewFlags, runFastCutoffPreview } from "../src/commands/cutoff-preview-fast.ts"

const NOW = Date.parse("2026-11-23T16:59:30-05:00")

interface Printed {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
}

/** The `effect/cli` command, run in-process at NOW. */
const viaEffectCli = (args: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(NOW)
    const result = yield* Effect.result(Command.runWith(preview, { version: "test" })(args).pipe(Effect.provide(CliTestLayer)))
    const stdout = (yield* TestConsole.logLines).map((line) => `${String(line)}\n`).join("")
    const stderr = (yield* TestConsole.errorLines).map((line) => `${String(line)}\n`).join("")
    const exitCode = Result.isSuccess(result) ? 0 : Runtime.getErrorExitCode(result.failure)
    return { stdout, stderr, exitCode } satisfies Printed
  })

/** The fast path at NOW, its output captured. */
const viaFastPath = (args: ReadonlyArray<string>): Printed | undefined => {
  let stdout = ""
  let stderr = ""
  let exitCode = 0
  const ran = runFastCutoffPreview(args, NOW, {
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
    exit: (code) => (exitCode = code)
  })
  return ran ? { stdout, stderr, exitCode } : undefined
}

const weekly = ["--days", "1,4", "--frequency", "weekly", "--cutoff-days-before", "1", "--cutoff-time", "17:00"]
const biweekly = ["--days", "3", "--frequency", "biweekly", "--anchor-date", "2026-11-25", "--cutoff-days-before", "2", "--cutoff-time", "17:00"]

const handledAlike: ReadonlyArray<ReadonlyArray<string>> = [
  weekly,
  [...weekly, "--json"],
  ["--json", ...biweekly],
  [...biweekly, "--at", "2026-11-23T17:00:00-05:00", "--json"],
  [...biweekly, "--at=2026-12-01", "--json"],
  ["--days=1,2,3,4,5,6,7", "--frequency=weekly", "--cutoff-days-before=0", "--cutoff-time=23:59", "--at", "2026-11-23T23:59"],
  ["--days", "5", "--frequency", "weekly", "--cutoff-days-before", "6", "--cutoff-time", "00:01", "--json"],
  // Unusable calendars (exit 2) and a malformed --at (exit 1).
  ["--days", "1,2,3,4,5,6,7", "--frequency", "weekly", "--cutoff-days-before", "7", "--cutoff-time", "17:00"],
  ["--days", "3", "--frequency", "biweekly", "--cutoff-days-before", "2", "--cutoff-time", "17:00", "--json"],
  ["--days", "mon", "--frequency", "weekly", "--cutoff-days-before", "1", "--cutoff-time", "17:00"],
  ["--days", "1", "--frequency", "monthly", "--cutoff-days-before", "1", "--cutoff-time", "17:00"],
  ["--days", "1", "--frequency", "weekly", "--cutoff-days-before", "x", "--cutoff-time", "17:00"],
  ["--days", "1", "--frequency", "weekly", "--cutoff-days-before", "1", "--cutoff-time", "25:00"],
  ["--days", "", "--frequency", "weekly", "--cutoff-days-before", "1", "--cutoff-time", "17:00"],
  [...weekly, "--at", "tomorrow"],
  ["--days", "3", "--frequency", "biweekly", "--cutoff-days-before", "2", "--cutoff-time", "17:00", "--at", "tomorrow"]
]

describe("cutoff preview fast path", () => {
  it.effect.each(handledAlike)("prints what effect/cli prints, same exit code: %j", (args) =>
    Effect.gen(function*() {
      const fast = viaFastPath(args)
      assert.isDefined(fast, "the fast path should handle these flags")
      const full = yield* viaEffectCli(args)
      assert.deepStrictEqual(fast, full)
    }))

  it("covers every outcome: open, closed, INVALID_SCHEDULE (2) and VALIDATION_ERROR (1)", () => {
    const outcomes = handledAlike.map((args) => viaFastPath(args)!)
    assert.isTrue(outcomes.some((o) => o.stdout.includes("\"isOpen\": true")))
    assert.isTrue(outcomes.some((o) => o.stdout.includes("\"isOpen\": false")))
    assert.isTrue(outcomes.some((o) => o.exitCode === 2 && o.stderr.startsWith("INVALID_SCHEDULE: ")))
    assert.isTrue(outcomes.some((o) => o.exitCode === 1 && o.stderr.startsWith("VALIDATION_ERROR: ")))
  })

  it.each([
    [["--help"]],
    [[...weekly, "-h"]],
    [[...weekly, "--version"]],
    [[...weekly, "--log-level", "debug"]],
    [[...weekly, "--unknown", "x"]],
    [[...weekly, "--days", "2"]],
    [[...weekly, "--json", "--json"]],
    [[...weekly, "--json", "true"]],
    [[...weekly, "--json=false"]],
    [[...weekly, "--no-json"]],
    [[...weekly, "extra"]],
    [[...weekly, "--at"]],
    [["--days", "1,4", "--frequency", "weekly", "--cutoff-days-before", "-1", "--cutoff-time", "17:00"]],
    [["--days", "1,4", "--frequency", "weekly", "--cutoff-time", "17:00"]],
    [[...weekly, "--", "--json"]]
  ] as const)("declines %j (effect/cli handles it)", (args) => {
    assert.isUndefined(readFastPreviewFlags(args))
    assert.isUndefined(viaFastPath(args))
  })

  it("reads the flags in both spellings", () => {
    assert.deepStrictEqual(readFastPreviewFlags([...biweekly, "--at=2026-11-23", "--json"]), {
      days: "3",
      frequency: "biweekly",
      anchorDate: "2026-11-25",
      cutoffDaysBefore: "2",
      cutoffTime: "17:00",
      at: "2026-11-23",
      json: true
    })
    assert.deepStrictEqual(readFastPreviewFlags(weekly), {
      days: "1,4",
      frequency: "weekly",
      anchorDate: undefined,
      cutoffDaysBefore: "1",
      cutoffTime: "17:00",
      at: undefined,
      json: false
    })
  })
})
