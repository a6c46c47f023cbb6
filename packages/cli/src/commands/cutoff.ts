import * as Command from "effect/cli/Command"
import { preview } from "./cutoff-preview.ts"

export const cutoffCommand = Command.make("cutoff").pipe(
  Command.withDescription("Route cutoff windows"),
  Command.withSubcommands([preview])
)
