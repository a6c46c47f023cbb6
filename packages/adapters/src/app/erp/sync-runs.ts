/**
 * The product sync runs (`erp_sync_runs`, kind `products`): the cross-process run lock,
 * progress, the continuation cursor of partial runs, and the status and log views.
 *
 * The lock is the partial unique index `erp_sync_runs_one_running_key` (one `running`
 * run per kind), so it holds across processes and on both databases. A run refreshes
 * `duration_ms` after every page: a running run whose `started_at + duration_ms` is
 * older than `staleAfter` belongs to a process that died, and is closed as `error`
 * before a new run is inserted.
 */
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { ErpProductCursor } from "@quote/core/erp/erp-page"
import { SyncAlreadyRunning } from "@quote/core/erp/errors"
import { type SyncCounts, SyncMode, SyncRunStatus, type SyncTrigger } from "@quote/core/erp/erp-sync-run"
import { SyncRunId, type UserId } from "@quote/core/shared/ids"
import { ErpLastSync, type ErpProductSyncStatus, ErpSyncLogEntry } from "@quote/core/erp/views"
import { jsonb } from "../../infra/database/type-mapping.ts"
import { isUniqueViolation } from "../../infra/database/sql-errors.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

/**
 * Continuation state of a listing, stored in `cursor`: the next page (null once the
 * listing is complete), when the listing began (the baseline of the next incremental
 * run, and the "seen since" mark of a full run's deactivation), how far it got, and
 * the ERP ids that did not decode (never deactivated for being "missing").
 */
export const SyncCursor = Schema.Struct({
  next: Schema.NullOr(ErpProductCursor),
  listingStartedAt: Schema.DateTimeUtcFromString,
  listingProcessed: Schema.Int,
  listingTotal: Schema.Int,
  invalidIds: Schema.Array(Schema.String)
})
export type SyncCursor = typeof SyncCursor.Type

const decodeCursor = Schema.decodeUnknownOption(SyncCursor)
const encodeCursor = Schema.encodeSync(SyncCursor)

export interface NewRun {
  readonly mode: SyncMode
  readonly trigger: SyncTrigger
  readonly triggeredBy: UserId | null
  readonly startedAt: DateTime.Utc
  readonly cursor: SyncCursor
}

export interface RunOutcome {
  readonly status: Exclude<SyncRunStatus, "running">
  readonly counts: SyncCounts
  readonly cursor: SyncCursor
  readonly message: string
  readonly errorMessage: string | null
  readonly errorDetails: ReadonlyArray<unknown>
  readonly finishedAt: DateTime.Utc
  readonly durationMs: number
}

/** A partial run the next run continues. */
export interface ResumableRun {
  readonly id: SyncRunId
  readonly mode: SyncMode
  readonly cursor: SyncCursor & { readonly next: ErpProductCursor }
}

/** The `ErpSyncLogEntry` columns (the spec's snake_case names are the stored ones). */
const runColumns = `r.id, r.kind, r.mode, r.status, r.trigger_source, r.started_at, r.finished_at, r.duration_ms,
  r.items_processed, r.items_created, r.items_updated, r.items_deactivated, r.errors, r.error_message, r.message,
  u.name as triggered_by_name`

const kind = "products"

const alreadyRunning = () =>
  new SyncAlreadyRunning({ message: "Another product sync is running; try again when it finishes" })

export class ErpSyncRuns extends Context.Service<ErpSyncRuns, {
  /**
   * Takes the run lock: closes stale runs, then inserts a `running` run. With
   * `notStartedSince` (a scheduled slot) it answers `None` instead when any run already
   * started since then, so several instances firing for one slot run it once.
   */
  readonly start: (
    run: NewRun,
    staleAfter: Duration.Duration,
    notStartedSince?: DateTime.Utc
  ) => Effect.Effect<Option.Option<{ readonly id: SyncRunId }>, SyncAlreadyRunning>
  /** Saves progress after a page (also the run's heartbeat). */
  readonly progress: (id: SyncRunId, counts: SyncCounts, cursor: SyncCursor, elapsedMs: number) => Effect.Effect<void>
  readonly finish: (id: SyncRunId, outcome: RunOutcome) => Effect.Effect<void>
  /** The latest finished run, when it is `partial` with a next page. */
  readonly resumable: Effect.Effect<Option.Option<ResumableRun>>
  /** Where the last successful listing began (the next incremental run's `updated_start`). */
  readonly lastSuccessfulListingStart: Effect.Effect<Option.Option<DateTime.Utc>>
  /** Whether a live (not stale) run is in progress. */
  readonly isRunning: (staleAfter: Duration.Duration) => Effect.Effect<boolean>
  /** Whether any run started at or after `since` (one scheduled run per slot). */
  readonly startedSince: (since: DateTime.Utc) => Effect.Effect<boolean>
  /** The latest run as the settings page shows it (all null before the first). */
  readonly lastSync: Effect.Effect<ErpLastSync>
  readonly status: (staleAfter: Duration.Duration) => Effect.Effect<ErpProductSyncStatus>
  readonly logs: (limit: number) => Effect.Effect<ReadonlyArray<ErpSyncLogEntry>>
}>()("@quote/adapters/ErpSyncRuns") {
  static readonly layer = Layer.effect(
    ErpSyncRuns,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      // The status and log views keep the spec's snake_case: read with the stored names.
      const storedNames = sql.withoutTransforms()
      const toDate = DateTime.toDateUtc

      const staleBefore = (staleAfter: Duration.Duration) =>
        Effect.map(DateTime.now, (now) => toDate(DateTime.subtractDuration(now, staleAfter)))

      /** Running runs whose last heartbeat is older than the limit. */
      const isStale = (before: Date) =>
        sql`status = 'running' and started_at + coalesce(duration_ms, 0) * interval '1 millisecond' < ${before}`

      const startedSince = Effect.fn("ErpSyncRuns.startedSince")(function*(since: DateTime.Utc) {
        // Whether a row exists; nothing of it is read.
        const rows = yield* sql`
          select id from erp_sync_runs where kind = ${kind} and started_at >= ${toDate(since)} limit 1`.pipe(Effect.orDie)
        return rows.length > 0
      })

      const start = Effect.fn("ErpSyncRuns.start")(function*(
        run: NewRun,
        staleAfter: Duration.Duration,
        notStartedSince?: DateTime.Utc
      ) {
        const before = yield* staleBefore(staleAfter)
        const insert = Effect.gen(function*() {
          // Serializes starts (all processes, both databases), so the slot check below is exact.
          yield* sql`select 1 as locked from pg_advisory_xact_lock(hashtext('erp_sync_runs:products'))`
          if (notStartedSince !== undefined && (yield* startedSince(notStartedSince))) {
            return Option.none<{ readonly id: SyncRunId }>()
          }
          yield* sql`
            update erp_sync_runs
               set status = 'error', finished_at = ${before},
                   error_message = 'The process running this sync stopped answering; closed as stale'
             where kind = ${kind} and ${isStale(before)}`
          const [row] = yield* sql`
            insert into erp_sync_runs ${
            sql.insert({
              kind,
              mode: run.mode,
              status: "running",
              trigger_source: run.trigger,
              started_at: toDate(run.startedAt),
              duration_ms: 0,
              cursor: jsonb(encodeCursor(run.cursor)),
              triggered_by: run.triggeredBy
            })
          }
            returning id`.pipe(decodedRows(Schema.Struct({ id: SyncRunId })))
          return Option.some({ id: row!.id })
        }).pipe(sql.withTransaction)
        return yield* insert.pipe(
          Effect.catchIf((error) => isUniqueViolation(error, "erp_sync_runs_one_running_key"), () => Effect.fail(alreadyRunning())),
          Effect.catchTag("SqlError", Effect.die)
        )
      })

      const counters = (counts: SyncCounts) => ({
        items_processed: counts.processed,
        items_created: counts.created,
        items_updated: counts.updated,
        items_deactivated: counts.deactivated,
        errors: counts.errors
      })

      const progress = Effect.fn("ErpSyncRuns.progress")(function*(
        id: SyncRunId,
        counts: SyncCounts,
        cursor: SyncCursor,
        elapsedMs: number
      ) {
        yield* sql`update erp_sync_runs set ${
          sql.update({ ...counters(counts), cursor: jsonb(encodeCursor(cursor)), duration_ms: Math.round(elapsedMs) })
        } where id = ${id}`.pipe(Effect.orDie)
      })

      const finish = Effect.fn("ErpSyncRuns.finish")(function*(id: SyncRunId, outcome: RunOutcome) {
        yield* sql`update erp_sync_runs set ${
          sql.update({
            ...counters(outcome.counts),
            status: outcome.status,
            cursor: jsonb(encodeCursor(outcome.cursor)),
            message: outcome.message,
            error_message: outcome.errorMessage,
            error_details: outcome.errorDetails.length === 0 ? null : jsonb(outcome.errorDetails),
            finished_at: toDate(outcome.finishedAt),
            duration_ms: Math.round(outcome.durationMs)
          })
        } where id = ${id}`.pipe(Effect.orDie)
      })

      const latestFinished = SqlSchema.findOneOption({
        Request: Schema.Void,
        Result: Schema.Struct({ id: SyncRunId, mode: SyncMode, status: SyncRunStatus, cursor: Schema.Unknown }),
        execute: () =>
          sql`select id, mode, status, cursor from erp_sync_runs
               where kind = ${kind} and status <> 'running'
               order by started_at desc, id desc limit 1`
      })

      const resumable = latestFinished(undefined).pipe(
        Effect.orDie,
        Effect.map(Option.flatMap((run): Option.Option<ResumableRun> => {
          if (run.status !== "partial") return Option.none()
          return decodeCursor(run.cursor).pipe(
            Option.flatMap((cursor) =>
              cursor.next === null ? Option.none() : Option.some({ id: run.id, mode: run.mode, cursor: { ...cursor, next: cursor.next } })
            )
          )
        })),
        Effect.withSpan("ErpSyncRuns.resumable")
      )

      const lastSuccessRow = SqlSchema.findOneOption({
        Request: Schema.Void,
        Result: Schema.Struct({ startedAt: Schema.Date, cursor: Schema.Unknown }),
        execute: () =>
          sql`select started_at, cursor from erp_sync_runs
               where kind = ${kind} and status = 'success'
               order by started_at desc, id desc limit 1`
      })

      const lastSuccessfulListingStart = lastSuccessRow(undefined).pipe(
        Effect.orDie,
        Effect.map(Option.map((row) =>
          Option.match(decodeCursor(row.cursor), {
            onNone: () => DateTime.fromDateUnsafe(row.startedAt),
            onSome: (cursor) => cursor.listingStartedAt
          })
        )),
        Effect.withSpan("ErpSyncRuns.lastSuccessfulListingStart")
      )

      const isRunning = Effect.fn("ErpSyncRuns.isRunning")(function*(staleAfter: Duration.Duration) {
        const before = yield* staleBefore(staleAfter)
        // Whether a row exists; nothing of it is read.
        const rows = yield* sql`
          select id from erp_sync_runs
           where kind = ${kind} and status = 'running' and not (${isStale(before)})`.pipe(Effect.orDie)
        return rows.length > 0
      })

      const runs = SqlSchema.findAll({
        Request: Schema.Number,
        Result: ErpSyncLogEntry,
        execute: (limit) =>
          storedNames`select ${storedNames.literal(runColumns)}
                from erp_sync_runs r left join users u on u.id = r.triggered_by
               where r.kind = ${kind}
               order by r.started_at desc, r.id desc limit ${limit}`
      })

      const logs = Effect.fn("ErpSyncRuns.logs")(function*(limit: number) {
        return yield* runs(limit).pipe(Effect.orDie)
      })

      const latest = runs(1).pipe(Effect.orDie, Effect.map((rows) => rows[0] ?? null))

      const neverRun: ErpLastSync = { startedAt: null, finishedAt: null, status: null, count: null, error: null }
      const latestRun = SqlSchema.findOneOption({
        Request: Schema.Void,
        Result: ErpLastSync,
        execute: () =>
          sql`select started_at, finished_at, status, items_processed as count, error_message as error
                from erp_sync_runs where kind = ${kind}
               order by started_at desc, id desc limit 1`
      })
      const lastSync = latestRun(undefined).pipe(
        Effect.orDie,
        Effect.map(Option.getOrElse(() => neverRun)),
        Effect.withSpan("ErpSyncRuns.lastSync")
      )

      const lastFinishedAt = SqlSchema.findOneOption({
        Request: Schema.Struct({ fullOnly: Schema.Boolean }),
        Result: Schema.Struct({ finishedAt: Schema.NullOr(Schema.Date) }),
        execute: ({ fullOnly }) =>
          sql`select max(finished_at) as finished_at from erp_sync_runs
               where kind = ${kind} and status = 'success' and (${!fullOnly} or mode = 'full')`
      })

      const status = Effect.fn("ErpSyncRuns.status")(function*(staleAfter: Duration.Duration) {
        const finishedAt = (fullOnly: boolean) =>
          lastFinishedAt({ fullOnly }).pipe(Effect.orDie, Effect.map((row) => Option.getOrNull(row)?.finishedAt ?? null))
        const view: ErpProductSyncStatus = {
          running: yield* isRunning(staleAfter),
          last: yield* latest,
          lastFullSyncAt: yield* finishedAt(true),
          lastSuccessfulSyncAt: yield* finishedAt(false)
        }
        return view
      })

      return ErpSyncRuns.of({
        start,
        progress,
        finish,
        resumable,
        lastSuccessfulListingStart,
        isRunning,
        startedSince,
        lastSync,
        status,
        logs
      })
    })
  )
}
