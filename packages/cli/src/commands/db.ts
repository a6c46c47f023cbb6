/**
 * `db`: moving the embedded database.
 *
 *   npm run cli -- db copy --to postgres://user:pass@host:5432/db [--json]
 *   npm run cli -- db backup --out FILE [--json]
 *   npm run cli -- db restore --from FILE [--force] [--json]
 *
 * All three work on the embedded database in DATA_DIR (whatever DATABASE_URL says) and
 * refuse while a server holds it. `copy` fills an empty PostgreSQL database in one
 * transaction (all or nothing); `backup` writes a verified snapshot; `restore` checks
 * the file before replacing anything, and replaces an existing database only with
 * `--force`. The work itself is in `db-actions.ts`, imported when a command runs.
 */
import * as Effect from "effect/Effect"
import * as Command from "effect/cli/Command"
import * as Flag from "effect/cli/Flag"

const jsonFlag = Flag.Boolean("json").pipe(Flag.withDescription("Print only the summary, as JSON"), Flag.withDefault(false))

const loadActions = Effect.promise(() => import("./db-actions.ts"))

const copy = Command.make(
  "copy",
  {
    to: Flag.String("to").pipe(Flag.withDescription("URL of an empty PostgreSQL database (postgres://user:pass@host:5432/db)")),
    json: jsonFlag
  },
  Effect.fnUntraced(function*({ to, json }) {
    const { runCopy } = yield* loadActions
    yield* runCopy({ to, json })
  })
).pipe(Command.withDescription(
  "Copy the stopped embedded database (DATA_DIR) into an empty PostgreSQL database: schema, rows, sequences, all or nothing"
))

const backup = Command.make(
  "backup",
  {
    out: Flag.String("out").pipe(Flag.withDescription("File to write (must not exist), e.g. backup-2026-01-31.tar.gz")),
    json: jsonFlag
  },
  Effect.fnUntraced(function*({ out, json }) {
    const { runBackup } = yield* loadActions
    yield* runBackup({ out, json })
  })
).pipe(Command.withDescription("Snapshot the stopped embedded database (DATA_DIR) into a file, verified"))

const restore = Command.make(
  "restore",
  {
    from: Flag.String("from").pipe(Flag.withDescription("A file written by db backup")),
    force: Flag.Boolean("force").pipe(
      Flag.withDescription("Replace the embedded database DATA_DIR already holds"),
      Flag.withDefault(false)
    ),
    json: jsonFlag
  },
  Effect.fnUntraced(function*({ from, force, json }) {
    const { runRestore } = yield* loadActions
    yield* runRestore({ from, force, json })
  })
).pipe(Command.withDescription("Restore the embedded database (DATA_DIR) from a db backup file, checked before anything is replaced"))

export const dbCommand = Command.make("db").pipe(
  Command.withDescription("The embedded database: copy it to PostgreSQL, back it up, restore it"),
  Command.withSubcommands([copy, backup, restore])
)
