/**
 * The fast path of `cutoff preview`: `main.ts` hands it the arguments after
 * `cutoff preview` before loading `effect/cli` (which alone costs about eight times a
 * bare Node start). It reads the flags by hand and, when they are plainly what the
 * `effect/cli` command would read, runs the same `runCutoffPreview`, so the output and
 * exit code are the same.
 *
 * Anything it is not sure about — `--help`, an unknown or repeated flag, a missing
 * required flag or value, a value starting with `-`, `--json` with a value — it
 * declines (returns `false`), and `main.ts` lets `effect/cli` handle the command as
 * always, with its own messages.
 */
import { type CutoffPreviewFlags, runCutoffPreview } from "./cutoff-preview-run.ts"

type StringFlag = Exclude<keyof CutoffPreviewFlags, "json">

const STRING_FLAGS: Readonly<Record<string, StringFlag>> = {
  "--days": "days",
  "--frequency": "frequency",
  "--anchor-date": "anchorDate",
  "--cutoff-days-before": "cutoffDaysBefore",
  "--cutoff-time": "cutoffTime",
  "--at": "at"
}

/** The flags after `cutoff preview`, or `undefined` when `effect/cli` should read them. */
export const readFastPreviewFlags = (args: ReadonlyArray<string>): CutoffPreviewFlags | undefined => {
  const values = new Map<StringFlag, string>()
  let json = false
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--json") {
      if (json) return undefined
      json = true
      continue
    }
    const equals = arg.indexOf("=")
    const name = equals === -1 ? arg : arg.slice(0, equals)
    const flag = Object.hasOwn(STRING_FLAGS, name) ? STRING_FLAGS[name] : undefined
    if (flag === undefined || values.has(flag)) return undefined
    const value = equals === -1 ? args[++i] : arg.slice(equals + 1)
    // effect/cli's lexer gives such values its own meaning (an option, a negative number).
    if (value === undefined || value.startsWith("-")) return undefined
    values.set(flag, value)
  }
  const days = values.get("days")
  const frequency = values.get("frequency")
  const cutoffDaysBefore = values.get("cutoffDaysBefore")
  const cutoffTime = values.get("cutoffTime")
  if (days === undefined || frequency === undefined || cutoffDaysBefore === undefined || cutoffTime === undefined) {
    return undefined
  }
  return {
    days,
    frequency,
    anchorDate: values.get("anchorDate"),
    cutoffDaysBefore,
    cutoffTime,
    at: values.get("at"),
    json
  }
}

/** Where the fast path writes; the process's streams unless a test passes its own. */
export interface FastOutput {
  readonly out: (line: string) => void
  readonly err: (line: string) => void
  readonly exit: (code: number) => void
}

const processOutput: FastOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  exit: (code) => {
    process.exitCode = code
  }
}

/**
 * Runs `cutoff preview` without `effect/cli` when it can (see the module doc). Returns
 * whether it did; on `false` nothing was printed.
 */
export const runFastCutoffPreview = (
  args: ReadonlyArray<string>,
  now: number = Date.now(),
  output: FastOutput = processOutput
): boolean => {
  const flags = readFastPreviewFlags(args)
  if (flags === undefined) return false
  const outcome = runCutoffPreview(flags, now)
  if (outcome.ok) {
    output.out(outcome.stdout)
  } else {
    output.err(`${outcome.code}: ${outcome.message}`)
    output.exit(outcome.exitCode)
  }
  return true
}
