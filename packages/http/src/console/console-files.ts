/**
 * The console's build as the route reads it. At start only the directory is listed;
 * a file is read on its first request and kept in memory with its ETag (the build is a
 * few hundred KB, and an idle server holds none of it — docs/performance.md), its
 * compressed copies made on first need (`content-encoding.ts`).
 *
 * A request is answered only from the listing, so a URL can name nothing but a regular
 * file found under the directory: `..`, encoded or not, and symbolic links lead nowhere.
 *
 * `index` checks `index.html`'s modification time on each use (one `stat`): when a new
 * build replaced it — or the first build appeared after the start — the directory is
 * listed again and the kept files dropped, so the service never serves an `index.html`
 * naming assets that are gone.
 */
import * as Effect from "effect/Effect"
import * as Mime from "effect/http/Mime"
import { createHash } from "node:crypto"
import { type Dirent, readdirSync, statSync } from "node:fs"
import { readFile, stat } from "node:fs/promises"
import { join, sep } from "node:path"
import { compress, type ContentEncoding, isCompressible, minimumCompressedSize } from "./content-encoding.ts"

export interface ConsoleFile {
  /** The URL path it is served at (`/index.html`, `/assets/index-abc123.js`). */
  readonly urlPath: string
  readonly contentType: string
  readonly body: Uint8Array
  /** A strong validator of the bytes (quoted). */
  readonly etag: string
  /** Whether compressed copies are served. */
  readonly compressible: boolean
  /** The body in `encoding`, compressed once and kept. */
  readonly encoded: (encoding: ContentEncoding) => Effect.Effect<Uint8Array>
}

export interface ConsoleFiles {
  readonly directory: string
  /** Whether the listing holds an `index.html` (as of the last listing). */
  readonly built: () => boolean
  /** The file served at `urlPath`, or `undefined` when the build has none. */
  readonly file: (urlPath: string) => Effect.Effect<ConsoleFile | undefined>
  /** `index.html`, after re-listing if it changed on disk; `undefined` when there is no build. */
  readonly index: Effect.Effect<ConsoleFile | undefined>
}

export const indexPath = "/index.html"

interface Listing {
  /** URL path → absolute file path. */
  readonly files: ReadonlyMap<string, string>
  /** Modification time of `index.html` when listed; `undefined` when absent. */
  readonly indexModified: number | undefined
}

const modifiedAt = (path: string): Promise<number | undefined> =>
  stat(path).then((info) => info.mtimeMs, () => undefined)

/**
 * Synchronous on purpose (a few small directories, ≈ 1 ms): the server already listens
 * while its routes are built, and a request accepted before the handler is attached
 * waits unanswered, so route construction must not add an asynchronous gap.
 */
const listDirectory = (directory: string): Listing => {
  let entries: ReadonlyArray<Dirent> = []
  try {
    entries = readdirSync(directory, { recursive: true, withFileTypes: true })
  } catch {
    // No directory: not built.
  }
  const files = new Map<string, string>()
  for (const entry of entries) {
    // Regular files only: a symbolic link could point outside the directory.
    if (!entry.isFile()) continue
    const absolute = join(entry.parentPath, entry.name)
    files.set(absolute.slice(directory.length).split(sep).join("/"), absolute)
  }
  let indexModified: number | undefined = undefined
  if (files.has(indexPath)) {
    try {
      indexModified = statSync(join(directory, "index.html")).mtimeMs
    } catch {
      // Removed since the listing: not built.
    }
  }
  return { files, indexModified }
}

/** Types `effect/http`'s table leaves out. */
const extraTypes: Readonly<Record<string, string>> = { ico: "image/x-icon" }

const contentTypeOf = (urlPath: string): string => {
  const type = Mime.getType(urlPath)
  const base = type._tag === "Some"
    ? type.value
    : extraTypes[urlPath.slice(urlPath.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream"
  return base.startsWith("text/") || base === "application/json" ? `${base}; charset=utf-8` : base
}

const loadFile = async (urlPath: string, absolute: string): Promise<ConsoleFile> => {
  const body = new Uint8Array(await readFile(absolute))
  const contentType = contentTypeOf(urlPath)
  const copies = new Map<ContentEncoding, Promise<Uint8Array>>()
  const encodedOnce = (encoding: ContentEncoding) => {
    let copy = copies.get(encoding)
    if (copy === undefined) {
      copy = compress(body, encoding)
      copies.set(encoding, copy)
    }
    return copy
  }
  return {
    urlPath,
    contentType,
    body,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    compressible: body.length >= minimumCompressedSize && isCompressible(contentType),
    encoded: (encoding) => Effect.promise(() => encodedOnce(encoding))
  }
}

/** Lists `directory` (an absolute path) once; everything else happens on request. */
export const makeConsoleFiles = (directory: string): Effect.Effect<ConsoleFiles> =>
  Effect.sync(() => {
    let listing = listDirectory(directory)
    let loaded = new Map<string, Promise<ConsoleFile | undefined>>()

    const fileAt = (urlPath: string): Promise<ConsoleFile | undefined> => {
      const existing = loaded.get(urlPath)
      if (existing !== undefined) return existing
      const absolute = listing.files.get(urlPath)
      if (absolute === undefined) return Promise.resolve(undefined)
      const cache = loaded
      // A file removed since the listing (a rebuild under way) is not found, and not remembered.
      const loading = loadFile(urlPath, absolute).catch(() => {
        cache.delete(urlPath)
        return undefined
      })
      cache.set(urlPath, loading)
      return loading
    }

    const currentIndex = async (): Promise<ConsoleFile | undefined> => {
      const modified = await modifiedAt(join(directory, "index.html"))
      if (modified !== listing.indexModified) {
        listing = listDirectory(directory)
        loaded = new Map()
      }
      return fileAt(indexPath)
    }

    return {
      directory,
      built: () => listing.indexModified !== undefined,
      file: (urlPath) => Effect.promise(() => fileAt(urlPath)),
      index: Effect.promise(currentIndex)
    }
  })
