import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as SqlClient from "effect/sql/SqlClient"
import { QuotationApi } from "@quote/api/api"
import { Readiness } from "../lifecycle/readiness.ts"
import { diskFull, ServiceUnavailable } from "@quote/core/shared/errors"
import { DatabaseDisk } from "@quote/adapters/infra/database/disk-space"

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
    // Only the embedded database can fill its disk (infra/database/disk-space.ts).
    const disk = yield* Effect.serviceOption(DatabaseDisk)
    const diskHasRoom = Effect.suspend(() =>
      Option.isSome(disk) && disk.value.full()
        ? Effect.fail(diskFull())
        : Effect.void
    )
    // Once shutdown began, not ready (the process still serves what reaches it; docs/operations.md).
    const readiness = yield* Effect.serviceOption(Readiness)
    const notDraining = Effect.suspend(() =>
      Option.isNone(readiness) ? Effect.void : Effect.flatMap(readiness.value.draining, (draining) =>
        draining ? Effect.fail(new ServiceUnavailable({ message: "The service is shutting down" })) : Effect.void)
    )
    return handlers
      .handle("health", () => Effect.succeed({ status: "ok" as const }))
      .handle("ready", () =>
        Effect.as(Effect.andThen(notDraining, Effect.andThen(databaseAnswers, diskHasRoom)), { status: "ok" as const })
      )
  })
)
