import { Duration, Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { QuotationApi } from "@quote/api/api"
import { ServiceUnavailable } from "@quote/core/shared/errors"

const readinessTimeout = Duration.seconds(2)

export const SystemHandlers = HttpApiBuilder.group(
  QuotationApi,
  "system",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const databaseAnswers = sql`select 1 as ok`.pipe(
      Effect.timeout(readinessTimeout),
      Effect.mapError(() => new ServiceUnavailable({ message: "The database is not answering" }))
    )
    return handlers
      .handle("health", () => Effect.succeed({ status: "ok" as const }))
      .handle("ready", () => Effect.as(databaseAnswers, { status: "ok" as const }))
  })
)
