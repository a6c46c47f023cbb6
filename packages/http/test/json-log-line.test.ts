/**
 * The log line writer (`observability/json-log-line.ts`): whatever a record holds, its
 * line is Effect's `Logger.formatJson` line byte for byte — plain records through its own
 * serializer, every other one through `formatJson` itself.
 */
import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Logger, Redacted } from "effect"
import * as fc from "fast-check"
import { isoTimestamp, jsonLogLine } from "../src/observability/json-log-line.ts"

/** Logs `program`'s records and returns each as both lines: ours and `formatJson`'s. */
const bothLines = (program: Effect.Effect<void>) => {
  const lines: Array<readonly [string, string]> = []
  const logger = Logger.make((options) => void lines.push([jsonLogLine(options), Logger.formatJson.log(options)]))
  Effect.runSync(program.pipe(Effect.provide(Logger.layer([logger]))))
  return lines
}

const plainValue = fc.oneof(
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null)
)
// Keys include the ones an object treats specially (`__proto__`, `toJSON`).
const key = fc.oneof(fc.string(), fc.constantFrom("__proto__", "toJSON", "constructor", "ms"))

describe("jsonLogLine", () => {
  it("writes a plain record as formatJson does", () => {
    fc.assert(
      fc.property(
        fc.array(plainValue, { minLength: 1, maxLength: 3 }),
        fc.dictionary(key, plainValue),
        fc.array(key, { maxLength: 2 }),
        (message, annotations, spans) => {
          const logged = spans.reduce(
            (program, label) => Effect.withLogSpan(program, label),
            Effect.logInfo(...message).pipe(Effect.annotateLogs(annotations))
          )
          for (const [ours, theirs] of bothLines(logged)) assert.strictEqual(ours, theirs)
        }
      ),
      { numRuns: 300 }
    )
  })

  it("writes the request line as formatJson does", () => {
    const [[ours, theirs]] = bothLines(
      Effect.logInfo("request").pipe(Effect.annotateLogs({ requestId: "r-1", method: "GET", path: "/api/health", status: 200, ms: 0.4 }))
    )
    assert.strictEqual(ours, theirs)
    assert.deepStrictEqual(JSON.parse(ours).annotations, { requestId: "r-1", method: "GET", path: "/api/health", status: 200, ms: 0.4 })
  })

  it("leaves every other record to formatJson: causes, redacted values, objects, big integers", () => {
    const records = [
      Effect.logError("Unhandled failure", Cause.die(new Error("boom"))),
      Effect.logInfo("secret").pipe(Effect.annotateLogs({ password: Redacted.make("hunter2") })),
      Effect.logInfo("nested").pipe(Effect.annotateLogs({ details: { a: [1, 2] } })),
      Effect.logInfo("big").pipe(Effect.annotateLogs({ count: 12n })),
      Effect.logInfo({ an: "object message" })
    ]
    for (const record of records) {
      for (const [ours, theirs] of bothLines(record)) assert.strictEqual(ours, theirs)
    }
    const [[redacted]] = bothLines(records[1]!)
    assert.notInclude(redacted, "hunter2")
  })
})

describe("isoTimestamp", () => {
  it("is Date#toISOString for every instant, whichever second was formatted before", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -1e15, max: 1e15 }), fc.integer({ min: 1.7e12, max: 1.8e12 })), { minLength: 1, maxLength: 20 }), (instants) => {
        for (const ms of instants) assert.strictEqual(isoTimestamp(ms), new Date(ms).toISOString())
      }),
      { numRuns: 300 }
    )
  })

  it("keeps the milliseconds of instants within one second", () => {
    const second = Date.UTC(2026, 10, 28, 12, 0, 0)
    for (const ms of [second, second + 7, second + 42, second + 999, second + 1000]) {
      assert.strictEqual(isoTimestamp(ms), new Date(ms).toISOString())
    }
  })
})
