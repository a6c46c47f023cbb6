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
 * object) still goes through `formatJson`.
 */
import { Logger, References } from "effect"

type Plain = string | number | boolean | null

const isPlain = (value: unknown): value is Plain =>
  value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean"

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
  const spans: Record<string, number> = {}
  for (const [label, startedAt] of fiber.getRef(References.CurrentLogSpans)) {
    // A label named like an `Object.prototype` member stays an own key, as in `formatJson`.
    Object.defineProperty(spans, label, { value: now - startedAt, enumerable: true, writable: true, configurable: true })
  }
  return JSON.stringify({
    // The value alone, or the list of them, as `formatJson` writes it.
    message: parts.length === 1 ? parts[0] : parts,
    level: logLevel.toUpperCase(),
    timestamp: date.toISOString(),
    annotations,
    spans,
    fiberId: `#${fiber.id}`
  })
}
