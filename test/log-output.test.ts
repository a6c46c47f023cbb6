/**
 * The service's log output (`packages/http/src/observability/log-output.ts`, issue #27):
 * JSON lines batched into one write, nothing lost at exit.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { spawnSync } from "node:child_process"
import { lineBatcher } from "@quote/http/observability/log-output"
import { root } from "./support/server-process.ts"

describe("log output", () => {
  it.live("writes the lines of a window together, in order, in one write", () =>
    Effect.gen(function*() {
      const writes: Array<string> = []
      const output = lineBatcher((text) => writes.push(text))
      output.add("a\n")
      output.add("b\n")
      output.add("c\n")
      assert.deepStrictEqual(writes, [], "nothing is written as a line comes")
      yield* Effect.sleep("60 millis")
      assert.deepStrictEqual(writes, ["a\nb\nc\n"])
    }))

  it.live("writes at once past 64 KB", () =>
    Effect.sync(() => {
      const writes: Array<string> = []
      const output = lineBatcher((text) => writes.push(text))
      const line = `${"x".repeat(1023)}\n`
      for (let i = 0; i < 64; i++) output.add(line)
      assert.strictEqual(writes.length, 1)
      assert.strictEqual(writes[0]!.length, 64 * 1024)
    }))

  it("the Effect logger's JSON lines reach standard output when the process exits right after logging", () => {
    const script = `
      import { Effect, Logger } from "effect"
      import { batchedJsonLogger } from "@quote/http/observability/log-output"
      await Effect.runPromise(Effect.logInfo("request").pipe(
        Effect.annotateLogs({ requestId: "r-1", status: 200 }),
        Effect.provide(Logger.layer([batchedJsonLogger()]))
      ))
      process.exit(0)`
    const run = spawnSync(process.execPath, ["--conditions=quote-source", "--input-type=module", "-e", script], {
      cwd: root,
      encoding: "utf8"
    })
    assert.strictEqual(run.status, 0, run.stderr)
    const line = JSON.parse(run.stdout.trim()) as { message: string; level: string; annotations: Record<string, unknown> }
    assert.strictEqual(line.message, "request")
    assert.strictEqual(line.level, "INFO")
    assert.deepStrictEqual(line.annotations, { requestId: "r-1", status: 200 })
  })
})
