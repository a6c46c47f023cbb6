/**
 * Reads the import specifiers of TypeScript sources as text (static imports, re-exports,
 * dynamic `import()` and `require`), for the tests that hold the layering rules.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

export const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g

/** Every `.ts` and `.tsx` file below `dir`. */
export const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(entry.name) ? [path] : []
  })

/** The specifiers `text` imports; comments (which may show imports in examples) are skipped. */
export const specifiersIn = (text: string): Array<string> =>
  [...text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "").matchAll(IMPORT)]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((s): s is string => s !== undefined)

export const importsOf = (file: string): Array<string> => specifiersIn(readFileSync(file, "utf8"))
