/**
 * `packages/core/src` is laid out by feature (docs/architecture.md, "Find it in one hop"):
 *
 * - directly in `src` only the package's entry points, `index.ts` and `preview.ts` (the
 *   `"."` and `"./preview"` of package.json's `exports`); every other module sits in a
 *   folder, `src/<feature>/<concept>.ts`, imported as `@quote/core/<feature>/<concept>`;
 * - no folder by kind (`errors/`, `views/`, `utils/`, …): a feature's error classes and
 *   resource shapes sit in its own folder, beside its rules;
 * - every `Schema.TaggedError` is declared in its feature folder's `errors.ts`;
 * - what every feature uses (ids, instants, patches, secrets, the app's configuration,
 *   the common errors and field schemas) is the one folder `shared/`.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"

const SRC = fileURLToPath(new URL("../src", import.meta.url))
const MANIFEST = fileURLToPath(new URL("../package.json", import.meta.url))

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith(".ts") ? [path] : []
  })

/** The modules allowed directly in `src`: the package's named entry points. */
const ENTRY_POINTS: ReadonlyArray<string> = ["index.ts", "preview.ts"]

/** Folders named for a kind of code rather than a feature. */
const KIND_FOLDERS: ReadonlyArray<string> = [
  "errors", "views", "types", "models", "schemas", "utils", "util", "helpers", "lib", "common", "misc"
]

const ERROR_CLASS = /\bSchema\.TaggedError\s*</

/** What is wrong with a module at `path` (relative to `src`, `/`-separated) holding `text`. */
export const layoutViolations = (path: string, text: string): Array<string> => {
  const segments = path.split("/")
  const violations: Array<string> = []
  if (segments.length === 1 && !ENTRY_POINTS.includes(path)) {
    violations.push(`${path}: a flat module; move it into its feature folder (or shared/)`)
  }
  const kind = segments.slice(0, -1).find((folder) => KIND_FOLDERS.includes(folder))
  if (kind !== undefined) violations.push(`${path}: "${kind}/" is a folder by kind; put the file beside its feature's rules`)
  if (ERROR_CLASS.test(text) && segments.length > 1 && segments.at(-1) !== "errors.ts") {
    violations.push(`${path}: an error class outside its folder's errors.ts`)
  }
  if (ERROR_CLASS.test(text) && segments.length === 1) violations.push(`${path}: an error class in an entry point`)
  return violations
}

describe("packages/core/src is laid out by feature", () => {
  const modules = sourceFiles(SRC).map((file) => ({
    path: relative(SRC, file).split("\\").join("/"),
    text: readFileSync(file, "utf8")
  }))

  it("the entry points are the package's exports", () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as {
      exports: Record<string, { readonly "quote-source": string }>
    }
    const named = Object.entries(manifest.exports).filter(([key]) => !key.includes("*"))
      .map(([, target]) => target["quote-source"].replace(/^\.\/src\//, ""))
    assert.deepStrictEqual([...named].sort(), [...ENTRY_POINTS].sort())
    // The rest is reached through "./*": `@quote/core/<feature>/<concept>`.
    assert.strictEqual(manifest.exports["./*"]?.["quote-source"], "./src/*.ts")
  })

  it("every module keeps the layout", () => {
    assert.isAbove(modules.length, 100)
    assert.deepStrictEqual(modules.flatMap(({ path, text }) => layoutViolations(path, text)), [])
  })

  it("shared/ exists and error classes are declared in errors.ts files", () => {
    assert.isTrue(modules.some(({ path }) => path.startsWith("shared/")))
    assert.isTrue(modules.some(({ path }) => path === "shared/errors.ts"))
    assert.isAbove(modules.filter(({ path }) => path.endsWith("/errors.ts")).length, 5)
  })

  it("the rule catches each kind of violation", () => {
    const errorClass = 'export class RouteNotFound extends Schema.TaggedError<RouteNotFound>()("RouteNotFound", {}) {}'
    const planted: ReadonlyArray<readonly [string, string]> = [
      ["pricing.ts", "export const priceProduct = () => 0"],
      ["webhook-signature.ts", "export const sign = () => ''"],
      ["errors/routes.ts", "export const x = 1"],
      ["views/clients.ts", "export const Client = 1"],
      ["routes/utils/x.ts", "export const x = 1"],
      ["routes/route-rules.ts", errorClass],
      ["index.ts", errorClass]
    ]
    for (const [path, text] of planted) assert.lengthOf(layoutViolations(path, text), 1, path)
    const allowed: ReadonlyArray<readonly [string, string]> = [
      ["index.ts", 'export * from "./shared/ids.ts"'],
      ["preview.ts", "export const cutoffPreview = () => 0"],
      ["shared/ids.ts", "export const Uuid = 1"],
      ["routes/errors.ts", errorClass],
      ["calendar/iso-instant.ts", "export class InvalidInstantError extends Error {}"]
    ]
    for (const [path, text] of allowed) assert.deepStrictEqual(layoutViolations(path, text), [], path)
  })
})
