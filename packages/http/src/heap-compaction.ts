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
 *   after the last such collection: the end of a burst. The pause (≈ 50–100 ms) falls
 *   where no request is waiting.
 *
 * Under steady load the loop is never that idle, and V8 lets the old generation fill
 * with dead objects up to a limit it sets far above what is alive: the 15-minute soak's
 * RSS swung between 150 and 210 MB in a sawtooth of a few minutes. So, under load too, a
 * regular full collection (not the last-resort kind, which would also shrink the young
 * generation and slow the next seconds of requests) runs once the old generation holds
 * `OLD_GROWTH_UNDER_LOAD` more than after the previous collection, at most once per
 * `MIN_MS_BETWEEN_COLLECTIONS_UNDER_LOAD`: a pause of a few tens of milliseconds at most
 * every ten seconds, and none while the service promotes less than that.
 */
import { performance } from "node:perf_hooks"
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

export interface GcOptions {
  readonly type: "major"
  readonly execution: "sync"
  readonly flavor: "regular" | "last-resort"
}

const COMPACT_AFTER_START_MS = 1_000
const IDLE_CHECK_MS = 250
/** The share of the last check interval the event loop was busy, below which the server counts as quiet. */
const IDLE_UTILIZATION = 0.05
const GROWTH_BEFORE_COMPACTING = 24 * 1024 * 1024
const OLD_GROWTH_UNDER_LOAD = 32 * 1024 * 1024
const MIN_MS_BETWEEN_COLLECTIONS_UNDER_LOAD = 10_000

let gc: ((options: GcOptions) => void) | undefined

const collectAllGarbage = (flavor: GcOptions["flavor"]): void => {
  if (gc === undefined) {
    // `--expose-gc` set at run time exposes `gc` to contexts created afterwards.
    setFlagsFromString("--expose-gc")
    gc = runInNewContext("gc") as (options: GcOptions) => void
  }
  gc({ type: "major", execution: "sync", flavor })
}

const heapSize = (): number => getHeapStatistics().total_heap_size

/** Bytes in use outside the young generation: what only a full collection frees. */
const oldGenerationUsed = (): number =>
  getHeapSpaceStatistics().reduce((sum, space) => space.space_name === "new_space" ? sum : sum + space.space_used_size, 0)

/**
 * Decides, at each check, whether the server has just gone quiet with a grown heap:
 * `utilization` is the event loop's busy share since the previous check, `heap` the
 * heap's size now, `afterLastCollection` its size after the last compaction.
 */
export const shouldCompact = (utilization: number, heap: number, afterLastCollection: number): boolean =>
  utilization < IDLE_UTILIZATION && heap - afterLastCollection > GROWTH_BEFORE_COMPACTING

/**
 * Decides, at each check of a busy server, whether to collect: `oldGrowth` is how much the
 * old generation grew since the last full collection (ours or V8's), `msSinceLast` how
 * long ago ours ran.
 */
export const shouldCollectUnderLoad = (oldGrowth: number, msSinceLast: number): boolean =>
  oldGrowth > OLD_GROWTH_UNDER_LOAD && msSinceLast >= MIN_MS_BETWEEN_COLLECTIONS_UNDER_LOAD

/** What the scheduler remembers between checks. */
export interface CollectionState {
  /**
   * The heap's size after the last memory-reducing (last-resort) collection. A regular
   * collection under load does not move it: it keeps the young generation at its full
   * size, so the heap it leaves is a burst's, and a baseline taken there would stop the
   * quiet server from ever compacting (the footprint bench's RSS after load then stayed
   * at 225 MB in one run of two).
   */
  readonly afterLastCompaction: number
  /** The old generation's lowest use since our last collection (V8's own lower it too). */
  readonly oldBaseline: number
  /** When ours last ran (`performance.now()`). */
  readonly lastCollectionAt: number
}

/** One check's reading of the process. */
export interface HeapReading {
  /** The event loop's busy share since the previous check. */
  readonly utilization: number
  readonly heap: number
  readonly oldUsed: number
  readonly now: number
}

export const initialCollectionState = (now: number): CollectionState => ({
  afterLastCompaction: Number.POSITIVE_INFINITY,
  oldBaseline: Number.POSITIVE_INFINITY,
  lastCollectionAt: now
})

/** The collection a check calls for, if any, and the state it leaves (before that collection). */
export const checkHeap = (
  state: CollectionState,
  reading: HeapReading
): { readonly collect: GcOptions["flavor"] | undefined; readonly state: CollectionState } => {
  if (shouldCompact(reading.utilization, reading.heap, state.afterLastCompaction)) {
    return { collect: "last-resort", state }
  }
  const next = { ...state, oldBaseline: Math.min(state.oldBaseline, reading.oldUsed) }
  const collect = shouldCollectUnderLoad(reading.oldUsed - next.oldBaseline, reading.now - state.lastCollectionAt)
  return { collect: collect ? "regular" : undefined, state: next }
}

/** The state after a collection of `flavor`, from the sizes it left. */
export const collected = (
  state: CollectionState,
  flavor: GcOptions["flavor"],
  after: { readonly heap: number; readonly oldUsed: number; readonly now: number }
): CollectionState => ({
  afterLastCompaction: flavor === "last-resort" ? after.heap : state.afterLastCompaction,
  oldBaseline: after.oldUsed,
  lastCollectionAt: after.now
})

/** Schedules the collections; the timers do not keep the process alive. */
export const scheduleHeapCompaction = (): void => {
  let state = initialCollectionState(performance.now())
  const collect = (flavor: GcOptions["flavor"]) => {
    collectAllGarbage(flavor)
    state = collected(state, flavor, { heap: heapSize(), oldUsed: oldGenerationUsed(), now: performance.now() })
  }
  setTimeout(() => collect("last-resort"), COMPACT_AFTER_START_MS).unref()
  let previous = performance.eventLoopUtilization()
  setInterval(() => {
    const now = performance.eventLoopUtilization()
    const { utilization } = performance.eventLoopUtilization(now, previous)
    previous = now
    const checked = checkHeap(state, { utilization, heap: heapSize(), oldUsed: oldGenerationUsed(), now: performance.now() })
    state = checked.state
    if (checked.collect !== undefined) collect(checked.collect)
  }, IDLE_CHECK_MS).unref()
}
