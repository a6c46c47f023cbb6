/**
 * What every payload family shares: its rows are read by id in one query for a whole
 * batch of events (none when no event wants that kind), and its relations are
 * `{id, name}` references, `null` when the relation is gone.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SqlSchema from "effect/sql/SqlSchema"

/** A relation in a payload. */
export const Ref = Schema.Struct({ id: Schema.String, name: Schema.String })

/** `Ref` in SQL: `{id, name}` of the left-joined `alias`, `null` without one. */
export const refJson = (alias: string) =>
  `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', ${alias}.name) end`

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
