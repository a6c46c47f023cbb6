/**
 * `cli import` at scale: N clients (default 100 000; `IMPORT_BENCH_ROWS`) with one or two
 * phones each, imported from a CSV file by the importer, against PostgreSQL's own `COPY`
 * of the same rows into the same tables (`psql \copy` of the clients and of their
 * already-normalized phones, in one transaction), measured in this run on two fresh
 * databases cloned from the migrated template with the test scenarios seeded. The
 * database triggers run in both (one `client.created` per client). Target: the import
 * takes ≤ 2× the COPY. Also printed: the importer's heap growth (memory stays flat: the
 * file is streamed and written in batches).
 *
 * Needs PostgreSQL: `BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else
 * `postgres://postgres@127.0.0.1:5432/postgres`, and `psql` on the PATH.
 * `npm run bench -- import` runs it; `runImportBench({ rows })` runs a smaller one.
 */
import { Config, Effect, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { execFile } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { Importer } from "../packages/adapters/src/app/import/importer.ts"
import { ImporterLive } from "../packages/adapters/src/live/import-live.ts"
import * as Postgres from "../packages/adapters/src/infra/database/postgres.ts"
import { seedScenarios } from "../packages/adapters/src/dev/seed/scenarios.ts"
import { postgresTestDatabase } from "../packages/adapters/src/dev/test-database/database-templates.ts"
import type { BenchResult } from "./run.ts"

const TARGET = 2

const databaseUrl = Config.String("BENCH_DATABASE_URL").pipe(
  Config.orElse(() => Config.String("TEST_DATABASE_URL")),
  Config.withDefault("postgres://postgres@127.0.0.1:5432/postgres")
)
const defaultRows = Config.Int("IMPORT_BENCH_ROWS").pipe(Config.withDefault(100_000))

/** A Colombian mobile number, as people type it (the importer normalizes it). */
const mobile = (i: number, second: boolean) => `3${second ? "1" : "0"}${String(i).padStart(8, "0")}`
const typed = (digits: string) => `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`

interface Files {
  readonly importCsv: string
  readonly copyClients: string
  readonly copyPhones: string
}

/** The same rows three ways: the import file, and COPY's two files (ids and E.164 numbers resolved). */
const writeFiles = (dir: string, rows: number, companyId: string, branchId: string): Files => {
  const importLines = ["nit,name,email,company_nit,branch_name,phones"]
  const clientLines: Array<string> = []
  const phoneLines: Array<string> = []
  for (let i = 0; i < rows; i++) {
    const id = randomUUID()
    const nit = `7${String(i).padStart(9, "0")}`
    const name = `Cliente de carga ${i}`
    const email = `cliente${i}@carga.example.com`
    const phones = i % 2 === 0 ? [mobile(i, false)] : [mobile(i, false), mobile(i, true)]
    importLines.push(`${nit},${name},${email},900100001,Sede Norte,${phones.map((p, k) => k === 0 ? `${typed(p)}#Principal` : typed(p)).join("|")}`)
    clientLines.push(`${id},${nit},${name},${email},${companyId},${branchId}`)
    phones.forEach((p, k) => phoneLines.push(`${id},+57${p},${k === 0 ? "Principal" : ""}`))
  }
  const files = { importCsv: join(dir, "clients.csv"), copyClients: join(dir, "copy-clients.csv"), copyPhones: join(dir, "copy-phones.csv") }
  writeFileSync(files.importCsv, `${importLines.join("\n")}\n`)
  writeFileSync(files.copyClients, `${clientLines.join("\n")}\n`)
  writeFileSync(files.copyPhones, `${phoneLines.join("\n")}\n`)
  return files
}

const run = promisify(execFile)

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const start = performance.now()
  await work()
  return performance.now() - start
}

export const runImportBench = (options?: { readonly rows?: number }): Promise<BenchResult> =>
  Effect.gen(function*() {
    const rows = options?.rows ?? (yield* defaultRows)
    const adminUrl = Redacted.make(yield* databaseUrl)
    const copyDatabase = yield* postgresTestDatabase(adminUrl)
    const importDatabase = yield* postgresTestDatabase(adminUrl)
    const dir = mkdtempSync(join(tmpdir(), "import-bench-"))
    yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))

    const copyLayer = Postgres.layer({ url: copyDatabase.url, applicationName: "quote-bench" })
    const importLayer = ImporterLive.pipe(Layer.provideMerge(Postgres.layer({ url: importDatabase.url, applicationName: "quote-bench" })))
    const seed = seedScenarios({ adminPassword: "bench-admin-password" })
    const [placement] = yield* Effect.gen(function*() {
      yield* seed
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      return yield* sql<{ readonly company_id: string; readonly id: string }>`
        select b.company_id, b.id from branches b join companies c on c.id = b.company_id
         where c.nit = '900100001' and b.name = 'Sede Norte'`
    }).pipe(Effect.provide(copyLayer))
    const files = writeFiles(dir, rows, placement!.company_id, placement!.id)

    const copyMillis = yield* Effect.promise(() =>
      timed(() =>
        run("psql", [
          Redacted.value(copyDatabase.url), "-q", "-v", "ON_ERROR_STOP=1", "-1",
          "-c", `\\copy clients (id, nit, name, email, company_id, branch_id) from '${files.copyClients}' with (format csv)`,
          "-c", `\\copy client_phones (client_id, phone, label) from '${files.copyPhones}' with (format csv)`
        ])
      )
    )

    const { heapGrowthMb, importMillis, outcome } = yield* Effect.gen(function*() {
      yield* seed
      const importer = yield* Importer
      const heapBefore = process.memoryUsage().heapUsed
      let heapPeak = heapBefore
      const start = performance.now()
      const outcome = yield* importer.run([{ kind: "clients", path: files.importCsv, format: "csv" }], {
        dryRun: false,
        onProgress: () => Effect.sync(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)))
      })
      const importMillis = performance.now() - start
      return { outcome, importMillis, heapGrowthMb: (heapPeak - heapBefore) / 1024 / 1024 }
    }).pipe(Effect.provide(importLayer))
    if (!outcome.written) throw new Error(`the import was refused: ${JSON.stringify(outcome.problems.slice(0, 3))}`)
    const created = outcome.files[0]?.counts.clients?.created ?? 0
    if (created !== rows) throw new Error(`expected ${rows} clients created, got ${created}`)

    const ratio = importMillis / copyMillis
    return {
      name: `import: ${rows.toLocaleString("en-US")} clients with phones, against COPY`,
      ratio,
      targetText: `≤ ${TARGET}× COPY`,
      pass: ratio <= TARGET,
      figures: {
        "COPY ms": Math.round(copyMillis),
        "import ms": Math.round(importMillis),
        "import rows/s": Math.round(rows / (importMillis / 1000)),
        "importer heap growth MB (peak)": Math.round(heapGrowthMb)
      }
    } satisfies BenchResult
  }).pipe(Effect.scoped, Effect.runPromise)

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runImportBench()
  console.log(result)
}
