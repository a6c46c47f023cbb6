/**
 * Import and export (`cli import`, `cli export`, docs/import.md) wired to Node's file
 * system (`infra/files`). Need the database.
 */
import * as Layer from "effect/Layer"
import { Exporter } from "../app/import/exporter.ts"
import { Importer } from "../app/import/importer.ts"
import { NodeImportFiles } from "../infra/files/node-import-files.ts"

export const ImporterLive = Importer.layer.pipe(Layer.provide(NodeImportFiles))

export const ExporterLive = Exporter.layer.pipe(Layer.provide(NodeImportFiles))
