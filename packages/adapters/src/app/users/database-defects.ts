/**
 * A failing statement or an undecodable row is not a business outcome: it becomes a
 * defect, which the HTTP edge answers with `500 INTERNAL_ERROR` and a request id, while
 * the domain errors stay typed. Unique violations that mean something (an e-mail in
 * use) must be mapped before this.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { isSqlError, type SqlError } from "effect/sql/SqlError"

export const dieOnDatabaseError = <A, E, R>(
  effect: Effect.Effect<A, E | SqlError | Schema.SchemaError, R>
): Effect.Effect<A, E, R> =>
  Effect.catchIf(
    effect,
    (error): error is SqlError | Schema.SchemaError => isSqlError(error) || Schema.isSchemaError(error),
    (error) => Effect.die(error)
  )
