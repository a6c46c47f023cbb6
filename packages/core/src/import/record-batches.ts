/**
 * The records of an import file, read in batches: CSV is streamed (a 100k-row file is
 * never whole in memory), JSON is parsed whole (an array; meant for smaller files).
 * File-level problems (a row with too many fields, an unclosed quote, invalid JSON, an
 * unknown column) go to `problems` with their lines.
 */
import { Effect } from "effect"
import { createReadStream } from "node:fs"
import { readFile } from "node:fs/promises"
import { CsvRecords, type FileProblem, type ImportRecord, jsonRecords } from "@quote/core/import/import-record"
import type { ImportFormat } from "@quote/core/import/import-kind"

export interface RecordBatches {
  /** The next batch, or undefined at the end. */
  readonly next: Effect.Effect<ReadonlyArray<ImportRecord> | undefined>
  readonly problems: ReadonlyArray<FileProblem>
}

export const BATCH_SIZE = 2000

export const openRecords = (path: string, format: ImportFormat): Effect.Effect<RecordBatches> =>
  format === "json" ? jsonBatches(path) : Effect.sync(() => csvBatches(path))

const jsonBatches = (path: string) =>
  Effect.promise(() => readFile(path, "utf8")).pipe(Effect.map((text): RecordBatches => {
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

const csvBatches = (path: string): RecordBatches => {
  const csv = new CsvRecords()
  const chunks = createReadStream(path, { encoding: "utf8", highWaterMark: 256 * 1024 })[Symbol.asyncIterator]()
  let buffered: Array<ImportRecord> = []
  let ended = false
  const fill = async (): Promise<ReadonlyArray<ImportRecord> | undefined> => {
    while (!ended && buffered.length < BATCH_SIZE) {
      const chunk = await chunks.next()
      if (chunk.done === true) {
        ended = true
        buffered.push(...csv.end())
      } else buffered.push(...csv.push(String(chunk.value)))
    }
    if (buffered.length === 0) return undefined
    const batch = buffered.slice(0, BATCH_SIZE)
    buffered = buffered.slice(BATCH_SIZE)
    return batch
  }
  return { problems: csv.problems, next: Effect.promise(fill) }
}
