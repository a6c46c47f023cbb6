/**
 * The command line: `npm run cli -- <command>`. Every command has `--help`, and
 * `--json` for machine-readable output. Commands are one file each in `commands/`; the
 * command tree is `cli.ts`.
 *
 * `cutoff preview` is meant to be quick (a chatbot developer's offline check): when its
 * flags are plain, `commands/cutoff-preview-fast.ts` runs it without loading `effect/cli`
 * or the Effect runtime, printing what the `effect/cli` command would print. Everything
 * else — other commands, `--help`, unusual flags — goes through `cli.ts`.
 */
import { enableCompileCache } from "node:module"

// Node keeps the compiled code of the modules loaded after this line (type stripping
// included) in its on-disk compile cache (NODE_COMPILE_CACHE or the OS temp directory),
// so a second run skips stripping and parsing; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
enableCompileCache()

const args = process.argv.slice(2)

const ranFast = args[0] === "cutoff" && args[1] === "preview" &&
  (await import("./commands/cutoff-preview-fast.ts")).runFastCutoffPreview(args.slice(2))

if (!ranFast) (await import("./cli.ts")).runCli()
