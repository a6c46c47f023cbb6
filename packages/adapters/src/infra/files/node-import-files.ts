/** `ImportFiles` on Node's file system: CSV read as a stream of 256 KB chunks. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createReadStream } from "node:fs"
import { open, readFile } from "node:fs/promises"
import { ImportFiles } from "@quote/core/import/import-files"

export const NodeImportFiles = Layer.succeed(ImportFiles, ImportFiles.of({
  readText: (path) => Effect.promise(() => readFile(path, "utf8")),
  readChunks: (path) =>
    Effect.sync(() => {
      const chunks = createReadStream(path, { encoding: "utf8", highWaterMark: 256 * 1024 })[Symbol.asyncIterator]()
      return {
        next: Effect.promise(async () => {
          const chunk = await chunks.next()
          return chunk.done === true ? undefined : String(chunk.value)
        })
      }
    }),
  create: (path) =>
    Effect.acquireRelease(Effect.promise(() => open(path, "w")), (handle) => Effect.promise(() => handle.close())).pipe(
      Effect.map((handle) => ({ write: (text: string) => Effect.promise(() => handle.write(text)).pipe(Effect.asVoid) }))
    )
}))
