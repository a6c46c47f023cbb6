/**
 * How the application's SQL clients name result columns: `snake_case` in SQL,
 * `camelCase` in TypeScript (issue #12, part 3), on both drivers alike. Nested JSON
 * built in SQL (`json_build_object`, `json_agg`) is renamed too, so a row decodes
 * straight into the view it feeds. Code that must see stored names as they are (the
 * spec's snake_case answers, JSON documents stored verbatim, database tooling) asks
 * for `sql.withoutTransforms()`.
 */
import * as String from "effect/String"

export const camelCaseResults = { transformResultNames: String.snakeToCamel } as const
