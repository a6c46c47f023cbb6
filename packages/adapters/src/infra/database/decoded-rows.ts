/**
 * A statement's rows decoded by a row schema, for the reads that are not worth a
 * `SqlSchema.findAll`/`findOne` of their own (a one-off statement with its parameters
 * inline): `sql\`select id from …\`.pipe(decodedRows(IdRow))`.
 *
 * A renamed column or a changed type then fails at the query, with the column in the
 * message (`at [0]["createdAt"]`), not as a wrong value far from it. A mismatch means
 * the code and the schema disagree, so it is a defect (the statement's own errors stay
 * in the error channel, where the callers handle them).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

export const decodedRows = <S extends Schema.Top & { readonly DecodingServices: never }>(row: S) => {
  const decode = Schema.decodeUnknownEffect(Schema.Array(row))
  return <E, R>(rows: Effect.Effect<ReadonlyArray<unknown>, E, R>): Effect.Effect<ReadonlyArray<S["Type"]>, E, R> =>
    Effect.flatMap(rows, (found) => Effect.orDie(decode(found)))
}

/** The row of a `select count(*)::int as count …`. */
export const CountRow = Schema.Struct({ count: Schema.Number })
