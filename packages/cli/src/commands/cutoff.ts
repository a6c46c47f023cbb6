import { Command } from "effect/cli"
import { preview } from "./cutoff-preview.ts"

export const cutoffCommand = Command.make("cutoff").pipe(
  Command.withDescription("Route cutoff windows"),
  Command.withSubcommands([preview])
)
