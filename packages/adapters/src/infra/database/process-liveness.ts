/**
 * Whether the process that wrote a lock file still runs.
 *
 * A pid alone is not enough: after `kill -9` the process stays a zombie until
 * its parent reaps it (in many containers nothing ever does), and `kill(pid, 0)`
 * answers for a zombie as for a live process; and a pid is reused once the
 * process is reaped. So a lock records its holder's identity: the pid, the
 * process's start time (`/proc/<pid>/stat` field 22, clock ticks since boot)
 * and the boot id. A holder is alive only if its pid runs, is neither a
 * zombie nor dead, and started when the holder did, in this boot. Without
 * `/proc` (macOS) only `kill(pid, 0)` is left.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { errnoOf, readIfPresent } from "./read-if-present.ts"

/** What identifies a process on one machine, even across pid reuse. */
export interface ProcessIdentity {
  readonly pid: number
  /** `/proc/<pid>/stat` field 22; absent where there is no `/proc`. */
  readonly startTime?: string | undefined
  /** `/proc/sys/kernel/random/boot_id`; absent where there is no `/proc`. */
  readonly bootId?: string | undefined
}

export type Liveness =
  | { readonly _tag: "Alive" }
  /** `reason` completes "its holder (pid N) …". */
  | { readonly _tag: "Gone"; readonly reason: string }

export interface ProcOptions {
  /** Where procfs is mounted; a test points it elsewhere to check the fallback. */
  readonly procRoot?: string | undefined
}

const defaultProcRoot = "/proc"

// ESRCH: the process vanished while its file was read.
const procAbsent = ["ENOENT", "ESRCH", "ENOTDIR"]
const readIfPresentProc = (file: string) => readIfPresent(file, procAbsent)

export interface ProcStat {
  /** `R`, `S`, `D`, `Z` (zombie), `X` (dead), ... */
  readonly state: string
  readonly startTime: string
}

/**
 * Fields 3 (state) and 22 (start time) of `/proc/<pid>/stat`. Field 2, the
 * command name in parentheses, may itself hold spaces and parentheses, so the
 * fields are counted from its last `)`.
 */
export const parseProcStat = (text: string): ProcStat | undefined => {
  const fields = text.slice(text.lastIndexOf(")") + 2).trim().split(" ")
  const state = fields[0]
  const startTime = fields[19]
  return state === undefined || state === "" || startTime === undefined || !/^\d+$/.test(startTime)
    ? undefined
    : { state, startTime }
}

/** The process's `stat`, or `undefined` when no such process is visible. */
export const readProcStat = (pid: number, options: ProcOptions = {}): ProcStat | undefined => {
  const text = readIfPresentProc(Path.join(options.procRoot ?? defaultProcRoot, String(pid), "stat"))
  return text === undefined ? undefined : parseProcStat(text)
}

const hasProcfs = (procRoot: string): boolean => Fs.existsSync(Path.join(procRoot, "self", "stat"))

const readBootId = (procRoot: string): string | undefined =>
  readIfPresentProc(Path.join(procRoot, "sys", "kernel", "random", "boot_id"))?.trim() || undefined

/** This process's identity, to record in a lock it takes. */
export const currentProcessIdentity = (options: ProcOptions = {}): ProcessIdentity => {
  const procRoot = options.procRoot ?? defaultProcRoot
  if (!hasProcfs(procRoot)) return { pid: process.pid }
  return {
    pid: process.pid,
    startTime: readProcStat(process.pid, options)?.startTime,
    bootId: readBootId(procRoot)
  }
}

/** `kill(pid, 0)`: the process exists (EPERM: it runs as another user), zombies included. */
const signalable = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errnoOf(error) === "EPERM"
  }
}

const alive: Liveness = { _tag: "Alive" }
const gone = (reason: string): Liveness => ({ _tag: "Gone", reason })

/**
 * Whether the process a lock names still runs. Errs towards "alive" only where
 * it cannot see (another user's process hidden by `hidepid`): taking over a
 * live holder's database would corrupt it, refusing to start only annoys.
 */
export const liveness = (holder: ProcessIdentity, options: ProcOptions = {}): Liveness => {
  const procRoot = options.procRoot ?? defaultProcRoot
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return gone("is not a valid pid")
  if (!hasProcfs(procRoot)) return signalable(holder.pid) ? alive : gone("is not running")

  const bootId = readBootId(procRoot)
  if (holder.bootId !== undefined && bootId !== undefined && holder.bootId !== bootId) {
    return gone("ran before the machine restarted")
  }
  const stat = readProcStat(holder.pid, options)
  if (stat === undefined) return signalable(holder.pid) ? alive : gone("is not running")
  if (stat.state === "Z") return gone("is a zombie (killed, not yet reaped)")
  if (stat.state === "X" || stat.state === "x") return gone("is dead")
  if (holder.startTime !== undefined && holder.startTime !== stat.startTime) {
    return gone("is gone (its pid now belongs to another process)")
  }
  return alive
}
