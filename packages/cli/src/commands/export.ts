/**
 * `export <kind> --out F`: writes every row of a kind in the import's format (CSV, or
 * JSON for a `.json` file or `--format json`); importing it back changes nothing.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Command from "effect/cli/Command"
import * as Flag from "effect/cli/Flag"
import { formatOf, IMPORT_KINDS, type ImportKind } from "@quote/core/import/import-kind"
import { printResult } from "../cli-failure.ts"

const loadExporter = Effect.promise(() =>
  Promise.all([
    import("@quote/adapters/app/import/exporter"),
    import("@quote/adapters/live/import-live"),
    import("../database-context.ts")
  ])
)

const kindCommand = (kind: ImportKind) =>
  Command.make(
    kind,
    {
      out: Flag.String("out").pipe(Flag.withDescription("The file to write")),
      format: Flag.Literals("format", ["csv", "json"]).pipe(
        Flag.withDescription("csv or json (default: from the file's extension, csv otherwise)"),
        Flag.optional
      ),
      json: Flag.Boolean("json").pipe(Flag.withDescription("Print the summary as JSON"), Flag.withDefault(false))
    },
    Effect.fnUntraced(function*({ format, json, out }) {
      const [{ Exporter }, { ExporterLive }, { withMigratedDatabase }] = yield* loadExporter
      const chosen = formatOf(out, Option.getOrUndefined(format))
      const rows = yield* withMigratedDatabase(
        Effect.flatMap(Exporter, (exporter) => exporter.write(kind, out, chosen)).pipe(Effect.provide(ExporterLive))
      )
      yield* printResult(json, { kind, file: out, format: chosen, rows }, `Wrote ${rows} ${kind} row(s) to ${out}.`)
    })
  ).pipe(Command.withDescription(`Export ${kind} in the import format`))

export const exportCommand = Command.make("export").pipe(
  Command.withDescription("Export routes, companies, price lists, clients or promotions as CSV or JSON"),
  Command.withSubcommands(IMPORT_KINDS.map(kindCommand))
)
