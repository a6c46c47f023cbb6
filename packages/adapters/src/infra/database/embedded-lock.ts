/**
 * One process at a time per embedded database.
 *
 * PGlite has no server: two processes opening the same data directory would
 * each run their own Postgres over the same files and corrupt them (PGlite
 * ignores its `postmaster.pid`). So the data directory carries a lock file
 * naming its holder (pid, start time, boot id: see `process-liveness.ts`),
 * removed when the holder closes the database (and on a normal process exit).
 *
 * Every change of the lock file is atomic:
 * - taking a free lock hard-links a complete file to `pglite.lock`, which
 *   fails if it exists (no reader ever sees a half-written lock);
 * - a lock whose holder is gone (`kill -9`, a zombie, a pid reused, a reboot)
 *   is replaced by renaming a new file over it, by the one process that wins
 *   the takeover: each candidate first places a claim file named after the
 *   stale content, then looks at the other claims; it goes on only if no
 *   other claimant is alive and the lock still holds that stale content.
 *   Of two candidates, the one that looks second sees the first's claim, so
 *   two processes can never both take one stale lock; and a stale content is
 *   never seen again once replaced (each lock carries a random nonce).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { ConnectionError, SqlError } from "effect/sql/SqlError"
import { createHash, randomBytes } from "node:crypto"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { currentProcessIdentity, liveness, type ProcessIdentity } from "./process-liveness.ts"
import { errnoOf, readIfPresent } from "./read-if-present.ts"

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

/** How long to keep trying while other processes are taking the lock over. */
const contentionDeadlineMs = 15_000
/** A lock file without a readable holder this old was left half-written (see `createComplete`). */
const unreadableGraceMs = 10_000


/**
 * The lock's text: the pid alone on the first line (what older versions and
 * people read), then `key=value` lines.
 */
const lockContent = (identity: ProcessIdentity): string =>
  [
    String(identity.pid),
    `host=${Os.hostname()}`,
    `acquired=${new Date().toISOString()}`,
    ...(identity.startTime === undefined ? [] : [`start-time=${identity.startTime}`]),
    ...(identity.bootId === undefined ? [] : [`boot-id=${identity.bootId}`]),
    `nonce=${randomBytes(8).toString("hex")}`,
    ""
  ].join("\n")

/** The holder a lock (or claim) file names; `undefined` when it names none. */
export const parseLockHolder = (content: string): ProcessIdentity | undefined => {
  const [first, ...rest] = content.split("\n")
  if (first === undefined || !/^\d+$/.test(first.trim())) return undefined
  const fields = new Map(rest.flatMap((line) => {
    const at = line.indexOf("=")
    return at > 0 ? [[line.slice(0, at), line.slice(at + 1).trim()] as const] : []
  }))
  return { pid: Number(first.trim()), startTime: fields.get("start-time"), bootId: fields.get("boot-id") }
}

const uniqueSuffix = () => `${process.pid}.${randomBytes(6).toString("hex")}`

/**
 * Creates `lockFile` with `candidate`'s complete content, unless it exists.
 * Where the file system has no hard links, an exclusive create is the next
 * best: a reader may then briefly find it empty (see `unreadableGraceMs`).
 */
const createComplete = (candidate: string, lockFile: string, content: string): boolean => {
  try {
    Fs.linkSync(candidate, lockFile)
    return true
  } catch (error) {
    const code = errnoOf(error)
    if (code === "EEXIST") return false
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw error
  }
  try {
    Fs.writeFileSync(lockFile, content, { flag: "wx", mode: 0o644 })
    return true
  } catch (error) {
    if (errnoOf(error) === "EEXIST") return false
    throw error
  }
}

/**
 * Whether the process that wrote a candidate or claim file may still be using
 * it. One with our own pid is an earlier process's: this process's attempts
 * run synchronously and leave none behind.
 */
const writerAlive = (content: string | undefined): boolean => {
  const writer = content === undefined ? undefined : parseLockHolder(content)
  return writer !== undefined && writer.pid !== process.pid && liveness(writer)._tag === "Alive"
}

export interface TakenOver {
  /** The stale holder's pid (0 when the lock named none). */
  readonly pid: number
  readonly reason: string
}

type Attempt =
  | { readonly _tag: "Acquired"; readonly tookOver: TakenOver | undefined }
  | { readonly _tag: "Held"; readonly pid: number }
  /** The lock changed meanwhile: look again now. */
  | { readonly _tag: "Retry" }
  /** Another process is taking the lock over or writing it: look again shortly. */
  | { readonly _tag: "Contended" }

/** Replaces the stale lock `stale` with `candidate`, unless another live process is doing so. */
const takeOver = (lockFile: string, candidate: string, stale: string, previous: TakenOver): Attempt => {
  const directory = Path.dirname(lockFile)
  const prefix = `${Path.basename(lockFile)}.takeover.${createHash("sha256").update(stale).digest("hex").slice(0, 16)}.`
  const claimName = `${prefix}${uniqueSuffix()}`
  const claim = Path.join(directory, claimName)
  Fs.renameSync(candidate, claim)
  try {
    const rivals = Fs.readdirSync(directory).filter((name) => name.startsWith(prefix) && name !== claimName)
    if (rivals.some((name) => writerAlive(readIfPresent(Path.join(directory, name))))) {
      return { _tag: "Contended" }
    }
    if (readIfPresent(lockFile) !== stale) return { _tag: "Retry" }
    Fs.renameSync(claim, lockFile)
    held.add(lockFile)
    return { _tag: "Acquired", tookOver: previous }
  } finally {
    // Gone once renamed to the lock; otherwise withdrawn.
    Fs.rmSync(claim, { force: true })
  }
}

/** One look at the lock, all synchronous: no other fiber of this process runs in between. */
const attempt = (lockFile: string, content: string): Attempt => {
  const candidate = `${lockFile}.new.${uniqueSuffix()}`
  Fs.writeFileSync(candidate, content, { flag: "wx", mode: 0o644 })
  try {
    if (createComplete(candidate, lockFile, content)) {
      held.add(lockFile)
      return { _tag: "Acquired", tookOver: undefined }
    }
    const current = readIfPresent(lockFile)
    if (current === undefined) return { _tag: "Retry" }
    const holder = parseLockHolder(current)
    if (holder === undefined) {
      const modified = Fs.statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs
      if (modified === undefined) return { _tag: "Retry" }
      return Date.now() - modified < unreadableGraceMs
        ? { _tag: "Contended" }
        : takeOver(lockFile, candidate, current, { pid: 0, reason: "left an unreadable lock file" })
    }
    // Our own pid in a lock this process does not hold: an earlier process
    // (pid 1 in a restarted container), so stale like any gone holder.
    const verdict = holder.pid === process.pid
      ? (held.has(lockFile) ? { _tag: "Alive" as const } : { _tag: "Gone" as const, reason: "was an earlier process with this pid" })
      : liveness(holder)
    return verdict._tag === "Alive"
      ? { _tag: "Held", pid: holder.pid }
      : takeOver(lockFile, candidate, current, { pid: holder.pid, reason: verdict.reason })
  } finally {
    Fs.rmSync(candidate, { force: true })
  }
}

/**
 * Removes what killed processes left mid-attempt (candidates, claims). Only
 * files of gone writers: a live one's claim may be in use.
 */
const removeLeftovers = (lockFile: string): void => {
  const directory = Path.dirname(lockFile)
  const base = Path.basename(lockFile)
  for (const name of Fs.readdirSync(directory)) {
    if (!name.startsWith(`${base}.new.`) && !name.startsWith(`${base}.takeover`)) continue
    const file = Path.join(directory, name)
    const content = readIfPresent(file)
    if (content === undefined) continue
    // A candidate is written after it is created: an empty young one is being written.
    const abandoned = parseLockHolder(content) === undefined
      ? Date.now() - (Fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > unreadableGraceMs
      : !writerAlive(content)
    if (abandoned) Fs.rmSync(file, { force: true })
  }
}

const removeIfContent = (file: string, content: string): void => {
  if (readIfPresent(file) === content) Fs.rmSync(file, { force: true })
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
 * Takes the lock for the scope's lifetime, taking over a gone holder's (with a
 * warning saying so). Fails with {@link EmbeddedDatabaseLocked} when a live
 * process holds it.
 */
export const acquireEmbeddedLock = (
  options: EmbeddedLockOptions
): Effect.Effect<void, EmbeddedDatabaseLocked | SqlError, Scope.Scope> => {
  const lockFile = Path.resolve(options.lockFile)
  const content = lockContent(currentProcessIdentity())
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
  const acquired = (tookOver: TakenOver | undefined) =>
    Effect.andThen(
      Effect.sync(() => {
        process.on("exit", onExit)
        try {
          removeLeftovers(lockFile)
        } catch {
          // Only tidying: the lock is ours either way.
        }
      }),
      tookOver === undefined ? Effect.void : Effect.logWarning(
        tookOver.pid === 0
          ? `Took over the embedded database lock in ${options.dataDir}: its previous holder ${tookOver.reason}.`
          : `Took over the embedded database lock in ${options.dataDir}: its previous holder (pid ${tookOver.pid}) ${tookOver.reason}.`
      )
    )
  const loop = (deadline: number): Effect.Effect<void, EmbeddedDatabaseLocked | SqlError> =>
    Effect.flatMap(tryOnce, (result) => {
      switch (result._tag) {
        case "Acquired":
          return acquired(result.tookOver)
        case "Held":
          return Effect.fail(new EmbeddedDatabaseLocked({ dataDir: options.dataDir, pid: result.pid }))
        case "Retry":
        case "Contended":
          return Date.now() < deadline
            ? Effect.andThen(
              // Jittered, so two candidates that withdrew together do not meet again.
              result._tag === "Retry" ? Effect.void : wallClockDelay(10 + Math.floor(Math.random() * 30)),
              loop(deadline)
            )
            : Effect.fail(
              new EmbeddedDatabaseLocked({ dataDir: options.dataDir, pid: readLockOwner(lockFile) ?? 0 })
            )
      }
    })
  return Effect.acquireRelease(
    Effect.suspend(() => loop(Date.now() + contentionDeadlineMs)),
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
  const content = readIfPresent(Path.resolve(lockFile))
  return content === undefined ? undefined : parseLockHolder(content)?.pid
}
