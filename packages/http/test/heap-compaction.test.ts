/**
 * When the server compacts its heap (`heap-compaction.ts`): only once it has gone quiet
 * with a heap grown well past its size after the last compaction — never under load,
 * never for a small growth; and, under load, regular collections that leave the quiet
 * server's compaction to come.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  checkHeap,
  collected,
  initialCollectionState,
  shouldCollectUnderLoad,
  shouldCompact
} from "../src/heap-compaction.ts"

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

describe("the scheduler's state", () => {
  const started = collected(initialCollectionState(0), "last-resort", { heap: 100 * MB, oldUsed: 40 * MB, now: 1_000 })

  it("after a regular collection under load, still compacts once the server goes quiet", () => {
    const busy = checkHeap(started, { utilization: 0.9, heap: 260 * MB, oldUsed: 80 * MB, now: 20_000 })
    assert.strictEqual(busy.collect, "regular")
    // The regular kind keeps the young generation: the heap it leaves is still a burst's.
    const afterRegular = collected(busy.state, "regular", { heap: 220 * MB, oldUsed: 45 * MB, now: 20_050 })
    const quiet = checkHeap(afterRegular, { utilization: 0.01, heap: 222 * MB, oldUsed: 46 * MB, now: 21_000 })
    assert.strictEqual(quiet.collect, "last-resort")
  })

  it("does not compact again until the heap grows past the last compaction's size", () => {
    const compacted = collected(started, "last-resort", { heap: 110 * MB, oldUsed: 42 * MB, now: 30_000 })
    assert.isUndefined(checkHeap(compacted, { utilization: 0, heap: 120 * MB, oldUsed: 42 * MB, now: 31_000 }).collect)
  })

  it("counts the old generation's growth from its lowest point, V8's collections included", () => {
    const lowered = checkHeap(started, { utilization: 0.9, heap: 120 * MB, oldUsed: 20 * MB, now: 5_000 })
    assert.isUndefined(lowered.collect)
    assert.strictEqual(lowered.state.oldBaseline, 20 * MB)
    assert.strictEqual(
      checkHeap(lowered.state, { utilization: 0.9, heap: 120 * MB, oldUsed: 55 * MB, now: 11_000 }).collect,
      "regular"
    )
  })
})
