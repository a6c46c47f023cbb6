/**
 * What every payload family shares: its rows are read by id in one query for a whole
 * batch of events (none when no event wants that kind), and its relations are
 * `{id, name}` references, `null` when the relation is gone.
 */
import { Effect, Schema } from "effect"
import { SqlSchema } from "effect/sql"

export interface Ref {
  readonly id: string
  readonly name: string
}

/** A relation as `{id, name}`: `null` without id, `""` for a missing name. */
export const ref = (id: string | null, name: string | null): Ref | null =>
  id === null ? null : { id, name: name ?? "" }

const EntityIds = Schema.Array(Schema.String)

/** The rows of the entities with these ids, by id: one query, none for no ids. */
export const rowsByIds = <Row extends { readonly id: string }, E, R>(
  Result: Schema.ConstraintCodec<Row, unknown, never, never>,
  execute: (ids: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<unknown>, E, R>
) => {
  const query = SqlSchema.findAll({ Request: EntityIds, Result, execute })
  return (ids: ReadonlyArray<string>): Effect.Effect<ReadonlyMap<string, Row>, E | Schema.SchemaError, R> =>
    ids.length === 0
      ? Effect.succeed(new Map<string, Row>())
      : Effect.map(query(ids), (rows) => new Map(rows.map((row) => [row.id, row])))
}
