/** Where the browser tests write what a person reads afterwards (test-results/ is gitignored). */
import { join } from "node:path"
import { root } from "../../support/server-process.ts"

/** The server's output, written by the global setup as it comes. */
export const serverLogFile = join(root, "test-results/browser-server.log")

/** Page screenshots of every spec, by project (desktop, phone). */
export const screensDir = join(root, "test-results/screens")
