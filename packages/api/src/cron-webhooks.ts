/**
 * `GET /api/cron/webhooks` (spec "Scheduled jobs"): an external scheduler calls it (every
 * minute, ideally) so retries are never later than their wait. Each call fans out
 * recorded events, attempts every due delivery within a time budget, and purges history
 * older than 30 days; the answer says what it did.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { access, CronAuthentication } from "./security.ts"

export const CronWebhooksResultJson = Schema.Struct({
  dispatchedEvents: Schema.Int.annotate({ description: "Recorded events turned into deliveries" }),
  processed: Schema.Int.annotate({ description: "Delivery attempts made" }),
  delivered: Schema.Int,
  failed: Schema.Int.annotate({ description: "Deliveries that became failed (attempt 8 failed)" }),
  pending: Schema.Int.annotate({ description: "Deliveries still pending afterwards" }),
  purgedEvents: Schema.Int.annotate({ description: "Events (with their deliveries) older than 30 days removed" })
}).annotate({ identifier: "CronWebhooksResult" })

export class CronWebhooksApi extends HttpApiGroup.make("cronWebhooks")
  .add(
    HttpApiEndpoint.get("webhooks", "/webhooks", { success: CronWebhooksResultJson })
      .middleware(CronAuthentication).annotateMerge(access.cronSecret())
  )
  .prefix("/api/cron")
  .annotate(OpenApi.Title, "Scheduled jobs")
{}
