/**
 * `migrate`. The migrator and the database are imported when the command runs, so
 * `--help` and the other commands never load them.
 */
import * as Effect from "effect/Effect"
import * as Command from "effect/cli/Command"
import * as Flag from "effect/cli/Flag"
import { printResult } from "../cli-failure.ts"

const loadDependencies = Effect.promise(() =>
  import("../database-context.ts")
)

export const migrateCommand = Command.make(
  "migrate",
  { json: Flag.Boolean("json").pipe(Flag.withDescription("Print the result as JSON"), Flag.withDefault(false)) },
  Effect.fnUntraced(function*({ json }) {
    const { pendingMigrationsApplied, withDatabase } = yield* loadDependencies
    const applied = yield* withDatabase(pendingMigrationsApplied)
    yield* printResult(
      json,
      { applied },
      applied.length === 0 ? "The database schema is up to date." : `Applied ${applied.length} migration(s): ${applied.join(", ")}`
    )
  })
).pipe(Command.withDescription("Apply pending SQL migrations (the server also does this at start)"))
