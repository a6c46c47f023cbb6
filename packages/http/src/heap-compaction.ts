/**
 * Memory-reducing garbage collections when the server has just started or has just
 * gone quiet (issues #15 and #27; docs/performance.md, "Memory").
 *
 * V8 lets its old generation grow well past what is alive before it collects it: after a
 * minute of mixed load the PostgreSQL server held 230–330 MB of RSS with about 55 MB
 * alive (what `--optimize-for-size` showed, at 55 % of the throughput). An idle process
 * never collects again, so that memory stays taken until the next burst. One
 * "last-resort" collection, the kind V8 runs under memory pressure, returns it:
 *
 * - once, a second after listening (loading the modules and starting the services
 *   allocate fast and grow the young generation to its maximum);
 * - again whenever the event loop has been nearly idle for a check interval
 *   (`IDLE_UTILIZATION`) while the heap stands `GROWTH_BEFORE_COMPACTING` above its size
 *   after the last such collection: the end of a burst. Under steady load the loop is
 *   never that idle and V8 collects as usual; the pause (≈ 50–100 ms) falls where no
 *   request is waiting.
 */
import { performance } from "node:perf_hooks"
import { getHeapStatistics, setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

interface GcOptions {
  readonly type: "major"
  readonly execution: "sync"
  readonly flavor: "last-resort"
}

const COMPACT_AFTER_START_MS = 1_000
const IDLE_CHECK_MS = 250
/** The share of the last check interval the event loop was busy, below which the server counts as quiet. */
const IDLE_UTILIZATION = 0.05
const GROWTH_BEFORE_COMPACTING = 24 * 1024 * 1024

let gc: ((options: GcOptions) => void) | undefined

const collectAllGarbage = (): void => {
  if (gc === undefined) {
    // `--expose-gc` set at run time exposes `gc` to contexts created afterwards.
    setFlagsFromString("--expose-gc")
    gc = runInNewContext("gc") as (options: GcOptions) => void
  }
  gc({ type: "major", execution: "sync", flavor: "last-resort" })
}

const heapSize = (): number => getHeapStatistics().total_heap_size

/**
 * Decides, at each check, whether the server has just gone quiet with a grown heap:
 * `utilization` is the event loop's busy share since the previous check, `heap` the
 * heap's size now, `afterLastCollection` its size after the last compaction.
 */
export const shouldCompact = (utilization: number, heap: number, afterLastCollection: number): boolean =>
  utilization < IDLE_UTILIZATION && heap - afterLastCollection > GROWTH_BEFORE_COMPACTING

/** Schedules the collections; the timers do not keep the process alive. */
export const scheduleHeapCompaction = (): void => {
  let afterLastCollection = Number.POSITIVE_INFINITY
  const compact = () => {
    collectAllGarbage()
    afterLastCollection = heapSize()
  }
  setTimeout(compact, COMPACT_AFTER_START_MS).unref()
  let previous = performance.eventLoopUtilization()
  setInterval(() => {
    const now = performance.eventLoopUtilization()
    const { utilization } = performance.eventLoopUtilization(now, previous)
    previous = now
    if (shouldCompact(utilization, heapSize(), afterLastCollection)) compact()
  }, IDLE_CHECK_MS).unref()
}
