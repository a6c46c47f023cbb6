/**
 * `GET /api/cron/webhooks` (spec "Scheduled jobs"): an external scheduler calls it (every
 * minute, ideally) so retries are never later than their wait. Each call fans out
 * recorded events, attempts every due delivery within a time budget, and purges history
 * older than 30 days; the answer says what it did.
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { CronWebhooksResult } from "@quote/core/webhooks/views"
import { access, CronAuthentication } from "./security.ts"

export class CronWebhooksApi extends HttpApiGroup.make("cronWebhooks")
  .add(
    HttpApiEndpoint.get("webhooks", "/webhooks", { success: CronWebhooksResult })
      .middleware(CronAuthentication).annotateMerge(access.cronSecret())
  )
  .prefix("/api/cron")
  .annotate(OpenApi.Title, "Scheduled jobs")
{}
