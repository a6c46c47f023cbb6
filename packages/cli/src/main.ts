/**
 * The command line: `npm run cli -- <command>`. Every command has `--help`, and
 * `--json` for machine-readable output. Commands are one file each in `commands/`.
 */
import { NodeRuntime, NodeServices } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import * as Logger from "effect/Logger"
import { Command } from "effect/cli"
import { cutoffCommand } from "./commands/cutoff.ts"
import { migrateCommand } from "./commands/migrate.ts"
import { seedCommand } from "./commands/seed.ts"
import { usersCommand } from "./commands/users.ts"
import { apiKeysCommand } from "./commands/api-keys.ts"
import { erpCommand } from "./commands/erp.ts"

export const cli = Command.make("quote").pipe(
  Command.withDescription("Quotation ordering service: database, data and offline tools"),
  Command.withSubcommands([migrateCommand, seedCommand, usersCommand, apiKeysCommand, cutoffCommand, erpCommand])
)

cli.pipe(
  Command.run({ version: "0.1.0" }),
  Effect.provide(NodeServices.layer),
  // Logs go to stderr, so stdout carries only the result (`--json` stays parseable).
  Effect.provide(Layer.succeed(Logger.LogToStderr, true)),
  NodeRuntime.runMain
)
