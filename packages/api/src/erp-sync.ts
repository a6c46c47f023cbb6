/** The product sync: run it, its status and its logs (`/api/integrations/erp/sync/*`). */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as OpenApi from "effect/http-api/OpenApi"
import { SyncMode, SyncRunSummary } from "@quote/core/erp/erp-sync-run"
import { ErpProductSyncStatus, ErpSyncLogEntry } from "@quote/core/erp/views"
import { erpLimits, limitQuery } from "./erp-inputs.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelopes } from "./error-envelope.ts"
import { ErpNotConfigured, ErpNotConnected, SyncAlreadyRunning } from "@quote/core/erp/errors"

export const erpSyncEndpoints = [
  HttpApiEndpoint.post("syncProducts", "/sync/products", {
    payload: [Schema.Struct({ mode: Schema.optionalKey(SyncMode) }), Schema.Null],
    success: SyncRunSummary,
    error: errorEnvelopes(SyncAlreadyRunning, ErpNotConfigured, ErpNotConnected)
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
    .annotate(
      OpenApi.Description,
      "Access: roles admin. Body optional, `mode` default `full`. Waits for the run: `status` is `success`, `partial` (time budget spent; the next run continues) or `error` (the ERP failed mid-run; `message` says why)."
    ),
  HttpApiEndpoint.get("syncStatus", "/sync/status", { success: ErpProductSyncStatus })
    .middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.get("syncLogs", "/sync/logs", {
    query: { limit: limitQuery(erpLimits.logs.max, erpLimits.logs.fallback) },
    success: Schema.Struct({ items: Schema.Array(ErpSyncLogEntry) })
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
] as const
