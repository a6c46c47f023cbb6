/**
 * The `effect/cli` command tree of `npm run cli` and how it runs. `main.ts` imports this
 * only when the fast path of `cutoff preview` does not apply. Command modules import
 * their heavy dependencies (database, ERP, HTTP schemas) inside their handlers, so
 * `--help` and each command load only what they use.
 */
// The modules, not the package index: the index loads every platform module (HTTP
// server, WebSocket, Redis client), several times the cost of effect/cli itself.
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeServices from "@effect/platform-node/NodeServices"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Command from "effect/cli/Command"
import { apiKeysCommand } from "./commands/api-keys.ts"
import { auditCommand } from "./commands/audit.ts"
import { cutoffCommand } from "./commands/cutoff.ts"
import { dbCommand } from "./commands/db.ts"
import { erpCommand } from "./commands/erp.ts"
import { exportCommand } from "./commands/export.ts"
import { importCommand } from "./commands/import.ts"
import { migrateCommand } from "./commands/migrate.ts"
import { seedCommand } from "./commands/seed.ts"
import { usersCommand } from "./commands/users.ts"

export const cli = Command.make("quote").pipe(
  Command.withDescription("Quotation ordering service: database, data and offline tools"),
  Command.withSubcommands([migrateCommand, seedCommand, usersCommand, apiKeysCommand, cutoffCommand, erpCommand, dbCommand, importCommand, exportCommand, auditCommand])
)

/** Runs the command named by `process.argv` and exits with its code. */
export const runCli = (): void =>
  cli.pipe(
    Command.run({ version: "0.1.0" }),
    Effect.provide(NodeServices.layer),
    // Logs go to stderr, so stdout carries only the result (`--json` stays parseable).
    Effect.provide(Layer.succeed(Logger.LogToStderr, true)),
    NodeRuntime.runMain
  )
