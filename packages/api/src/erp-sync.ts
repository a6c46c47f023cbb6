/** The product sync: run it, its status and its logs (`/api/integrations/erp/sync/*`). */
import { Schema } from "effect"
import { HttpApiEndpoint, OpenApi } from "effect/http-api"
import { SyncMode, SyncRunStatus, SyncTrigger } from "@quote/core/erp/erp-sync-run"
import { erpLimits, limitQuery } from "./erp-inputs.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelopes } from "./error-envelope.ts"
import { ErpNotConfigured, ErpNotConnected, SyncAlreadyRunning } from "@quote/core/errors/erp"

export const SyncRunSummaryJson = Schema.Struct({
  logId: Schema.String,
  mode: SyncMode,
  status: Schema.Literals(["success", "partial", "error"]),
  processed: Schema.Int,
  created: Schema.Int,
  updated: Schema.Int,
  errors: Schema.Int,
  deactivated: Schema.Int,
  message: Schema.String,
  durationMs: Schema.Number
}).annotate({ identifier: "ErpSyncRunSummary" })

const SyncRunJson = Schema.Struct({
  id: Schema.String,
  kind: Schema.String,
  mode: SyncMode,
  status: SyncRunStatus,
  trigger_source: SyncTrigger,
  started_at: Schema.Date,
  finished_at: Schema.NullOr(Schema.Date),
  duration_ms: Schema.NullOr(Schema.Number),
  items_processed: Schema.Int,
  items_created: Schema.Int,
  items_updated: Schema.Int,
  items_deactivated: Schema.Int,
  errors: Schema.Int,
  error_message: Schema.NullOr(Schema.String),
  message: Schema.NullOr(Schema.String)
}).annotate({ identifier: "ErpSyncRun" })

const SyncStatusJson = Schema.Struct({
  running: Schema.Boolean,
  last: Schema.NullOr(SyncRunJson),
  lastFullSyncAt: Schema.NullOr(Schema.Date),
  lastSuccessfulSyncAt: Schema.NullOr(Schema.Date)
})

const SyncLogJson = Schema.Struct({ ...SyncRunJson.fields, triggered_by_name: Schema.NullOr(Schema.String) })

export const erpSyncEndpoints = [
  HttpApiEndpoint.post("syncProducts", "/sync/products", {
    payload: [Schema.Struct({ mode: Schema.optionalKey(SyncMode) }), Schema.Null],
    success: SyncRunSummaryJson,
    error: errorEnvelopes(SyncAlreadyRunning, ErpNotConfigured, ErpNotConnected)
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
    .annotate(
      OpenApi.Description,
      "Access: roles admin. Body optional, `mode` default `full`. Waits for the run: `status` is `success`, `partial` (time budget spent; the next run continues) or `error` (the ERP failed mid-run; `message` says why)."
    ),
  HttpApiEndpoint.get("syncStatus", "/sync/status", { success: SyncStatusJson })
    .middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.get("syncLogs", "/sync/logs", {
    query: { limit: limitQuery(erpLimits.logs.max, erpLimits.logs.fallback) },
    success: Schema.Struct({ items: Schema.Array(SyncLogJson) })
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
] as const
