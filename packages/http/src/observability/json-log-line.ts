/**
 * One log record as the JSON line of Effect's `Logger.formatJson` — the same fields, in
 * the same order, with the same values — written without its general walk when the
 * record holds only plain values (issue #27; docs/performance.md, "The request path").
 *
 * `formatJson` serializes through a replacer that redacts, breaks cycles and reads
 * getters, for every key of every line: about a tenth of the busy time of
 * `GET /api/health` went to the request log line's formatting. A request line holds
 * strings and numbers only, and `JSON.stringify` without a replacer writes those
 * exactly as `formatJson` does; any other record (an error's cause, a redacted value, an
 * object) still goes through `formatJson`. The line's frame is written around one
 * `JSON.stringify` of the annotations, and the timestamp's date and time up to the second
 * are formatted once a second: `Date#toISOString` and the stringify of the whole record
 * measured about 6 µs each per request on a small machine.
 */
import * as Logger from "effect/Logger"
import * as References from "effect/References"

type Plain = string | number | boolean | null

const isPlain = (value: unknown): value is Plain =>
  value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean"

/** Years 0–9999: `toISOString` writes them in the fixed `YYYY-MM-DDTHH:mm:ss.sssZ` form. */
const LAST_FIXED_FORM_MS = 253_402_300_800_000

let cachedSecond = Number.NaN
let cachedSecondPrefix = ""

/** `new Date(ms).toISOString()`, formatting the part up to the second once per second. */
export const isoTimestamp = (ms: number): string => {
  if (!(ms >= 0 && ms < LAST_FIXED_FORM_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString()
  const second = Math.floor(ms / 1000)
  if (second !== cachedSecond) {
    cachedSecond = second
    cachedSecondPrefix = new Date(second * 1000).toISOString().slice(0, 20)
  }
  const millis = ms - second * 1000
  return `${cachedSecondPrefix}${millis < 10 ? "00" : millis < 100 ? "0" : ""}${millis}Z`
}

const allPlain = (values: ReadonlyArray<unknown>): boolean => {
  for (const value of values) if (!isPlain(value)) return false
  return true
}

/**
 * The JSON line (no newline) of a log record; byte for byte what
 * `Logger.formatJson.log(options)` returns.
 */
export const jsonLogLine = (options: Logger.Options<unknown>): string => {
  const { cause, date, fiber, logLevel, message } = options
  const parts: ReadonlyArray<unknown> = Array.isArray(message) ? message : [message]
  const annotations = fiber.getRef(References.CurrentLogAnnotations)
  if (cause.reasons.length > 0 || !allPlain(parts) || !allPlain(Object.values(annotations))) {
    return Logger.formatJson.log(options)
  }
  const now = date.getTime()
  let spans = "{}"
  const logSpans = fiber.getRef(References.CurrentLogSpans)
  if (logSpans.length > 0) {
    const elapsed: Record<string, number> = {}
    for (const [label, startedAt] of logSpans) {
      // A label named like an `Object.prototype` member stays an own key, as in `formatJson`.
      Object.defineProperty(elapsed, label, { value: now - startedAt, enumerable: true, writable: true, configurable: true })
    }
    spans = JSON.stringify(elapsed)
  }
  // The fields of `formatJson`'s record, in its order; the value alone, or the list of them, as the message.
  const text = JSON.stringify(parts.length === 1 ? parts[0] : parts)
  return `{"message":${text},"level":"${logLevel.toUpperCase()}","timestamp":"${isoTimestamp(now)}","annotations":${
    JSON.stringify(annotations)
  },"spans":${spans},"fiberId":"#${fiber.id}"}`
}
