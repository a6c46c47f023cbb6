/**
 * A column of a multi-row statement `… from unnest($1::uuid[], $2::text[], …)`. An array
 * of only nulls has no type to infer from on PGlite, so it is sent empty: `unnest` with
 * several arrays pads the shorter ones with nulls, which gives the same rows.
 */
export const unnestColumn = <A>(values: ReadonlyArray<A | null>): ReadonlyArray<A | null> =>
  values.every((value) => value === null) ? [] : values
