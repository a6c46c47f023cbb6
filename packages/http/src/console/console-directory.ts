/**
 * Where the web console's build is: `CONSOLE_DIR` when set (relative to the working
 * directory), else Vite's output in the workspace, `packages/web/dist` — found from this
 * module's own location, so it does not depend on where the process was started.
 * `packages/http/start.js` knows the same default (it builds there when stale).
 */
import * as Option from "effect/Option"
import { resolve } from "node:path"
import { fileURLToPath } from "node:url"

export const defaultConsoleDirectory = fileURLToPath(new URL("../../../web/dist", import.meta.url))

export const consoleDirectory = (configured: Option.Option<string>): string =>
  resolve(Option.getOrElse(configured, () => defaultConsoleDirectory))
