/**
 * `openapi-typescript`, run from its own install in `tools/openapi-typescript`: it drives
 * TypeScript 5's compiler API, which the workspace's TypeScript 7 no longer has. The
 * install is made on first use (`npm ci` there).
 */
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const tool = fileURLToPath(new URL("../tools/openapi-typescript", import.meta.url))
const cli = join(tool, "node_modules/openapi-typescript/bin/cli.js")

const run = (command: string, args: ReadonlyArray<string>, cwd: string) => {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" })
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited ${result.status}\n${result.stdout}${result.stderr}`)
  }
}

/** Writes to `outputFile` the TypeScript types `openapi-typescript` generates from the OpenAPI document in `documentFile`. */
export const generateOpenApiTypes = (documentFile: string, outputFile: string, options: ReadonlyArray<string> = []) => {
  if (!existsSync(cli)) run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], tool)
  run(process.execPath, [cli, documentFile, "-o", outputFile, ...options], tool)
}
