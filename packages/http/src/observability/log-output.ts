/**
 * The service's log output (issue #27; docs/performance.md, "The request path"): one
 * JSON line per log record on standard output — the lines of Effect's `consoleJson`,
 * the same fields in the same shape — written in batches instead of one `console.log`
 * each.
 *
 * Standard output is synchronous for files and pipes on Linux: a write per line is a
 * system call per request (the request log line), which measured about a quarter of the
 * busy time of `GET /api/health` under load. Lines are formatted as they are logged and
 * written together, in one write, `FLUSH_AFTER_MS` after the first of a batch (or at once
 * past `MAX_BATCH_BYTES`); the process writes what is left when it exits, so a line is
 * never lost to an orderly exit, and at most that window of lines to a crash.
 */
import * as Logger from "effect/Logger"
import { jsonLogLine } from "./json-log-line.ts"

const FLUSH_AFTER_MS = 20
const MAX_BATCH_BYTES = 64 * 1024

/** A writer of text lines that batches them; `write` is where the batch goes (standard output by default). */
export const lineBatcher = (write: (text: string) => void = (text) => void process.stdout.write(text)) => {
  let lines: Array<string> = []
  let bytes = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (lines.length === 0) return
    const text = lines.join("")
    lines = []
    bytes = 0
    write(text)
  }
  process.once("exit", flush)
  return {
    add: (line: string) => {
      lines.push(line)
      bytes += line.length
      if (bytes >= MAX_BATCH_BYTES) flush()
      else if (timer === undefined) timer = setTimeout(flush, FLUSH_AFTER_MS).unref()
    },
    flush
  }
}

/** Effect's JSON log lines (`json-log-line.ts`), batched to standard output. */
export const batchedJsonLogger = (): Logger.Logger<unknown, void> => {
  const output = lineBatcher()
  return Logger.make((options) => output.add(`${jsonLogLine(options)}\n`))
}
