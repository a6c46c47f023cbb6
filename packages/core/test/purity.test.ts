/**
 * `@quote/core` stays pure: no I/O modules, no other layers of the hexagon. Scans every
 * import/export-from/dynamic import in `packages/core/src/**\/*.ts`.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"

const SRC = fileURLToPath(new URL("../src", import.meta.url))

const FORBIDDEN: ReadonlyArray<readonly [RegExp, string]> = [
  [/^@quote\/(adapters|http|cli)(\/|$)/, "another layer of the hexagon"],
  [/^node:(?!crypto$)/, "a node: module other than node:crypto"],
  [/^(fs|net|http|https|child_process|dns|fs\/promises|http2|tls|dgram|worker_threads|cluster|os|process)(\/|$)/, "an I/O module"],
  [/^effect\/(sql|http|unstable\/http|process|platform)(\/|$)/, "an I/O part of effect"],
  [/^@effect\/(sql|sql-pg|platform|platform-node)(\/|$)/, "an I/O package"],
  [/^@electric-sql\/pglite(\/|$)/, "a database"],
  [/^(pg|postgres|bcrypt|nodemailer)(\/|$)/, "an adapter dependency"]
]

const ALLOWED_PACKAGES = /^(effect|libphonenumber-js|node:crypto)(\/|$)/

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith(".ts") ? [path] : []
  })

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g

const importsOf = (file: string): Array<string> => {
  // Comments may show imports in examples; drop block comments and whole-line comments.
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "")
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!).filter((s) => s !== undefined)
}

describe("purity of packages/core/src", () => {
  const files = sourceFiles(SRC)

  it("finds the sources", () => {
    assert.isAbove(files.length, 10)
  })

  it("imports nothing that does I/O or belongs to another layer", () => {
    const violations: Array<string> = []
    for (const file of files) {
      for (const specifier of importsOf(file)) {
        for (const [pattern, why] of FORBIDDEN) {
          if (pattern.test(specifier)) violations.push(`${relative(SRC, file)} imports "${specifier}" (${why})`)
        }
        if (!specifier.startsWith(".") && !ALLOWED_PACKAGES.test(specifier)) {
          violations.push(`${relative(SRC, file)} imports "${specifier}" (only effect, libphonenumber-js and node:crypto are allowed)`)
        }
      }
    }
    assert.deepStrictEqual(violations, [])
  })

  it("the scanner catches forbidden imports", () => {
    const sample = [
      'import { readFileSync } from "node:fs"',
      'import * as pg from "@effect/sql-pg"',
      'export { x } from "@quote/adapters/db"',
      'const m = await import("child_process")',
      'import type { SqlClient } from "effect/sql"',
      'import "dns"'
    ].join("\n")
    const found = [...sample.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3])
    assert.deepStrictEqual(found, ["node:fs", "@effect/sql-pg", "@quote/adapters/db", "child_process", "effect/sql", "dns"])
    for (const specifier of found) assert.isTrue(FORBIDDEN.some(([p]) => p.test(specifier!)), specifier)
  })
})
