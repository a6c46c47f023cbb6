import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { errorEnvelope } from "./error-envelope.ts"
import { ServiceUnavailable } from "@quote/core/errors/common"

export const HealthStatus = Schema.Struct({ status: Schema.Literal("ok") })

export class SystemApi extends HttpApiGroup.make("system")
  .add(
    HttpApiEndpoint.get("health", "/health", { success: HealthStatus })
      .annotate(OpenApi.Description, "Liveness: answers while the process runs."),
    HttpApiEndpoint.get("ready", "/ready", { success: HealthStatus, error: errorEnvelope(ServiceUnavailable) })
      .annotate(OpenApi.Description, "Readiness: 200 when the database answers, else 503.")
  )
  .prefix("/api")
  .annotate(OpenApi.Title, "System")
{}
