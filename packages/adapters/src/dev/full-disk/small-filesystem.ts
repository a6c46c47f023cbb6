/**
 * A small filesystem for the full-disk tests (issue #27): a `tmpfs` mounted on a new
 * directory for the scope's lifetime, and files that fill it. Mounting needs root on
 * Linux (CI runs as root); `smallFilesystemsUnavailable` says why it is not possible
 * here, so a test can skip with that reason.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { spawnSync } from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"

const run = (command: string, args: ReadonlyArray<string>): string | undefined => {
  const result = spawnSync(command, args, { encoding: "utf8" })
  return result.status === 0 ? undefined : (result.stderr || result.error?.message || `${command} failed`).trim()
}

/** Why a `tmpfs` cannot be mounted here (not Linux, not root, mount refused), or `undefined` when it can. */
export const smallFilesystemsUnavailable = (): string | undefined => {
  if (process.platform !== "linux") return `mounting a tmpfs needs Linux (this is ${process.platform})`
  if (process.getuid?.() !== 0) return "mounting a tmpfs needs root (CI runs as root)"
  const probe = Fs.mkdtempSync(Path.join(Os.tmpdir(), "quote-tmpfs-probe-"))
  try {
    const refused = run("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe])
    if (refused !== undefined) return `mount -t tmpfs was refused: ${refused}`
    run("umount", [probe])
    return undefined
  } finally {
    Fs.rmSync(probe, { recursive: true, force: true })
  }
}

/** A `tmpfs` of `megabytes` on a new directory, unmounted and removed when the scope closes. */
export const smallFilesystem = (megabytes: number): Effect.Effect<string, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "quote-small-fs-"))
      const refused = run("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", dir])
      if (refused !== undefined) throw new Error(`mount -t tmpfs on ${dir}: ${refused}`)
      return dir
    }),
    (dir) =>
      Effect.sync(() => {
        run("umount", ["-l", dir])
        Fs.rmSync(dir, { recursive: true, force: true })
      })
  )

/** Bytes free for writing on the filesystem of `path`. */
export const freeBytes = (path: string): number => {
  const stats = Fs.statfsSync(path)
  return stats.bavail * stats.bsize
}

const chunk = Buffer.alloc(1024 * 1024, 0x61)

/**
 * Writes `file` until the filesystem has at most `leaveBytes` free (0: until it refuses
 * the next byte); returns the bytes written.
 */
export const fill = (file: string, leaveBytes = 0): number => {
  const fd = Fs.openSync(file, "a")
  let written = 0
  try {
    for (;;) {
      const room = freeBytes(file) - leaveBytes
      if (room <= 0) return written
      try {
        written += Fs.writeSync(fd, chunk, 0, Math.min(chunk.length, room))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOSPC") return written
        throw error
      }
    }
  } finally {
    Fs.closeSync(fd)
  }
}
