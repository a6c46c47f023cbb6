/**
 * A newcomer reading docs/architecture.md finds every file and folder it names. Checked:
 *
 * - every `packages/…`, `test/…`, `docs/…`, `migrations/…`, `scripts/…`, `bench/…` path in
 *   the text, from the repository's root;
 * - every code span that looks like a path (has a `/` or a file extension), shorthand
 *   included: `middleware/edge-security.ts` must be the end of some file's path;
 * - every `@quote/<package>/<module>` specifier, to its source under `quote-source`.
 *
 * `<feature>`, `<concept>`, `*` stand for any name (at least one file must match), and
 * `{a,b}` for each of its members. A package specifier (`effect/sql`, `@effect/sql-pg`)
 * names no file and is skipped, and so is a build's output (`dist`).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const DOCS: ReadonlyArray<string> = ["docs/architecture.md"]
const SKIP_DIRS = new Set(["node_modules", "dist", ".git", "test-results", "playwright-report"])

const repositoryFiles = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP_DIRS.has(entry.name)) return []
    const path = join(dir, entry.name)
    return entry.isDirectory() ? repositoryFiles(path) : [relative(ROOT, path).split("\\").join("/")]
  })

/** Every dependency the workspace declares: a name that starts a specifier, not a path. */
const declaredPackages = (): ReadonlySet<string> => {
  const manifests = ["package.json", ...readdirSync(join(ROOT, "packages")).map((p) => `packages/${p}/package.json`)]
  return new Set(manifests.flatMap((file) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, file), "utf8")) as Record<string, Record<string, string> | undefined>
    return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]
  }))
}

const ROOTED = /^(packages|test|docs|migrations|scripts|bench|tools)\//
const PATH_TEXT = /(?<![\w./@-])((?:packages|docs|migrations)\/[\w.\-/<>*{},]*[\w>*}/])/g
const CODE_SPAN = /`([^`\n]+)`/g
const PATHLIKE = /^[\w.\-/<>*{},]+$/
const EXTENSION = /\.(ts|tsx|js|mjs|json|md|sql|css|html|yaml|yml)$/

const expand = (pattern: string): Array<string> => {
  const brace = /\{([^{}]*)\}/.exec(pattern)
  if (brace === null) return [pattern]
  return brace[1]!.split(",").flatMap((member) =>
    expand(pattern.slice(0, brace.index) + member + pattern.slice(brace.index + brace[0].length)))
}

/** A regular expression for one (brace-free) pattern; `rooted` anchors it at the repository's root. */
const matcher = (pattern: string, rooted: boolean): RegExp => {
  const body = pattern.replace(/[.+?^$()|[\]\\]/g, "\\$&").replace(/<[\w-]+>|\*/g, "[^/]+")
  // A folder (trailing `/` or no extension) matches the files below it.
  const tail = pattern.endsWith("/") ? "" : EXTENSION.test(pattern) || /\*$/.test(pattern) ? "$" : "(/|$)"
  return new RegExp(`${rooted ? "^" : "(^|/)"}${body}${tail}`)
}

/** The names in `text` a reader would look for, each with whether it is from the root. */
export const namedPaths = (text: string, packages: ReadonlySet<string>): Array<{ name: string; rooted: boolean }> => {
  const names = new Map<string, boolean>()
  for (const [, path] of text.matchAll(PATH_TEXT)) names.set(path!, true)
  for (const [, span] of text.matchAll(CODE_SPAN)) {
    const token = span!.trim()
    if (token.startsWith("@quote/")) {
      const [, pkg, sub] = /^@quote\/([\w-]+)(?:\/(.+))?$/.exec(token) ?? []
      if (pkg !== undefined) names.set(sub === undefined ? `packages/${pkg}/` : `packages/${pkg}/src/${sub}.ts`, true)
      continue
    }
    if (!PATHLIKE.test(token) || !/\w/.test(token) || (!token.includes("/") && !EXTENSION.test(token))) continue
    const first = token.split("/")[0]!
    if (packages.has(first) || token.startsWith("@") || token.startsWith(".")) continue
    names.set(token, ROOTED.test(token))
  }
  // A build's output (`packages/web/dist`) exists only after `npm run build`.
  return [...names].filter(([name]) => !name.split("/").includes("dist")).map(([name, rooted]) => ({ name, rooted }))
}

/** The names no file answers to. */
export const missingPaths = (
  names: ReadonlyArray<{ name: string; rooted: boolean }>,
  files: ReadonlyArray<string>
): Array<string> =>
  names.flatMap(({ name, rooted }) =>
    expand(name).filter((pattern) => {
      const re = matcher(pattern, rooted)
      return !files.some((file) => re.test(file))
    })
  )

describe("the files the docs name exist", () => {
  const files = repositoryFiles(ROOT)
  const packages = declaredPackages()

  for (const doc of DOCS) {
    it(`${doc} names only what exists`, () => {
      const names = namedPaths(readFileSync(join(ROOT, doc), "utf8"), packages)
      assert.isAbove(names.length, 20)
      assert.deepStrictEqual(missingPaths(names, files), [])
    })
  }

  it("the check catches a stale name", () => {
    const text = [
      "The cache is `packages/adapters/src/infra/cache/` and `packages/core/src/views/<feature>.ts`;",
      "its rule is `core/src/pricing.ts`, see `middleware/no-such-file.ts` and packages/core/src/errors/common.ts,",
      "`@quote/core/webhook-signature`, `packages/core/src/erp/{nit,no-such}.ts`."
    ].join("\n")
    const missing = missingPaths(namedPaths(text, packages), files)
    assert.deepStrictEqual(missing.sort(), [
      "core/src/pricing.ts",
      "middleware/no-such-file.ts",
      "packages/adapters/src/infra/cache/",
      "packages/core/src/erp/no-such.ts",
      "packages/core/src/errors/common.ts",
      "packages/core/src/views/<feature>.ts",
      "packages/core/src/webhook-signature.ts"
    ].sort())
    const present = "`packages/core/src/<feature>/errors.ts`, `middleware/edge-security.ts`, `effect/sql`, `infra/database`, " +
      "`@quote/core/preview`, `test/browser/*.spec.ts`, `packages/core/src/erp/{nit,erp-page}.ts`, docs/errors.md"
    assert.deepStrictEqual(missingPaths(namedPaths(present, packages), files), [])
  })
})
