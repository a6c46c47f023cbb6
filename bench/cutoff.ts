/**
 * Cutoff engine benchmark.
 *
 * Target: one full cutoff evaluation (everything in the Cutoff status except the
 * Spanish message: isOpen, routeDate, deadline, windowOpensAt, nextOpenDate,
 * upcomingRouteDates) costs at most 2× one
 * `new Intl.DateTimeFormat("es-CO", { timeZone: "America/Bogota" }).formatToParts(date)`
 * call (formatter built once, outside the loop), measured in the same run.
 *
 * Both loops walk the same array of random instants (two years around now) over the
 * spec's three test routes, after a warm-up pass (JIT and the zone-offset memo). Each
 * figure is the best of several rounds, which filters out GC pauses and noisy
 * neighbours. A second, informational figure includes rendering the JSON timestamps.
 *
 * `npx node bench/cutoff.ts` prints the figures; `runCutoffBench()` returns them.
 */
import { Result } from "effect"
import { evaluateCutoff } from "../packages/core/src/calendar/cutoff.ts"
import { type Schedule, type ScheduleInput, validateSchedule } from "../packages/core/src/calendar/schedule.ts"
import { bogota } from "../packages/core/src/calendar/bogota-time.ts"

export interface CutoffBenchResult {
  readonly name: string
  /** Cutoff evaluations per second (no message). */
  readonly opsPerSec: number
  /** `formatToParts` calls per second. */
  readonly baselineOpsPerSec: number
  /** Cost of one evaluation / cost of one `formatToParts` call. */
  readonly ratio: number
  /** Maximum allowed ratio. */
  readonly target: number
  readonly pass: boolean
  /** Informational: evaluation plus rendering of the four ISO timestamps, same ratio. */
  readonly withRenderingRatio: number
}

const TEST_ROUTES: ReadonlyArray<ScheduleInput> = [
  { operationDays: [1, 2, 3, 4, 5, 6, 7], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 0, cutoffTime: "23:59" },
  { operationDays: [3], frequency: "biweekly", anchorDate: "2026-01-07", cutoffDaysBefore: 2, cutoffTime: "17:00" },
  { operationDays: [5], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 6, cutoffTime: "00:01" }
]

const INSTANTS = 4096
const ROUNDS = 7
const MIN_ROUND_MS = 150

let sink = 0

/** Best (lowest) nanoseconds per operation over ROUNDS timed rounds of `pass`. */
const measure = (pass: () => void, opsPerPass: number): number => {
  // Calibrate: enough passes for a round to last MIN_ROUND_MS.
  let passes = 1
  for (;;) {
    const start = performance.now()
    for (let i = 0; i < passes; i++) pass()
    const elapsed = performance.now() - start
    if (elapsed >= MIN_ROUND_MS) break
    passes = Math.max(passes * 2, Math.ceil((passes * MIN_ROUND_MS) / Math.max(elapsed, 1)))
  }
  let best = Number.POSITIVE_INFINITY
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now()
    for (let i = 0; i < passes; i++) pass()
    const elapsed = performance.now() - start
    best = Math.min(best, (elapsed * 1e6) / (passes * opsPerPass))
  }
  return best
}

export async function runCutoffBench(): Promise<CutoffBenchResult> {
  const schedules: Array<Schedule> = TEST_ROUTES.map((input) => Result.getOrThrow(validateSchedule(input)))
  // Deterministic pseudo-random instants (xorshift) within ±1 year of a fixed date.
  const center = Date.UTC(2026, 5, 1)
  const span = 365 * 86_400_000
  let seed = 0x9e3779b9
  const instants = new Float64Array(INSTANTS)
  for (let i = 0; i < INSTANTS; i++) {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    instants[i] = center - span + Math.floor(((seed >>> 0) / 0x1_0000_0000) * 2 * span)
  }
  const dates = Array.from(instants, (ms) => new Date(ms))
  const formatter = new Intl.DateTimeFormat("es-CO", { timeZone: "America/Bogota" })

  const evaluatePass = () => {
    for (let i = 0; i < INSTANTS; i++) {
      const evaluation = evaluateCutoff(schedules[i % 3]!, instants[i]!)
      sink += evaluation.deadline
    }
  }
  const renderPass = () => {
    for (let i = 0; i < INSTANTS; i++) {
      const e = evaluateCutoff(schedules[i % 3]!, instants[i]!)
      sink += bogota.formatIso(e.deadline).length + bogota.formatIso(e.windowOpensAt).length +
        bogota.formatIso(e.nextOpenDate).length + bogota.formatIso(bogota.instantOf(e.routeDate, 0)).length
    }
  }
  const baselinePass = () => {
    for (let i = 0; i < INSTANTS; i++) sink += formatter.formatToParts(dates[i]!).length
  }

  // Warm-up: JIT both paths and fill the zone-offset memo for every day touched.
  for (let i = 0; i < 5; i++) {
    evaluatePass()
    renderPass()
    baselinePass()
  }
  const baselineNs = measure(baselinePass, INSTANTS)
  const evaluateNs = measure(evaluatePass, INSTANTS)
  const renderNs = measure(renderPass, INSTANTS)
  const ratio = evaluateNs / baselineNs
  const target = 2
  if (sink === Number.NEGATIVE_INFINITY) console.log(sink)
  return {
    name: "cutoff evaluation (no message) vs Intl formatToParts",
    opsPerSec: Math.round(1e9 / evaluateNs),
    baselineOpsPerSec: Math.round(1e9 / baselineNs),
    ratio: Math.round(ratio * 1000) / 1000,
    target,
    pass: ratio <= target,
    withRenderingRatio: Math.round((renderNs / baselineNs) * 1000) / 1000
  }
}

if (import.meta.main) {
  const result = await runCutoffBench()
  console.log(`${result.name}`)
  console.log(`  cutoff evaluations/s : ${result.opsPerSec.toLocaleString("en-US")}`)
  console.log(`  formatToParts/s      : ${result.baselineOpsPerSec.toLocaleString("en-US")}`)
  console.log(`  ratio (cost)         : ${result.ratio} (target ≤ ${result.target}) ${result.pass ? "PASS" : "FAIL"}`)
  console.log(`  ratio incl. rendering: ${result.withRenderingRatio} (informational)`)
}
