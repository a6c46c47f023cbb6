/**
 * The in-process daily catalog sync (spec: "runs at least once a day at 5:00 a.m.
 * Colombia time"): an incremental run at 05:00 America/Bogota, in development and
 * production (`ErpEnvironment.runsSchedule`). With several instances up, each wakes up
 * for the slot but the run lock lets only the first start it; the others see that a run
 * started since the slot and skip. Time comes from `Clock`, so `TestClock` drives it.
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { nextDailySyncAt } from "@quote/core/erp/erp-sync-schedule"
import { ErpEnvironment } from "./erp-environment.ts"
import { ErpProductSync } from "./product-sync.ts"

/** Sleeps until each 05:00 Bogota and runs that slot; never fails. */
export const dailySyncLoop = Effect.gen(function*() {
  const sync = yield* ErpProductSync
  while (true) {
    const now = yield* Clock.currentTimeMillis
    const slot = nextDailySyncAt(now)
    yield* Effect.sleep(Duration.millis(slot - now))
    yield* sync.runScheduled(DateTime.makeUnsafe(slot)).pipe(
      Effect.tap(Option.match({
        onNone: () => Effect.logInfo("Daily ERP sync: another run took this slot; skipped"),
        onSome: (summary) =>
          Effect.logInfo("Daily ERP sync finished").pipe(
            Effect.annotateLogs({ logId: summary.logId, status: summary.status, processed: summary.processed })
          )
      })),
      Effect.catchCause((cause) =>
        Cause.hasInterruptsOnly(cause)
          ? Effect.failCause(cause)
          : Effect.logWarning("Daily ERP sync did not run", Cause.squash(cause))
      )
    )
  }
})

/** Starts the daily loop for the life of the application, where the environment runs it. */
export const ErpSyncScheduleLive: Layer.Layer<never, never, ErpEnvironment | ErpProductSync> = Layer.effectDiscard(
  Effect.gen(function*() {
    const environment = yield* ErpEnvironment
    if (!environment.runsSchedule) return
    yield* Effect.forkScoped(dailySyncLoop)
  })
)
