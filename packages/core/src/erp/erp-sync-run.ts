/**
 * A product sync run as the spec reports it (`POST /sync/products`, `GET /sync/status`,
 * `GET /api/cron/erp-sync`): its mode, trigger, outcome and counts, plus the Spanish
 * sentence the admin panel shows.
 */
import * as Schema from "effect/Schema"
import { SyncRunId } from "../shared/ids.ts"

export const SyncMode = Schema.Literals(["full", "incremental"])
export type SyncMode = typeof SyncMode.Type

/** `partial`: the time budget ran out; the next run continues from the stored cursor. */
export const SyncRunStatus = Schema.Literals(["running", "success", "partial", "error"])
export type SyncRunStatus = typeof SyncRunStatus.Type

/** Who started the run (`erp_sync_runs.trigger_source`). */
export const SyncTrigger = Schema.Literals(["manual", "cron", "schedule", "startup"])
export type SyncTrigger = typeof SyncTrigger.Type

export interface SyncCounts {
  readonly processed: number
  readonly created: number
  readonly updated: number
  readonly errors: number
  readonly deactivated: number
}

export const emptySyncCounts: SyncCounts = { processed: 0, created: 0, updated: 0, errors: 0, deactivated: 0 }

export const addSyncCounts = (a: SyncCounts, b: SyncCounts): SyncCounts => ({
  processed: a.processed + b.processed,
  created: a.created + b.created,
  updated: a.updated + b.updated,
  errors: a.errors + b.errors,
  deactivated: a.deactivated + b.deactivated
})

/** The run summary of the spec (`POST /sync/products`, the cron): its counts in `SyncCounts` order. */
export const SyncRunSummary = Schema.Struct({
  logId: SyncRunId,
  mode: SyncMode,
  status: Schema.Literals(["success", "partial", "error"]),
  processed: Schema.Int,
  created: Schema.Int,
  updated: Schema.Int,
  errors: Schema.Int,
  deactivated: Schema.Int,
  message: Schema.String,
  durationMs: Schema.Finite
}).annotate({ identifier: "ErpSyncRunSummary" })
export type SyncRunSummary = typeof SyncRunSummary.Type

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** The admin-facing sentence of a finished run. */
export const syncRunMessage = (
  outcome:
    | { readonly status: "success"; readonly resumed: boolean }
    | { readonly status: "partial"; readonly nextPage: number }
    | { readonly status: "error"; readonly reason: string },
  mode: SyncMode,
  counts: SyncCounts
): string => {
  const what = `${plural(counts.processed, "producto procesado", "productos procesados")} ` +
    `(${plural(counts.created, "nuevo", "nuevos")}, ${plural(counts.updated, "actualizado", "actualizados")}` +
    `${counts.deactivated > 0 ? `, ${plural(counts.deactivated, "desactivado", "desactivados")}` : ""}` +
    `${counts.errors > 0 ? `, ${plural(counts.errors, "con error", "con error")}` : ""})`
  const kind = mode === "full" ? "completa" : "incremental"
  switch (outcome.status) {
    case "success":
      return `Sincronización ${kind} terminada${outcome.resumed ? " (continuación de una ejecución parcial)" : ""}: ${what}.`
    case "partial":
      return `Tiempo agotado en la sincronización ${kind}: ${what}. La próxima ejecución continúa desde la página ${outcome.nextPage}.`
    case "error":
      return `La sincronización ${kind} falló: ${outcome.reason}. Antes del error: ${what}.`
  }
}
