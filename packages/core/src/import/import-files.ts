/**
 * The file port of import and export (docs/import.md): the importer reads the file it is
 * given, whole (JSON) or in chunks (CSV: a 100k-row file is never whole in memory), and
 * the exporter writes one. The adapter is Node's file system
 * (`@quote/adapters/infra/files`), wired in `@quote/adapters/live/import-live`. A file
 * that cannot be read or written is a defect, as it was before the port.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"

export interface TextChunks {
  /** The next chunk of the file's text, or `undefined` at its end. */
  readonly next: Effect.Effect<string | undefined>
}

export interface TextFileWriter {
  readonly write: (text: string) => Effect.Effect<void>
}

export class ImportFiles extends Context.Service<ImportFiles, {
  readonly readText: (path: string) => Effect.Effect<string>
  readonly readChunks: (path: string) => Effect.Effect<TextChunks>
  /** Creates (or truncates) the file; it is closed when the scope ends. */
  readonly create: (path: string) => Effect.Effect<TextFileWriter, never, Scope.Scope>
}>()("@quote/core/ImportFiles") {}
