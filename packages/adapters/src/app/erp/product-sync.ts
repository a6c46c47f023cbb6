/**
 * The ERP product sync (spec "ERP product sync run", `POST /sync/products`,
 * `GET /api/cron/erp-sync`, the daily 5:00 run): lists Siigo's products page by page
 * into the local catalog under the cross-process run lock.
 *
 * - `full` lists everything; once a full listing is complete, local products with an ERP
 *   id that it did not see are deactivated. `incremental` lists what changed since the
 *   last successful listing began (`updated_start`, minus a margin for clock skew); with
 *   no successful run yet it runs as `full`.
 * - Each run has a time budget. When it runs out with pages left, the run ends `partial`
 *   and stores its cursor; the next run (of the same mode, or any run after a partial
 *   full one) continues from there instead of starting over.
 * - An ERP failure mid-run ends the run `error` (pages already written stay); the
 *   summary says why. Interrupting a run closes it `partial` with its cursor.
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Metric from "effect/Metric"
import * as Option from "effect/Option"
import { erpSyncDurationSeconds, erpSyncRunsTotal } from "@quote/core/observability/service-metrics"
import { ErpGateway } from "@quote/core/erp/erp-gateway"
import { SyncAlreadyRunning, type ErpError, ErpNotConfigured, type ErpNotConnected } from "@quote/core/erp/errors"
import { firstProductPage } from "@quote/core/erp/erp-page"
import { ErpSettingsSource } from "@quote/core/erp/erp-settings"
import {
  addSyncCounts,
  emptySyncCounts,
  type SyncCounts,
  type SyncMode,
  syncRunMessage,
  type SyncRunSummary,
  type SyncTrigger
} from "@quote/core/erp/erp-sync-run"
import type { UserId } from "@quote/core/shared/ids"
import type { ErpCronSyncResult } from "@quote/core/erp/views"
import { type CatalogItemError, ErpCatalogWriter } from "./catalog-writer.ts"
import { ErpEnvironment } from "./erp-environment.ts"
import { ErpSyncRuns, type SyncCursor } from "./sync-runs.ts"

export interface ErpSyncSettings {
  /** Per run; `Duration.infinity` for none (the CLI). */
  readonly timeBudget: Duration.Input
  /** Products per ERP page (Siigo's maximum is 100). */
  readonly pageSize: number
  /** A running run silent for this long belongs to a dead process. */
  readonly staleAfter: Duration.Input
  /** Subtracted from the incremental baseline: Siigo's clock is not ours. */
  readonly incrementalMargin: Duration.Input
}

/** Tuning of the sync; tests override it (small pages, no budget). */
export const ErpSyncOptions = Context.Reference<ErpSyncSettings>("@quote/adapters/ErpSyncOptions", {
  defaultValue: () => ({
    timeBudget: Duration.minutes(4),
    pageSize: 100,
    staleAfter: Duration.minutes(30),
    incrementalMargin: Duration.minutes(5)
  })
})

export interface SyncRequest {
  readonly mode: SyncMode
  readonly trigger: SyncTrigger
  readonly triggeredBy: UserId | null
  /** Overrides the configured budget (the CLI runs without one). */
  readonly timeBudget?: Duration.Input
  /** Called after every page with the listing's progress (the CLI's progress bar). */
  readonly onProgress?: (progress: { readonly processed: number; readonly total: number }) => Effect.Effect<void>
}

const maxStoredItemErrors = 200

export class ErpProductSync extends Context.Service<ErpProductSync, {
  /** Runs a sync to its end (success, partial or error) and answers its summary. */
  readonly run: (
    request: SyncRequest
  ) => Effect.Effect<SyncRunSummary, SyncAlreadyRunning | ErpNotConnected | ErpNotConfigured>
  /** The cron endpoint: skips instead of failing when a run is in progress or the ERP is not connected. */
  readonly runFromCron: (mode: SyncMode) => Effect.Effect<ErpCronSyncResult, ErpNotConfigured>
  /**
   * The daily scheduled run of `slot`: `None` when a run already started since the slot
   * (another instance took it) or one is in progress.
   */
  readonly runScheduled: (slot: DateTime.Utc) => Effect.Effect<Option.Option<SyncRunSummary>, ErpNotConnected | ErpNotConfigured>
}>()("@quote/adapters/ErpProductSync") {
  static readonly layer = Layer.effect(
    ErpProductSync,
    Effect.gen(function*() {
      const erp = yield* ErpGateway
      const settings = yield* ErpSettingsSource
      const environment = yield* ErpEnvironment
      const runs = yield* ErpSyncRuns
      const writer = yield* ErpCatalogWriter
      const options = yield* ErpSyncOptions
      const staleAfter = Duration.fromInputUnsafe(options.staleAfter)

      const ensureConfigured = settings.get.pipe(
        Effect.flatMap(Option.match({
          onNone: () =>
            Effect.fail(new ErpNotConfigured({ message: "Set the ERP partner id, username and access key first" })),
          onSome: () => Effect.void
        }))
      )

      /** Where this run starts: a partial run's cursor, or a new listing. */
      const plan = Effect.fnUntraced(function*(requested: SyncMode, now: DateTime.Utc) {
        const resumable = yield* runs.resumable
        if (Option.isSome(resumable) && (resumable.value.mode === requested || resumable.value.mode === "full")) {
          return { mode: resumable.value.mode, cursor: resumable.value.cursor, resumed: true }
        }
        const baseline = requested === "incremental" ? yield* runs.lastSuccessfulListingStart : Option.none()
        const mode: SyncMode = Option.isSome(baseline) ? "incremental" : "full"
        const cursor: SyncCursor = {
          next: firstProductPage({
            pageSize: options.pageSize,
            ...(Option.isSome(baseline)
              ? { updatedSince: DateTime.subtractDuration(baseline.value, options.incrementalMargin) }
              : {})
          }),
          listingStartedAt: now,
          listingProcessed: 0,
          listingTotal: 0,
          invalidIds: []
        }
        return { mode, cursor, resumed: false }
      })

      const execute = Effect.fnUntraced(function*(request: SyncRequest, notStartedSince?: DateTime.Utc) {
        yield* environment.ensureConnected
        yield* ensureConfigured
        const startedAt = yield* DateTime.now
        const startMillis = yield* Clock.currentTimeMillis
        const budget = Duration.toMillis(request.timeBudget ?? options.timeBudget)
        const { cursor: initial, mode, resumed } = yield* plan(request.mode, startedAt)
        const started = yield* runs.start(
          { mode, trigger: request.trigger, triggeredBy: request.triggeredBy, startedAt, cursor: initial },
          staleAfter,
          notStartedSince
        )
        if (Option.isNone(started)) return Option.none<SyncRunSummary>()
        const logId = started.value.id

        let cursor = initial
        let counts: SyncCounts = emptySyncCounts
        const itemErrors: Array<CatalogItemError> = []
        const elapsed = Effect.map(Clock.currentTimeMillis, (now) => now - startMillis)

        const finish = Effect.fnUntraced(function*(
          outcome: Parameters<typeof syncRunMessage>[0],
          errorMessage: string | null
        ) {
          const durationMs = yield* elapsed
          const message = syncRunMessage(outcome, mode, counts)
          yield* runs.finish(logId, {
            status: outcome.status,
            counts,
            cursor,
            message,
            errorMessage,
            errorDetails: itemErrors.slice(0, maxStoredItemErrors),
            finishedAt: yield* DateTime.now,
            durationMs
          })
          yield* Metric.update(Metric.withAttributes(erpSyncRunsTotal, { mode, status: outcome.status }), 1)
          yield* Metric.update(erpSyncDurationSeconds, durationMs / 1000)
          const summary: SyncRunSummary = { logId, mode, status: outcome.status, ...counts, message, durationMs }
          return summary
        })

        const listing = Effect.gen(function*() {
          while (cursor.next !== null) {
            const page = yield* erp.listProducts(cursor.next)
            const result = yield* writer.applyPage(page, yield* DateTime.now)
            counts = addSyncCounts(counts, result.counts)
            itemErrors.push(...result.itemErrors)
            cursor = {
              next: page.next,
              listingStartedAt: cursor.listingStartedAt,
              listingProcessed: cursor.listingProcessed + result.counts.processed,
              listingTotal: page.total,
              invalidIds: [
                ...cursor.invalidIds,
                ...page.invalid.flatMap((record) => record.id === null ? [] : [record.id])
              ]
            }
            const spent = yield* elapsed
            yield* runs.progress(logId, counts, cursor, spent)
            if (request.onProgress !== undefined) {
              yield* request.onProgress({ processed: cursor.listingProcessed, total: cursor.listingTotal })
            }
            if (cursor.next !== null && spent >= budget) {
              return yield* finish({ status: "partial", nextPage: cursor.next.page }, null)
            }
          }
          // A listing that saw nothing proves nothing: never deactivate the catalog on it.
          if (mode === "full" && cursor.listingProcessed > 0) {
            const deactivated = yield* writer.deactivateMissing(cursor.listingStartedAt, cursor.invalidIds)
            counts = { ...counts, deactivated }
          }
          return yield* finish({ status: "success", resumed }, null)
        })

        const summary = yield* listing.pipe(
          Effect.catch((error: ErpError) =>
            finish({ status: "error", reason: error.message }, `${error._tag}: ${error.message}`)
          ),
          // Never leave the run `running` (it would block syncs until it turns stale): an
          // interrupted run can be continued, a defect (e.g. the database failing) is an error.
          Effect.onExit((exit) => {
            if (Exit.isSuccess(exit)) return Effect.void
            const closing = Exit.hasInterrupts(exit)
              ? finish({ status: "partial", nextPage: cursor.next?.page ?? 1 }, "Interrupted")
              : finish({ status: "error", reason: "unexpected failure" }, Cause.pretty(exit.cause).split("\n")[0] ?? "Defect")
            return Effect.ignore(Effect.exit(closing))
          })
        )
        return Option.some(summary)
      })

      const run = Effect.fn("ErpProductSync.run")(function*(request: SyncRequest) {
        const summary = yield* execute(request)
        if (Option.isSome(summary)) return summary.value
        // Only a scheduled slot can be "already taken"; a plain run starts or fails.
        return yield* Effect.die(new Error("A sync without a slot did not start"))
      })

      const runFromCron = Effect.fn("ErpProductSync.runFromCron")(function*(mode: SyncMode) {
        if (!environment.connected) {
          return { skipped: true, reason: "test-environment" } as const
        }
        return yield* run({ mode, trigger: "cron", triggeredBy: null }).pipe(
          Effect.catchTags({
            SyncAlreadyRunning: () => Effect.succeed({ skipped: true, reason: "running" } as const),
            ErpNotConnected: () => Effect.succeed({ skipped: true, reason: "test-environment" } as const)
          })
        )
      })

      const runScheduled = Effect.fn("ErpProductSync.runScheduled")(function*(slot: DateTime.Utc) {
        return yield* execute({ mode: "incremental", trigger: "schedule", triggeredBy: null }, slot).pipe(
          Effect.catchTag("SyncAlreadyRunning", () => Effect.succeed(Option.none<SyncRunSummary>()))
        )
      })

      return ErpProductSync.of({ run, runFromCron, runScheduled })
    })
  )
}
