/**
 * The daily catalog sync at 05:00 America/Bogota, driven by `TestClock`: it fires at the
 * slot and every day after, only one of several instances runs each slot, and nothing
 * runs in the test environment.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { nextDailySyncAt } from "@quote/core/erp/erp-sync-schedule"
import { ErpSyncScheduleLive } from "../../../src/app/erp/sync-schedule.ts"
import { FakeSiigo } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"
import { erpServicesOnFake, realSleep } from "./erp-test-kit.ts"

const at = (iso: string) => Date.parse(iso)

describe("nextDailySyncAt", () => {
  it("is the next 05:00 in Bogota (UTC-5), strictly after now", () => {
    assert.strictEqual(nextDailySyncAt(at("2025-03-04T09:59:00Z")), at("2025-03-04T10:00:00Z"))
    assert.strictEqual(nextDailySyncAt(at("2025-03-04T10:00:00Z")), at("2025-03-05T10:00:00Z"))
    // 23:30 in Bogota is already the next UTC day: the run is the next Bogota morning.
    assert.strictEqual(nextDailySyncAt(at("2025-03-05T04:30:00Z")), at("2025-03-05T10:00:00Z"))
    assert.strictEqual(nextDailySyncAt(at("2025-12-31T12:00:00Z")), at("2026-01-01T10:00:00Z"))
  })
})

const scheduledRuns = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return yield* sql<{ readonly status: string; readonly startedAt: Date }>`
    select status, started_at from erp_sync_runs where trigger_source = 'schedule' order by started_at`
}).pipe(Effect.orDie)

/** Waits (real time) until no scheduled run is `running` and at least `count` exist. */
const settled = (count: number) =>
  Effect.gen(function*() {
    for (let i = 0; i < 500; i++) {
      const runs = yield* scheduledRuns
      if (runs.length >= count && runs.every((run) => run.status !== "running")) return runs
      yield* realSleep(20)
    }
    return yield* scheduledRuns
  })

describe("the daily 05:00 sync", () => {
  it.effect("two instances wake at 05:00 Bogota; one runs the slot, every day", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(at("2025-03-04T09:00:00Z")) // 04:00 in Bogota
      const database = yield* Layer.build(TestDatabase.layer)
      const fake = yield* FakeSiigo.scoped({ products: 30 })
      const instance = ErpSyncScheduleLive.pipe(
        Layer.provideMerge(erpServicesOnFake({ reuse: fake, config: { environment: "development" } })),
        Layer.provide(Layer.succeedContext(database))
      )
      yield* Layer.build(instance)
      yield* Layer.build(instance.pipe(Layer.fresh))

      yield* TestClock.adjust("59 minutes")
      yield* realSleep(50)
      assert.strictEqual((yield* scheduledRuns.pipe(Effect.provideContext(database))).length, 0, "nothing before 05:00")

      yield* TestClock.adjust("1 minute")
      const first = yield* settled(1).pipe(Effect.provideContext(database))
      assert.strictEqual(first.length, 1)
      assert.strictEqual(first[0]?.status, "success")
      assert.strictEqual(first[0]?.startedAt.toISOString(), "2025-03-04T10:00:00.000Z")

      yield* TestClock.adjust("1 day")
      const second = yield* settled(2).pipe(Effect.provideContext(database))
      assert.strictEqual(second.length, 2)
      assert.strictEqual(second[1]?.startedAt.toISOString(), "2025-03-05T10:00:00.000Z")
      assert.strictEqual(second[1]?.status, "success")
    }), { timeout: 60_000 })

  it.effect("in the test environment the schedule does not run", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(at("2025-03-04T09:00:00Z"))
      const database = yield* Layer.build(TestDatabase.layer)
      yield* Layer.build(
        ErpSyncScheduleLive.pipe(
          Layer.provideMerge(erpServicesOnFake({ config: { environment: "test" } })),
          Layer.provide(Layer.succeedContext(database))
        )
      )
      yield* TestClock.adjust("2 days")
      yield* realSleep(100)
      const runs = yield* scheduledRuns.pipe(Effect.provideContext(database))
      assert.strictEqual(runs.length, 0)
    }), { timeout: 60_000 })
})
