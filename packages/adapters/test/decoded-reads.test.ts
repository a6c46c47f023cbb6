/**
 * Every row `packages/adapters/src/app` reads is decoded by a schema (docs/architecture.md
 * "Each shape once"): `SqlSchema.findAll`/`findOne`/…, `decodedRows(Row)`
 * (`infra/database/decoded-rows.ts`) or a view's decoder. A statement typed by a cast
 * (`sql<Row>\`…\``, `storedNames<Row>\`…\``, `sql.unsafe<Row>(…)`) is refused: its row
 * type is a promise nobody checks, so a renamed column or a changed type would surface
 * far from the query as a wrong value instead of failing at it with the column's name.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"

const APP = fileURLToPath(new URL("../src/app", import.meta.url))

/**
 * Casts still allowed, as "<file relative to src/app>:<line text>" with the reason. None
 * today; an entry must say why its rows cannot be decoded.
 */
const ALLOWED: ReadonlyMap<string, string> = new Map<string, string>([])

/** A tagged template or `unsafe` call with type arguments (one level of nested `<…>`). */
const TYPED_STATEMENT = /[A-Za-z_$][\w$]*<[^<>`]*(?:<[^<>`]*>[^<>`]*)*>\s*`|\.unsafe<[^<>`]*(?:<[^<>`]*>[^<>`]*)*>\s*\(/g

/** The text without comments (a `//` after `:` is a URL, not a comment). */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1")

const castsIn = (text: string): Array<string> => [...code(text).matchAll(TYPED_STATEMENT)].map((match) => match[0])

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith(".ts") ? [path] : []
  })

describe("rows read in app are decoded, never cast", () => {
  it("no statement in src/app is typed by a cast", () => {
    const files = sourceFiles(APP)
    assert.isAbove(files.length, 50)
    const casts = files.flatMap((file) =>
      castsIn(readFileSync(file, "utf8")).map((cast) => `${relative(APP, file)}:${cast}`)
    ).filter((cast) => !ALLOWED.has(cast))
    assert.deepStrictEqual(casts, [])
  })

  it("the check catches each form of cast and lets decoded reads and generics through", () => {
    const planted = [
      "const rows = yield* sql<{ readonly id: string }>`select id from clients`",
      "const rows = yield* storedNames<StoredRoute>`select * from routes`",
      "const rows = yield* sql<{ readonly ids: ReadonlyArray<string> }>`select ids from x`",
      "const rows = yield* sql.unsafe<Row>(text, [])",
      "const rows = yield* sql<Row> `select 1`"
    ]
    for (const line of planted) assert.lengthOf(castsIn(line), 1, line)
    const allowed = [
      "const rows = yield* sql`select id from clients`.pipe(decodedRows(IdRow))",
      "const ids: Array<string> = []",
      "Effect.fn.Return<ReadonlyArray<ClientPhone>, DuplicatePhone>",
      "// sql<Row>`in a comment` is documentation",
      "const x = Option.none<{ readonly id: SyncRunId }>()"
    ]
    for (const line of allowed) assert.deepStrictEqual(castsIn(line), [], line)
  })
})
