/**
 * `@quote/api` is a contract a consumer installs on its own: it depends on `effect` and
 * `@quote/core` only (never on the server's packages), imports no `node:` module, and
 * the promise client (`@quote/api/client`), followed through every module it loads from
 * this package and from core, reaches none either, so it runs in browsers and workers.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"

const SRC = fileURLToPath(new URL("../src", import.meta.url))
const CORE_SRC = fileURLToPath(new URL("../../core/src", import.meta.url))
const PACKAGES = fileURLToPath(new URL("../..", import.meta.url))

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g

const importsOf = (file: string): Array<string> => {
  // Comments show imports in examples; only code counts.
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "")
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]!)
}

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith(".ts") ? [path] : []
  })

const ALLOWED = /^(effect|@quote\/core)(\/|$)/

/** The source file a specifier names, for this package's and core's modules; else undefined. */
const sourceOf = (from: string, specifier: string): string | undefined => {
  if (specifier.startsWith(".")) return resolve(dirname(from), specifier)
  if (specifier === "@quote/core") return join(CORE_SRC, "index.ts")
  if (specifier === "@quote/core/preview") return join(CORE_SRC, "preview.ts")
  if (specifier.startsWith("@quote/core/")) return join(CORE_SRC, `${specifier.slice("@quote/core/".length)}.ts`)
  return undefined
}

/** Every module `entry` loads, transitively, within this package and core; bare specifiers apart. */
const closureOf = (entry: string) => {
  const files = new Set<string>()
  const external = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const specifier of importsOf(file)) {
      const source = sourceOf(file, specifier)
      if (source === undefined) external.add(specifier)
      else visit(source)
    }
  }
  visit(entry)
  return { files, external }
}

describe("purity of packages/api", () => {
  const files = sourceFiles(SRC)

  it("imports only effect, @quote/core and its own modules", () => {
    assert.isAbove(files.length, 20)
    const violations = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => !specifier.startsWith(".") && !ALLOWED.test(specifier))
        .map((specifier) => `${relative(SRC, file)} imports "${specifier}"`)
    )
    assert.deepStrictEqual(violations, [])
  })

  it("declares only effect and @quote/core as dependencies", () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGES, "api/package.json"), "utf8")) as {
      dependencies: Record<string, string>
    }
    assert.deepStrictEqual(Object.keys(manifest.dependencies).sort(), ["@quote/core", "effect"])
  })

  it("the client entry reaches no node: module, through core too", () => {
    const { files: reached, external } = closureOf(join(SRC, "client.ts"))
    for (const file of reached) assert.isTrue(existsSync(file), `${file} (imported) exists`)
    // It does reach core (the cutoff status schema), so the walk is followed through it.
    assert.isTrue([...reached].some((file) => file.startsWith(CORE_SRC)))
    assert.deepStrictEqual([...external].filter((specifier) => !/^effect(\/|$)/.test(specifier)), [])
  })

  it("the walk would notice a node: import in core", () => {
    // `shared/secrets.ts` uses node:crypto: reached from an entry, it shows up as external.
    const { external } = closureOf(join(CORE_SRC, "shared/secrets.ts"))
    assert.include([...external], "node:crypto")
  })
})
