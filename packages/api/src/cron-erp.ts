/**
 * `GET /api/cron/erp-sync` (spec "Scheduled jobs"): an external scheduler's product
 * sync, incremental by default. It answers the run summary, `{skipped: true, reason:
 * "running"}` while another run is in progress, or `{skipped: true, reason:
 * "test-environment"}` where the ERP is not connected (the test environment's marker).
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { SyncMode, SyncRunSummary } from "@quote/core/erp/erp-sync-run"
import { ErpSyncSkipped } from "@quote/core/erp/views"
import { access, CronAuthentication } from "./security.ts"
import { errorEnvelope } from "./error-envelope.ts"
import { ErpNotConfigured } from "@quote/core/erp/errors"

export class CronErpApi extends HttpApiGroup.make("cronErp")
  .add(
    HttpApiEndpoint.get("erpSync", "/erp-sync", {
      query: { mode: Schema.optional(SyncMode.annotate({ description: "Default `incremental`" })) },
      success: [SyncRunSummary, ErpSyncSkipped],
      error: errorEnvelope(ErpNotConfigured)
    }).middleware(CronAuthentication).annotateMerge(access.cronSecret())
  )
  .prefix("/api/cron")
  .annotate(OpenApi.Title, "Scheduled jobs")
{}
