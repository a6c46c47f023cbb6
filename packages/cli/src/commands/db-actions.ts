/**
 * What `db copy`, `db backup` and `db restore` do, loaded only when one of them runs
 * (`db.ts` declares the commands). Progress and advice go to stderr, the result to
 * stdout (`--json`: only the summary JSON); every failure is one `CODE: message` line.
 */
import * as Console from "effect/Console"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { AppConfig, type AppSettings } from "@quote/core/shared/app-config"
import { AppConfigLive } from "@quote/adapters/infra/config/app-config"
import { describeTarget } from "@quote/adapters/infra/database/database"
import { type CopyProgress, copyDatabase } from "@quote/adapters/infra/database/database-copy"
import {
  backupEmbeddedDatabase,
  embeddedDatabaseExists,
  restoreEmbeddedDatabase
} from "@quote/adapters/infra/database/embedded-backup"
import { PgliteClient } from "@quote/adapters/infra/database/pglite-client"
import * as Postgres from "@quote/adapters/infra/database/postgres"
import { postgresMessage } from "@quote/adapters/infra/database/sql-errors"
import { CliFailure, failWith, printResult } from "../cli-failure.ts"

const failureCodes: Record<string, string> = {
  ConfigurationError: "CONFIGURATION_ERROR",
  EmbeddedDatabaseLocked: "DATABASE_LOCKED",
  MigrationError: "MIGRATION_FAILED",
  TargetNotEmpty: "TARGET_NOT_EMPTY",
  CopyMismatch: "COPY_MISMATCH",
  SqlError: "DATABASE_ERROR"
}

type Failure = { readonly _tag: string; readonly message: string }

const report = (error: Failure) => {
  const code = "code" in error && typeof error.code === "string" ? error.code : failureCodes[error._tag] ?? "DATABASE_ERROR"
  const detail = error._tag === "SqlError" ? postgresMessage(error as SqlError) : undefined
  return failWith(code, detail === undefined ? error.message : `${error.message}: ${detail}`)
}

/** Runs `use` with the settings (DATA_DIR), turning every failure into one line. */
const withSettings = <A, E extends Failure>(use: (settings: AppSettings) => Effect.Effect<A, E | CliFailure>) =>
  Effect.flatMap(AppConfig, use).pipe(
    Effect.provide(AppConfigLive),
    Effect.catch((error): Effect.Effect<never, CliFailure> => error instanceof CliFailure ? Effect.fail(error) : report(error))
  )

const progressLine = (progress: CopyProgress): string => {
  switch (progress._tag) {
    case "SchemaApplied":
      return `schema: ${progress.migrations.length} migration(s) applied (${progress.migrations.join(", ")})`
    case "TableCopying":
      return `${progress.table}: ${progress.copied}/${progress.total} rows…`
    case "TableCopied":
      return `${progress.table}: ${progress.rows} rows`
    case "Finishing":
      return progress.step
  }
}

/**
 * Where the target's servers get their SESSION_SECRET from: it encrypts the stored ERP
 * credentials and signs sessions, so it must be this one.
 */
const sessionSecretAdvice = (settings: AppSettings): string => {
  const file = Path.join(settings.dataDir, "session-secret")
  const kept = Fs.existsSync(file) && Fs.readFileSync(file, "utf8").trim() === Redacted.value(settings.sessionSecret)
  return kept
    ? `Start the servers on the new database with SESSION_SECRET set to the development secret kept in ${file}, e.g. SESSION_SECRET="$(cat ${file})": it decrypts the stored ERP credentials and signs sessions.`
    : "Start the servers on the new database with the same SESSION_SECRET as now: it decrypts the stored ERP credentials and signs sessions."
}

const isPostgresUrl = (url: string) => {
  try {
    return ["postgres:", "postgresql:"].includes(new URL(url).protocol)
  } catch {
    return false
  }
}

const clientOf = <E>(layer: Layer.Layer<SqlClient.SqlClient, E>) =>
  Effect.map(Layer.build(layer), (context) => Context.get(context, SqlClient.SqlClient))

export const runCopy = (options: { readonly to: string; readonly json: boolean }) =>
  withSettings((settings) =>
    Effect.gen(function*() {
      if (!isPostgresUrl(options.to)) {
        return yield* failWith("INVALID_TARGET", "--to must be a PostgreSQL URL: postgres://user:password@host:5432/database", 2)
      }
      if (!embeddedDatabaseExists(settings.dataDir)) {
        return yield* failWith("NO_EMBEDDED_DATABASE", `There is no embedded database in ${settings.dataDir} (DATA_DIR)`)
      }
      const url = Redacted.make(options.to)
      const from = `embedded database in ${settings.dataDir}`
      const to = describeTarget({ _tag: "Postgres", url })
      const started = Date.now()
      const summary = yield* Effect.scoped(Effect.gen(function*() {
        // The source first: its lock is what refuses while a server holds it.
        const source = yield* clientOf(PgliteClient.layer({ dataDir: settings.dataDir }))
        const target = yield* clientOf(Postgres.layerClient({ url, maxConnections: 2, applicationName: "quote-db-copy" }))
        yield* Console.error(`Copying the ${from} to ${to}, in one transaction`)
        return yield* copyDatabase({ source, target, onProgress: (progress) => Console.error(progressLine(progress)) })
      }))
      const advice = sessionSecretAdvice(settings)
      yield* printResult(
        options.json,
        { from, to, ...summary, durationMs: Date.now() - started, sessionSecret: advice },
        `Copied ${summary.rows} rows of ${summary.tables.length} tables, ${summary.sequences.length} sequence(s) and ` +
          `${summary.migrations.length} migration(s) from the ${from} to ${to} in ${((Date.now() - started) / 1000).toFixed(1)} s.`
      )
      yield* Console.error(advice)
    })
  )

export const runBackup = (options: { readonly out: string; readonly json: boolean }) =>
  withSettings((settings) =>
    Effect.gen(function*() {
      const summary = yield* backupEmbeddedDatabase({ dataDir: settings.dataDir, outFile: options.out })
      yield* printResult(
        options.json,
        summary,
        `Backed up the embedded database in ${settings.dataDir} to ${summary.file} (${
          (summary.bytes / 1e6).toFixed(1)
        } MB; ${summary.tables} tables, ${summary.rows} rows, verified).`
      )
      yield* Console.error(
        `Keep ${Path.join(settings.dataDir, "session-secret")} (or your SESSION_SECRET) with it: the stored ERP credentials need it.`
      )
    })
  )

export const runRestore = (options: { readonly from: string; readonly force: boolean; readonly json: boolean }) =>
  withSettings((settings) =>
    Effect.gen(function*() {
      const summary = yield* restoreEmbeddedDatabase({ dataDir: settings.dataDir, fromFile: options.from, force: options.force })
      yield* printResult(
        options.json,
        summary,
        `Restored ${options.from} into ${settings.dataDir}${summary.replaced ? " (replacing its database)" : ""}: ${summary.tables} tables, ${summary.rows} rows.`
      )
    })
  )
