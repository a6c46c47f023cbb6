/**
 * `cli import`: loads import files (docs/import.md) all or nothing. One transaction per
 * file, or per `all` run (every kind's file in dependency order, so a later file may
 * name what an earlier one creates). Every row is read and checked — the whole file,
 * every problem with its line — and the rows that are fine are written inside the
 * transaction (later rows and files see them); at the end, any problem (or `dryRun`)
 * rolls everything back, else it commits. The database records the webhook events of
 * what was written, and a rollback leaves none.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import type { RowProblem } from "@quote/core/import/field-reader"
import { addCounts, type ImportCounts, type ImportFormat, type ImportKind } from "@quote/core/import/import-kind"
import { type ImportProblem, sortProblems } from "@quote/core/import/import-problem"
import { importClients } from "./client-import.ts"
import { importCompanies } from "./company-import.ts"
import type { KindImporter } from "./kind-import.ts"
import { openRecords } from "@quote/core/import/record-batches"
import { ImportFiles } from "@quote/core/import/import-files"
import { importPriceLists } from "./price-list-import.ts"
import { importPromotions } from "./promotion-import.ts"
import { importRoutes } from "./route-import.ts"

export interface ImportFile {
  readonly kind: ImportKind
  /** As shown in problems (the path as the user gave it). */
  readonly path: string
  readonly format: ImportFormat
}

export interface ImportOptions {
  readonly dryRun: boolean
  /** Rows read so far in a file, after each batch. */
  readonly onProgress?: (file: ImportFile, rows: number) => Effect.Effect<void>
}

export interface FileOutcome {
  readonly kind: ImportKind
  readonly file: string
  readonly counts: ImportCounts
}

export interface ImportOutcome {
  /** True when the changes were committed (no problem, not a dry run). */
  readonly written: boolean
  readonly files: ReadonlyArray<FileOutcome>
  /** Every problem, in file and line order; empty when the import is clean. */
  readonly problems: ReadonlyArray<ImportProblem>
}

const importers: Record<ImportKind, KindImporter> = {
  routes: importRoutes,
  companies: importCompanies,
  "price-lists": importPriceLists,
  clients: importClients,
  promotions: importPromotions
}

/** Carries the outcome out of the transaction it rolls back. */
class RolledBack extends Schema.TaggedError<RolledBack>()("RolledBack", { outcome: Schema.Any }) {}

export class Importer extends Context.Service<Importer, {
  /** Imports the files in the given order (the caller sorts them by dependency), in one transaction. */
  readonly run: (files: ReadonlyArray<ImportFile>, options: ImportOptions) => Effect.Effect<ImportOutcome, SqlError>
}>()("@quote/adapters/Importer") {
  static readonly layer = Layer.effect(
    Importer,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const files = yield* ImportFiles

      const importFile = Effect.fnUntraced(function*(file: ImportFile, options: ImportOptions, problems: Array<ImportProblem>) {
        const batches = yield* openRecords(file.path, file.format).pipe(Effect.provideService(ImportFiles, files))
        const report = (line: number, problem: RowProblem) => problems.push({ file: file.path, line, ...problem })
        const counts = yield* importers[file.kind]({
          batches,
          report,
          progress: (rows) => options.onProgress?.(file, rows) ?? Effect.void
        })
        for (const problem of batches.problems) report(problem.line, problem)
        return { kind: file.kind, file: file.path, counts }
      })

      const run = Effect.fn("Importer.run")(function*(files: ReadonlyArray<ImportFile>, options: ImportOptions) {
        return yield* Effect.gen(function*() {
          const problems: Array<ImportProblem> = []
          const outcomes: Array<FileOutcome> = []
          for (const file of files) outcomes.push(yield* importFile(file, options, problems))
          const outcome: ImportOutcome = { written: problems.length === 0 && !options.dryRun, files: outcomes, problems: sortProblems(problems) }
          if (!outcome.written) return yield* new RolledBack({ outcome })
          return outcome
        }).pipe(
          sql.withTransaction,
          Effect.catchTag("RolledBack", (rolledBack) => Effect.succeed(rolledBack.outcome as ImportOutcome)),
          Effect.provideService(SqlClient.SqlClient, sql)
        )
      })

      return Importer.of({ run })
    })
  )
}

/** The counts of every file together. */
export const totalCounts = (outcome: ImportOutcome): ImportCounts =>
  outcome.files.reduce((total, file) => addCounts(total, file.counts), {} as ImportCounts)
