/**
 * The embedded database on a disk that fills up (issue #27, docs/operations.md "A full
 * disk"). PostgreSQL inside this process fails a statement cleanly when a table cannot
 * grow (SQLSTATE 53100), but not when its write-ahead log needs a new 16 MB segment or a
 * checkpoint writes its files: those are PANICs, and in PGlite a PANIC ends the process.
 * So the embedded client stops changes while a reserve is still free: below
 * `minFreeBytes` on the data directory's filesystem its session turns read-only
 * (`default_transaction_read_only`), reads keep answering, and every refused change
 * fails with a `DiskFullCause` (answered 503 `DISK_FULL` at the edge); once `resumeFreeBytes` are free again, changes resume,
 * without a restart. The free space is read (`statfs`, a few microseconds) at most once
 * per `checkIntervalMs`, on the way to a statement.
 */
import * as Context from "effect/Context"
import * as Predicate from "effect/Predicate"
import { isSqlError } from "effect/sql/SqlError"
import * as Fs from "node:fs"
import { sqlState } from "./sql-errors.ts"

/** PostgreSQL's `disk_full`: a file could not grow. */
const DISK_FULL_STATE = "53100"

export interface DiskSpaceLimits {
  /** Below this many free bytes, changes stop (a WAL segment and a checkpoint fit in it). */
  readonly minFreeBytes: number
  /** Changes resume once this many bytes are free (above `minFreeBytes`, so the state does not flap). */
  readonly resumeFreeBytes: number
  readonly checkIntervalMs: number
}

export const defaultDiskSpaceLimits: DiskSpaceLimits = {
  minFreeBytes: 64 * 1024 * 1024,
  resumeFreeBytes: 96 * 1024 * 1024,
  checkIntervalMs: 100
}

/** Whether the database's disk is full; provided by the embedded database only. */
export class DatabaseDisk extends Context.Service<DatabaseDisk, {
  /** True while changes are refused for lack of space. */
  readonly full: () => boolean
}>()("@quote/adapters/DatabaseDisk") {}

export interface DiskSpaceGuard {
  /** Reads the free space when the last reading is older than the interval; true while full. */
  readonly full: () => boolean
  /** A statement found the disk full before a reading did: full until space is read free again. */
  readonly filled: () => void
}

/** Free bytes for an unprivileged writer on the filesystem of `path`, or `undefined` when unreadable. */
const freeBytes = (path: string): number | undefined => {
  try {
    const stats = Fs.statfsSync(path)
    return stats.bavail * stats.bsize
  } catch {
    return undefined
  }
}

export const diskSpaceGuard = (path: string, limits: DiskSpaceLimits = defaultDiskSpaceLimits): DiskSpaceGuard => {
  let isFull = false
  let readAt = Number.NEGATIVE_INFINITY
  return {
    full: () => {
      const now = performance.now()
      if (now - readAt < limits.checkIntervalMs) return isFull
      readAt = now
      const free = freeBytes(path)
      // An unreadable filesystem keeps the last state: the statements will tell.
      if (free !== undefined) isFull = free < (isFull ? limits.resumeFreeBytes : limits.minFreeBytes)
      return isFull
    },
    filled: () => {
      isFull = true
      readAt = performance.now()
    }
  }
}

/** The cause of an `SqlError` the embedded client raised for a change refused for lack of space. */
export class DiskFullCause extends Error {
  override readonly name = "DiskFullCause"
}

/**
 * Whether a failure (a typed error or a defect) is a change refused for lack of space:
 * an `SqlError` the embedded client raised for one, or PostgreSQL's `disk_full` on
 * either driver.
 */
export const isDiskFull = (value: unknown): boolean =>
  value instanceof DiskFullCause ||
  (isSqlError(value) && (value.reason.cause instanceof DiskFullCause || sqlState(value) === DISK_FULL_STATE)) ||
  (Predicate.hasProperty(value, "code") && value.code === DISK_FULL_STATE)

/** PostgreSQL's `disk_full` SQLSTATE, for the drivers' error classification. */
export const isDiskFullState = (code: string | undefined): boolean => code === DISK_FULL_STATE
