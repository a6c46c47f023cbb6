/**
 * One process at a time per embedded database.
 *
 * PGlite has no server: two processes opening the same data directory would
 * each run their own Postgres over the same files and corrupt them (PGlite
 * ignores its `postmaster.pid`). So the data directory carries a lock file
 * written with `O_EXCL`, holding the owner's pid, removed when the owner
 * closes the database (and on a normal process exit). A lock whose pid is no
 * longer running (a crash, a `kill -9`) is stale and taken over; the takeover
 * itself is guarded by a second `O_EXCL` file so two starting processes cannot
 * both take over the same stale lock.
 */
import { Effect, Schema, type Scope } from "effect"
import { ConnectionError, SqlError } from "effect/sql/SqlError"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"

/**
 * The data directory is held by another running process. Its `message` is the
 * one line a CLI or server prints before exiting.
 */
export class EmbeddedDatabaseLocked extends Schema.TaggedError<EmbeddedDatabaseLocked>()("EmbeddedDatabaseLocked", {
  dataDir: Schema.String,
  pid: Schema.Number
}) {
  override get message(): string {
    return this.pid === process.pid
      ? `The embedded database in ${this.dataDir} is already open in this process (pid ${this.pid}).`
      : `The embedded database in ${this.dataDir} is in use by another process (pid ${this.pid}). Stop it, or set DATABASE_URL to share a Postgres database.`
  }
}

export interface EmbeddedLockOptions {
  /** The lock file's path. */
  readonly lockFile: string
  /** The directory as the user named it, for the message (e.g. `./.data`). */
  readonly dataDir: string
}

// Locks this process holds, shared by every copy of this module (test runners
// load modules once per test file).
const heldKey = Symbol.for("@quote/adapters/database/embedded-lock/held")
const held: Set<string> = ((globalThis as Record<symbol, unknown>)[heldKey] as Set<string> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[heldKey] = new Set<string>()) as Set<string>

/** Takeover files older than this belong to a process that died mid-takeover. */
const takeoverTimeoutMs = 10_000

type Owner =
  | { readonly _tag: "Missing" }
  | { readonly _tag: "Owner"; readonly pid: number; readonly raw: string }

const errnoOf = (error: unknown): string | undefined =>
  error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined

const readOwner = (lockFile: string): Owner => {
  try {
    const raw = Fs.readFileSync(lockFile, "utf8")
    return { _tag: "Owner", pid: Number.parseInt(raw.split("\n")[0] ?? "", 10), raw }
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return { _tag: "Missing" }
    throw error
  }
}

/** Whether a process with this pid is running (EPERM: it runs as someone else). */
export const isProcessAlive = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errnoOf(error) === "EPERM"
  }
}

const createExclusive = (file: string, content: string): boolean => {
  try {
    Fs.writeFileSync(file, content, { flag: "wx", mode: 0o644 })
    return true
  } catch (error) {
    if (errnoOf(error) === "EEXIST") return false
    throw error
  }
}

const removeIfContent = (file: string, content: string): void => {
  try {
    if (Fs.readFileSync(file, "utf8") === content) Fs.unlinkSync(file)
  } catch (error) {
    if (errnoOf(error) !== "ENOENT") throw error
  }
}

/** Replaces a stale lock unless someone else is replacing it right now. */
const takeOver = (lockFile: string, staleContent: string): boolean => {
  const mutex = `${lockFile}.takeover`
  if (!createExclusive(mutex, String(process.pid))) {
    try {
      if (Date.now() - Fs.statSync(mutex).mtimeMs > takeoverTimeoutMs) Fs.unlinkSync(mutex)
    } catch (error) {
      if (errnoOf(error) !== "ENOENT") throw error
    }
    return false
  }
  try {
    removeIfContent(lockFile, staleContent)
    return true
  } finally {
    Fs.rmSync(mutex, { force: true })
  }
}

type Attempt =
  | { readonly _tag: "Acquired" }
  | { readonly _tag: "Held"; readonly pid: number }
  /** A stale lock was removed: try again now. */
  | { readonly _tag: "Retry" }
  /** Someone else is replacing the lock: try again shortly. */
  | { readonly _tag: "Contended" }

const attempt = (lockFile: string, content: string): Attempt => {
  if (createExclusive(lockFile, content)) return { _tag: "Acquired" }
  const owner = readOwner(lockFile)
  if (owner._tag === "Missing") return { _tag: "Contended" }
  // Our own pid in a lock this process does not hold: a previous incarnation
  // (pid 1 in a restarted container), so stale like any dead owner.
  const ours = owner.pid === process.pid
  const alive = ours ? held.has(lockFile) : isProcessAlive(owner.pid)
  if (alive) return { _tag: "Held", pid: owner.pid }
  return takeOver(lockFile, owner.raw) ? { _tag: "Retry" } : { _tag: "Contended" }
}

/**
 * Waits on the wall clock, not on `Clock`: the other party is another process,
 * which a test's `TestClock` does not move.
 */
const wallClockDelay = (millis: number): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    const timer = setTimeout(() => resume(Effect.void), millis)
    return Effect.sync(() => clearTimeout(timer))
  })

const ioError = (dataDir: string, error: unknown) =>
  new SqlError({
    reason: new ConnectionError({
      cause: error,
      message: `Cannot use the embedded database directory ${dataDir}: ${
        error instanceof Error ? error.message : String(error)
      }`,
      operation: "lock"
    })
  })

/**
 * Takes the lock for the scope's lifetime. Fails with
 * {@link EmbeddedDatabaseLocked} when a live process holds it.
 */
export const acquireEmbeddedLock = (
  options: EmbeddedLockOptions
): Effect.Effect<void, EmbeddedDatabaseLocked | SqlError, Scope.Scope> => {
  const lockFile = Path.resolve(options.lockFile)
  const content = `${process.pid}\n${Os.hostname()}\n${new Date().toISOString()}\n`
  const release = () => {
    held.delete(lockFile)
    removeIfContent(lockFile, content)
  }
  const onExit = () => {
    try {
      release()
    } catch {
      // The process is exiting: a lock left behind is stale and taken over.
    }
  }
  const tryOnce = Effect.try({
    try: () => {
      Fs.mkdirSync(Path.dirname(lockFile), { recursive: true })
      return attempt(lockFile, content)
    },
    catch: (error) => ioError(options.dataDir, error)
  })
  const loop = (remaining: number): Effect.Effect<void, EmbeddedDatabaseLocked | SqlError> =>
    Effect.flatMap(tryOnce, (result) => {
      switch (result._tag) {
        case "Acquired":
          return Effect.sync(() => {
            held.add(lockFile)
            process.on("exit", onExit)
          })
        case "Held":
          return Effect.fail(new EmbeddedDatabaseLocked({ dataDir: options.dataDir, pid: result.pid }))
        case "Retry":
        case "Contended":
          return remaining > 0
            ? Effect.andThen(result._tag === "Retry" ? Effect.void : wallClockDelay(25), loop(remaining - 1))
            : Effect.flatMap(
              Effect.sync(() => readOwner(lockFile)),
              (owner) =>
                Effect.fail(
                  new EmbeddedDatabaseLocked({ dataDir: options.dataDir, pid: owner._tag === "Owner" ? owner.pid : 0 })
                )
            )
      }
    })
  return Effect.acquireRelease(
    loop(400),
    () =>
      Effect.sync(() => {
        process.off("exit", onExit)
        try {
          release()
        } catch {
          // Already gone, or the directory was removed: nothing left to release.
        }
      })
  )
}

/** The pid written in a lock file, if there is one. */
export const readLockOwner = (lockFile: string): number | undefined => {
  const owner = readOwner(Path.resolve(lockFile))
  return owner._tag === "Owner" && Number.isInteger(owner.pid) ? owner.pid : undefined
}
