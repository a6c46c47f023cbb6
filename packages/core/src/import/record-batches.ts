/**
 * The records of an import file, read in batches: CSV is streamed (a 100k-row file is
 * never whole in memory), JSON is parsed whole (an array; meant for smaller files).
 * File-level problems (a row with too many fields, an unclosed quote, invalid JSON, an
 * unknown column) go to `problems` with their lines. The file is read through the
 * `ImportFiles` port.
 */
import * as Effect from "effect/Effect"
import { ImportFiles, type TextChunks } from "./import-files.ts"
import { CsvRecords, type FileProblem, type ImportRecord, jsonRecords } from "./import-record.ts"
import type { ImportFormat } from "./import-kind.ts"

export interface RecordBatches {
  /** The next batch, or undefined at the end. */
  readonly next: Effect.Effect<ReadonlyArray<ImportRecord> | undefined>
  readonly problems: ReadonlyArray<FileProblem>
}

export const BATCH_SIZE = 2000

export const openRecords = (path: string, format: ImportFormat): Effect.Effect<RecordBatches, never, ImportFiles> =>
  Effect.flatMap(ImportFiles, (files) =>
    format === "json" ? jsonBatches(files.readText(path)) : Effect.map(files.readChunks(path), csvBatches))

const jsonBatches = (read: Effect.Effect<string>) =>
  read.pipe(Effect.map((text): RecordBatches => {
    const { problems, records } = jsonRecords(text)
    let offset = 0
    return {
      problems,
      next: Effect.sync(() => {
        if (offset >= records.length) return undefined
        const batch = records.slice(offset, offset + BATCH_SIZE)
        offset += BATCH_SIZE
        return batch
      })
    }
  }))

const csvBatches = (chunks: TextChunks): RecordBatches => {
  const csv = new CsvRecords()
  let buffered: Array<ImportRecord> = []
  let ended = false
  const fill = Effect.gen(function*() {
    while (!ended && buffered.length < BATCH_SIZE) {
      const chunk = yield* chunks.next
      if (chunk === undefined) {
        ended = true
        buffered.push(...csv.end())
      } else buffered.push(...csv.push(chunk))
    }
    if (buffered.length === 0) return undefined
    const batch = buffered.slice(0, BATCH_SIZE)
    buffered = buffered.slice(BATCH_SIZE)
    return batch
  })
  return { problems: csv.problems, next: fill }
}
