/**
 * One memory-reducing garbage collection shortly after the server is up (issue #15).
 *
 * Loading the modules and starting the services allocate fast, so V8 grows its young
 * generation to its maximum (≈ 130 MB committed) and keeps it: an idle process never
 * collects again and a regular collection does not give the space back. One
 * "last-resort" collection, the kind V8 runs under memory pressure, returns it (the
 * idle development server drops from ≈ 280 to ≈ 230 MB; docs/performance.md). It takes
 * some 100 ms once, a second after listening; under load the young generation grows
 * again as it needs.
 */
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

interface GcOptions {
  readonly type: "major"
  readonly execution: "sync"
  readonly flavor: "last-resort"
}

const COMPACT_AFTER_MS = 1_000

const collectAllGarbage = (): void => {
  // `--expose-gc` set at run time exposes `gc` to contexts created afterwards.
  setFlagsFromString("--expose-gc")
  const gc = runInNewContext("gc") as (options: GcOptions) => void
  gc({ type: "major", execution: "sync", flavor: "last-resort" })
}

/** Schedules the collection; the timer does not keep the process alive. */
export const scheduleHeapCompaction = (): void => {
  setTimeout(collectAllGarbage, COMPACT_AFTER_MS).unref()
}
