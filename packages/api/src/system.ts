import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { errorEnvelope } from "./error-envelope.ts"
import { access } from "./security.ts"
import { DiskFull, ServiceUnavailable } from "@quote/core/shared/errors"

export const HealthStatus = Schema.Struct({ status: Schema.Literal("ok") })

export class SystemApi extends HttpApiGroup.make("system")
  .add(
    HttpApiEndpoint.get("health", "/health", { success: HealthStatus })
      .annotateMerge(access.public()).annotate(OpenApi.Description, "Access: public. Liveness: answers while the process runs."),
    HttpApiEndpoint.get("ready", "/ready", {
      success: HealthStatus,
      error: [errorEnvelope(ServiceUnavailable), errorEnvelope(DiskFull)]
    }).annotateMerge(access.public()).annotate(
      OpenApi.Description,
      "Access: public. Readiness: 200 when the database answers, else 503 SERVICE_UNAVAILABLE; 503 DISK_FULL while the embedded database's disk is full (reads answer, changes are refused)."
    )
  )
  .prefix("/api")
  .annotate(OpenApi.Title, "System")
{}
