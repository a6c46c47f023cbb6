/**
 * When the server compacts its heap (`heap-compaction.ts`): only once it has gone quiet
 * with a heap grown well past its size after the last compaction — never under load,
 * never for a small growth.
 */
import { assert, describe, it } from "@effect/vitest"
import { shouldCollectUnderLoad, shouldCompact } from "../src/heap-compaction.ts"

const MB = 1024 * 1024

describe("heap compaction", () => {
  it("compacts a quiet server whose heap grew since the last compaction", () => {
    assert.isTrue(shouldCompact(0.01, 150 * MB, 50 * MB))
  })

  it("leaves a busy server to V8, however large its heap", () => {
    assert.isFalse(shouldCompact(0.5, 300 * MB, 50 * MB))
    assert.isFalse(shouldCompact(0.05, 300 * MB, 50 * MB))
  })

  it("leaves a quiet server whose heap barely grew", () => {
    assert.isFalse(shouldCompact(0, 60 * MB, 50 * MB))
  })

  it("waits for the first compaction after start", () => {
    assert.isFalse(shouldCompact(0, 300 * MB, Number.POSITIVE_INFINITY))
  })
})

describe("full collections under load", () => {
  it("collects once the old generation grew past its budget, at most every ten seconds", () => {
    assert.isTrue(shouldCollectUnderLoad(40 * MB, 10_000))
    assert.isFalse(shouldCollectUnderLoad(40 * MB, 9_999))
  })

  it("leaves a small growth to V8", () => {
    assert.isFalse(shouldCollectUnderLoad(16 * MB, 60_000))
  })
})
