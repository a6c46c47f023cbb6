/**
 * `import <kind> --file F` and `import all --dir D`: load routes, companies (with
 * branches), price lists (with items), clients (with phones) and promotions from CSV or
 * JSON files (docs/import.md). All or nothing: a file (or an `all` run) with any
 * problem writes nothing and prints every problem as `file:line: CODE message` (with
 * `--json`, as a list), exit 2. Progress goes to stderr. The importer and the database
 * are loaded when the command runs.
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Command from "effect/cli/Command"
import * as Flag from "effect/cli/Flag"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { formatOf, type ImportFormat, IMPORT_KINDS, type ImportKind } from "@quote/core/import/import-kind"
import { countsText } from "@quote/core/import/import-kind"
import { formatProblem } from "@quote/core/import/import-problem"
import { CliFailure, failWith, printResult } from "../cli-failure.ts"

const loadImporter = Effect.promise(() =>
  Promise.all([
    import("@quote/adapters/app/import/importer"),
    import("@quote/adapters/live/import-live"),
    import("../database-context.ts")
  ])
)

const PROGRESS_EVERY = 10_000

const jsonFlag = Flag.Boolean("json").pipe(Flag.withDescription("Print the outcome (or the problems) as JSON"), Flag.withDefault(false))
const dryRunFlag = Flag.Boolean("dry-run").pipe(
  Flag.withDescription("Check everything and report what would change, then write nothing"),
  Flag.withDefault(false)
)

interface Target {
  readonly kind: ImportKind
  readonly path: string
  readonly format: ImportFormat
}

const runImport = Effect.fnUntraced(function*(targets: ReadonlyArray<Target>, dryRun: boolean, json: boolean) {
  for (const target of targets) {
    if (!existsSync(target.path)) return yield* failWith("FILE_NOT_FOUND", `${target.path} does not exist`, 2)
  }
  const [{ Importer, totalCounts }, { ImporterLive }, { withMigratedDatabase }] = yield* loadImporter
  const outcome = yield* withMigratedDatabase(
    Effect.flatMap(Importer, (importer) =>
      importer.run(targets, {
        dryRun,
        onProgress: (file, rows) =>
          rows % PROGRESS_EVERY < 2000 && rows >= PROGRESS_EVERY
            ? Console.error(`${file.path}: ${rows} rows read`)
            : Effect.void
      })).pipe(Effect.provide(ImporterLive))
  )
  if (outcome.problems.length > 0) {
    if (json) yield* Console.log(JSON.stringify({ written: false, problems: outcome.problems }, null, 2))
    else for (const problem of outcome.problems) yield* Console.error(formatProblem(problem))
    const message = `${outcome.problems.length} problem(s); nothing was written`
    if (!json) yield* Console.error(`IMPORT_REJECTED: ${message}`)
    return yield* new CliFailure({ code: "IMPORT_REJECTED", message, exitCode: 2 })
  }
  const counts = totalCounts(outcome)
  yield* printResult(
    json,
    { written: outcome.written, dryRun, files: outcome.files, counts },
    [
      ...outcome.files.flatMap((file) => [`${file.file}:`, ...countsText(file.counts).map((line) => `  ${line}`)]),
      dryRun ? "Dry run: nothing was written." : "Imported."
    ].join("\n")
  )
})

const kindCommand = (kind: ImportKind) =>
  Command.make(
    kind,
    {
      file: Flag.String("file").pipe(Flag.withDescription("The CSV or JSON file")),
      format: Flag.Literals("format", ["csv", "json"]).pipe(
        Flag.withDescription("csv or json (default: from the file's extension, csv otherwise)"),
        Flag.optional
      ),
      dryRun: dryRunFlag,
      json: jsonFlag
    },
    ({ dryRun, file, format, json }) =>
      runImport([{ kind, path: file, format: formatOf(file, Option.getOrUndefined(format)) }], dryRun, json)
  ).pipe(Command.withDescription(`Import ${kind} (docs/import.md)`))

/** In dependency order: `<kind>.csv` or `<kind>.json` of each kind present in the directory. */
const directoryTargets = (dir: string): Array<Target> => {
  const names = new Set(readdirSync(dir))
  return IMPORT_KINDS.flatMap((kind): Array<Target> => {
    const found = (["csv", "json"] as const).filter((format) => names.has(`${kind}.${format}`))
    return found.map((format) => ({ kind, path: join(dir, `${kind}.${format}`), format }))
  })
}

const allCommand = Command.make(
  "all",
  {
    dir: Flag.String("dir").pipe(Flag.withDescription("Directory with routes, companies, price-lists, clients, promotions .csv/.json")),
    dryRun: dryRunFlag,
    json: jsonFlag
  },
  Effect.fnUntraced(function*({ dir, dryRun, json }) {
    if (!existsSync(dir)) return yield* failWith("FILE_NOT_FOUND", `${dir} does not exist`, 2)
    const targets = directoryTargets(dir)
    if (targets.length === 0) {
      return yield* failWith("VALIDATION_ERROR", `${dir} holds none of ${IMPORT_KINDS.map((k) => `${k}.csv`).join(", ")}`, 2)
    }
    return yield* runImport(targets, dryRun, json)
  })
).pipe(Command.withDescription("Import every kind's file of a directory in dependency order, in one transaction"))

export const importCommand = Command.make("import").pipe(
  Command.withDescription("Import routes, companies, price lists, clients and promotions from CSV or JSON (all or nothing)"),
  Command.withSubcommands([...IMPORT_KINDS.map(kindCommand), allCommand])
)
