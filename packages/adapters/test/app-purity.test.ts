/**
 * The other side of `packages/core/test/purity.test.ts`: a module under
 * `packages/adapters/src/app` must be adapter code. It qualifies, read from its text
 * (comments dropped), when it
 *
 * 1. declares a service: `Context.Service`, `Context.Tag` or `Context.Reference`;
 * 2. builds a layer: a `Layer.` call;
 * 3. uses the database: imports `effect/sql` (a type-only import counts: its effects need
 *    a `SqlClient`), declares stored rows (a `Schema` field in snake_case, i.e. a column),
 *    or holds SQL text (a select list or statement the services run);
 * 4. imports an I/O module: a `node:` module, an adapter package (bcrypt, jose, pg, …),
 *    or a module under `src/infra/`;
 * 5. or imports an app module that qualifies.
 *
 * Anything else takes plain data and does no I/O: it belongs in `packages/core` (or,
 * when it only serves SQL, in `src/infra/database`). See docs/architecture.md "Purity,
 * both ways".
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"

const SRC = fileURLToPath(new URL("../src", import.meta.url))
const APP = join(SRC, "app")
const INFRA = join(SRC, "infra")

/**
 * Pure modules not moved yet, each with its reason. An entry that is no longer there or
 * no longer pure fails the test, so the list only shrinks.
 */
const PENDING: ReadonlyMap<string, string> = new Map<string, string>([])

const DECLARES_SERVICE = /\bContext\.(Service|Tag|Reference)\b/
const BUILDS_LAYER = /\bLayer\.\w+/
const STORED_ROW_FIELD = /\b[a-z][a-z0-9]*_[a-z0-9_]+\s*:\s*Schema\./
const SQL_TEXT = /\b(select\s[\s\S]+?\sfrom|insert\s+into|delete\s+from|update\s+[a-z_]+\s+set)\s/i
const IO_SPECIFIER =
  /^(node:|effect\/(sql|http|unstable|platform)(\/|$)|@effect\/(sql|sql-pg|platform|platform-node)(\/|$)|@electric-sql\/pglite|(bcrypt|jose|nodemailer|pg|postgres)(\/|$)|@quote\/adapters\/infra\/)/

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g

/** The text without comments (a `//` after `:` is a URL, not a comment). */
const code = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1")

const importsOf = (text: string): Array<string> => [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]!)

/** Why a module text is adapter code by itself (rules 1–4, with relative imports resolved from `file`). */
const ownReasons = (text: string, file: string): Array<string> => {
  const body = code(text)
  const reasons: Array<string> = []
  if (DECLARES_SERVICE.test(body)) reasons.push("declares a service")
  if (BUILDS_LAYER.test(body)) reasons.push("builds a layer")
  if (STORED_ROW_FIELD.test(body)) reasons.push("declares stored rows")
  if (SQL_TEXT.test(body)) reasons.push("holds SQL text")
  for (const specifier of importsOf(body)) {
    const target = specifier.startsWith(".") ? resolve(dirname(file), specifier) : undefined
    if (IO_SPECIFIER.test(specifier) || (target !== undefined && target.startsWith(INFRA))) {
      reasons.push(`imports ${specifier}`)
    }
  }
  return reasons
}

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith(".ts") ? [path] : []
  })

/** The app modules that qualify by no rule (rule 5 applied until nothing changes). */
const pureModules = (files: ReadonlyArray<string>, read: (file: string) => string): Array<string> => {
  const texts = new Map(files.map((file) => [file, read(file)]))
  const adapter = new Set(files.filter((file) => ownReasons(texts.get(file)!, file).length > 0))
  let grew = true
  while (grew) {
    grew = false
    for (const file of files) {
      if (adapter.has(file)) continue
      const imported = importsOf(code(texts.get(file)!))
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => resolve(dirname(file), specifier))
      if (imported.some((target) => adapter.has(target))) {
        adapter.add(file)
        grew = true
      }
    }
  }
  return files.filter((file) => !adapter.has(file)).map((file) => relative(APP, file))
}

describe("packages/adapters/src/app holds no business rules", () => {
  const files = sourceFiles(APP)

  it("finds the sources", () => {
    assert.isAbove(files.length, 40)
  })

  it("every module does I/O, declares a service or builds a layer (else it belongs in core)", () => {
    const pure = pureModules(files, (file) => readFileSync(file, "utf8"))
    assert.deepStrictEqual(pure.filter((file) => !PENDING.has(file)), [])
  })

  it("every pending entry is still there and still pure", () => {
    const pure = new Set(pureModules(files, (file) => readFileSync(file, "utf8")))
    for (const file of PENDING.keys()) assert.isTrue(pure.has(file), `${file} is no longer a pure app module: drop it from PENDING`)
  })
})

describe("the classifier", () => {
  const at = (name: string) => join(APP, "sample", name)
  const classify = (modules: Record<string, string>) =>
    pureModules(Object.keys(modules).map(at), (file) => modules[relative(join(APP, "sample"), file)]!)

  it("flags a pure helper, even one that imports core and effect", () => {
    const helper = [
      "/** Uses Layer.succeed and Context.Service only in this comment. */",
      'import { Result } from "effect"',
      'import { ValidationError } from "@quote/core/shared/errors"',
      "// sql`select 1` from \"effect/sql\"",
      'export const positive = (n: number) => n > 0 ? Result.succeed(n) : Result.fail(new ValidationError({ message: "https://x" }))'
    ].join("\n")
    assert.deepStrictEqual(classify({ "helper.ts": helper }), ["sample/helper.ts"])
  })

  it("accepts each kind of adapter code, and a module that imports one", () => {
    const modules = {
      "service.ts": 'import { Context } from "effect"\nexport class S extends Context.Service<S, {}>()("S") {}',
      "layer.ts": 'import { Layer } from "effect"\nexport const live = Layer.empty',
      "database.ts": 'import type { SqlClient } from "effect/sql"\nexport type Needs = SqlClient.SqlClient',
      "rows.ts": 'import { Schema } from "effect"\nexport const Row = Schema.Struct({ created_at: Schema.Date })',
      "select.ts": "export const select = `select c.id, c.name\n  from clients c`",
      "node.ts": 'import { randomUUID } from "node:crypto"\nexport const id = () => randomUUID()',
      "package.ts": 'import bcrypt from "bcrypt"\nexport const hash = (p: string) => bcrypt.hash(p, 10)',
      "infra.ts": 'import { jsonb } from "../../infra/database/type-mapping.ts"\nexport const j = jsonb',
      "uses-service.ts": 'import { S } from "./service.ts"\nexport const s = S'
    }
    assert.deepStrictEqual(classify(modules), [])
  })
})
