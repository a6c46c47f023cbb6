/**
 * Whether a lock's holder still runs, decided on real processes: running, gone,
 * a zombie (which `kill(pid, 0)` cannot tell from a live process), and a pid now
 * used by another process. Linux (`/proc`), as CI.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as Fs from "node:fs"
import {
  currentProcessIdentity,
  liveness,
  parseProcStat,
  readProcStat
} from "../../../src/infra/database/process-liveness.ts"
import { goneProcess, runningProcess, zombieProcess } from "./fixtures/processes.ts"

const bootId = Fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim()

/** The identity a lock taken by `pid` records. */
const identityOf = (pid: number) => ({ pid, startTime: readProcStat(pid)?.startTime, bootId })

describe("process liveness", () => {
  it("reads state and start time past a command name with spaces and parentheses", () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3))
    fields[0] = "Z"
    assert.deepStrictEqual(parseProcStat(`4242 (a (b) c) ${fields.join(" ")}\n`), { state: "Z", startTime: "22" })
    assert.isUndefined(parseProcStat("4242 (short) S 1"))
  })

  it("this process records its pid, start time and boot id", () => {
    const identity = currentProcessIdentity()
    assert.strictEqual(identity.pid, process.pid)
    assert.match(identity.startTime ?? "", /^\d+$/)
    assert.strictEqual(identity.bootId, bootId)
    assert.deepStrictEqual(liveness(identity), { _tag: "Alive" })
  })

  it.effect("a running holder with its identity is alive", () =>
    Effect.gen(function*() {
      const pid = yield* runningProcess
      assert.deepStrictEqual(liveness(identityOf(pid)), { _tag: "Alive" })
      // A lock of an older version records the pid alone.
      assert.deepStrictEqual(liveness({ pid }), { _tag: "Alive" })
    }))

  it.effect("a holder that is gone is not", () =>
    Effect.gen(function*() {
      const pid = yield* goneProcess
      assert.deepStrictEqual(liveness({ pid, startTime: "1", bootId }), { _tag: "Gone", reason: "is not running" })
      assert.deepStrictEqual(liveness({ pid: 4_194_304 + 17 }), { _tag: "Gone", reason: "is not running" })
    }))

  it.effect("a zombie is gone, though kill(pid, 0) still answers for it", () =>
    Effect.gen(function*() {
      const pid = yield* zombieProcess
      assert.strictEqual(readProcStat(pid)?.state, "Z")
      assert.isTrue(process.kill(pid, 0), "the signal check alone would call it alive")
      assert.deepStrictEqual(liveness(identityOf(pid)), { _tag: "Gone", reason: "is a zombie (killed, not yet reaped)" })
    }))

  it.effect("a pid now used by another process (start time differs) is gone", () =>
    Effect.gen(function*() {
      const pid = yield* runningProcess
      const startTime = readProcStat(pid)?.startTime ?? ""
      const earlier = String(Number(startTime) - 1)
      assert.deepStrictEqual(liveness({ pid, startTime: earlier, bootId }), {
        _tag: "Gone",
        reason: "is gone (its pid now belongs to another process)"
      })
    }))

  it.effect("a holder from before a reboot is gone", () =>
    Effect.gen(function*() {
      const pid = yield* runningProcess
      assert.deepStrictEqual(liveness({ ...identityOf(pid), bootId: "00000000-0000-0000-0000-000000000000" }), {
        _tag: "Gone",
        reason: "ran before the machine restarted"
      })
    }))

  it.effect("without /proc, kill(pid, 0) decides", () =>
    Effect.gen(function*() {
      const noProc = { procRoot: "/nonexistent-proc" }
      const running = yield* runningProcess
      const gone = yield* goneProcess
      assert.deepStrictEqual(currentProcessIdentity(noProc), { pid: process.pid })
      assert.deepStrictEqual(liveness({ pid: running, startTime: "1" }, noProc), { _tag: "Alive" })
      assert.deepStrictEqual(liveness({ pid: gone }, noProc), { _tag: "Gone", reason: "is not running" })
    }))
})
