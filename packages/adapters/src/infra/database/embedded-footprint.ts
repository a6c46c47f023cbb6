/**
 * What keeps the embedded database's process small (issue #15; figures in
 * docs/performance.md, "Process footprint"). PGlite is Postgres compiled to WASM inside
 * this process, so Postgres' memory settings and V8's treatment of its code are this
 * process's resident memory.
 */
import { setFlagsFromString } from "node:v8"

/**
 * Postgres' defaults are sized for a shared server; in one WASM process the buffer pool
 * is resident from the moment the database opens, and WASM memory is never given back.
 * 8 MB of buffers (1,024 pages) hold the development data's working set; a miss is a
 * read from the operating system's cache of the data files. With 128 MB the idle
 * process was ≈ 150 MB larger. 20 connection slots (one session is ever used) keep a
 * lock table of 64 × 20 entries, ample for `db copy`, which locks every table and index
 * in one transaction.
 */
export const leanStartParams: ReadonlyArray<string> = ["-c", "shared_buffers=8MB", "-c", "max_connections=20"]

let wasmTieringLimited = false

/**
 * V8 recompiles hot WASM functions with its optimizing compiler (TurboFan); opening a
 * database and checking its migrations makes thousands of Postgres' functions hot, and
 * their optimized code stays resident (~50 MB). Without tier-up every function keeps its
 * baseline (Liftoff) code: statements run 10–30 % slower, the process opens the database
 * in half the time and idles 50 MB smaller. A tiering budget too large to reach
 * (`--wasm-tiering-budget`, used before) was not enough, nor was `--liftoff-only` alone
 * when set at run time (on node's command line it is): under requests functions were
 * still optimized, on V8's worker threads, and the optimizer's working memory stayed in
 * the C allocator's per-thread arenas — ≈ 50 MB more after 1,000 mixed requests (issue
 * #27, docs/performance.md "Memory"). Turning tier-up off as well keeps them out. Set
 * only for a persistent database (the development server and the CLI), before PGlite
 * compiles its module: the in-memory databases of the tests keep the default. The flags
 * apply to modules compiled after them, which is what `v8.setFlagsFromString` is for.
 */
export const keepWasmCodeLean = (): void => {
  if (wasmTieringLimited) return
  wasmTieringLimited = true
  setFlagsFromString("--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering")
}
