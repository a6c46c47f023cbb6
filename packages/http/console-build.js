// The web console's first-start build, run by `start.js` before the service loads
// (docs/console.md "How the service serves the console"). Plain JavaScript for the same
// reason as `start.js`: nothing here may load TypeScript.
//
// It builds (`npm run build -w @quote/web`, Vite's output shown on stderr so stdout keeps
// the service's JSON log lines) only when `packages/web/dist/index.html` is missing or
// older than the newest source: a walk of file modification times under
// `packages/web/src`, `public`, `index.html` and `vite.config.ts` — a few milliseconds,
// so a restart with an up-to-date build stays within its 3 s (docs/performance.md).
// With `CONSOLE_DIR` set the service serves someone else's build: nothing is built.
// A failed build never stops the service: the API starts, `/` answers 503, one line says so.
import { spawnSync } from "node:child_process"
import { readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../..", import.meta.url))
const web = join(root, "packages/web")
const sources = ["src", "public", "index.html", "vite.config.ts"].map((entry) => join(web, entry))
const builtIndex = join(web, "dist/index.html")
const buildCommand = "npm run build -w @quote/web"

/** Modification time in ms, or undefined when the path does not exist. */
const modifiedAt = (path) => {
  try {
    return statSync(path).mtimeMs
  } catch {
    return undefined
  }
}

/** The newest modification time of a file or of any file under a directory. */
const newestUnder = (path) => {
  let info
  try {
    info = statSync(path)
  } catch {
    return undefined
  }
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    // Directories too: a deleted file changes only its directory's time.
    if (entry.isFile() || entry.isDirectory()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/** Why the console needs building, or undefined when its build is up to date (or not ours). */
export const staleReason = () => {
  if (process.env.CONSOLE_DIR !== undefined && process.env.CONSOLE_DIR !== "") return undefined
  const newestSource = sources.map(newestUnder).reduce((a, b) => (b === undefined ? a : Math.max(a ?? b, b)), undefined)
  // No sources (an installation without the console's code): nothing to build from.
  if (newestSource === undefined) return undefined
  const built = modifiedAt(builtIndex)
  if (built === undefined) return "no build yet"
  return built < newestSource ? "its sources changed since the last build" : undefined
}

export const buildConsoleIfStale = () => {
  const reason = staleReason()
  if (reason === undefined) return
  process.stderr.write(`Building the web console (${reason}): ${buildCommand}\n`)
  // npm's own entry when started by npm (the same npm and Node), else the npm on the PATH.
  const npm = process.env.npm_execpath
  const [command, args] = npm !== undefined && npm.endsWith(".js")
    ? [process.execPath, [npm, "run", "build", "-w", "@quote/web"]]
    : ["npm", ["run", "build", "-w", "@quote/web"]]
  const result = spawnSync(command, args, { cwd: root, stdio: ["ignore", 2, 2] })
  if (result.status !== 0) {
    const cause = result.error?.message ?? `exit code ${result.status ?? result.signal}`
    process.stderr.write(
      `The web console could not be built (${cause}); the API starts anyway and / answers 503 until \`${buildCommand}\` succeeds\n`
    )
  }
}
