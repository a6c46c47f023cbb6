import { Effect } from "effect"
import { Command, Flag } from "effect/cli"
import { runMigrations } from "@quote/adapters/infra/database/migrator"
import { printResult } from "../cli-failure.ts"
import { withDatabase } from "../database-context.ts"

export const migrateCommand = Command.make(
  "migrate",
  { json: Flag.Boolean("json").pipe(Flag.withDescription("Print the result as JSON"), Flag.withDefault(false)) },
  Effect.fnUntraced(function*({ json }) {
    const applied = yield* withDatabase(runMigrations())
    yield* printResult(
      json,
      { applied },
      applied.length === 0 ? "The database schema is up to date." : `Applied ${applied.length} migration(s): ${applied.join(", ")}`
    )
  })
).pipe(Command.withDescription("Apply pending SQL migrations (the server also does this at start)"))
