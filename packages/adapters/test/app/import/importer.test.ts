/**
 * `cli import` / `cli export` as services, on the test scenarios' catalog: the sample
 * files of docs/import-samples import cleanly and a second import changes nothing (no
 * webhook event); a file with five bad rows reports all five and writes nothing; a
 * changed phone records one `client.updated ["phones"]`; semicolon CSV with a BOM; the
 * export → import round trip of every kind, CSV and JSON.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { IMPORT_KINDS, type ImportFormat, type ImportKind } from "@quote/core/import/import-kind"
import { Exporter } from "../../../src/app/import/exporter.ts"
import { ExporterLive, ImporterLive } from "../../../src/live/import-live.ts"
import { type ImportFile, Importer, totalCounts } from "../../../src/app/import/importer.ts"
import { seedScenarios } from "../../../src/dev/seed/scenarios.ts"
import { TestDatabase } from "../../../src/dev/test-database/test-database.ts"

const SAMPLES = fileURLToPath(new URL("../../../../../docs/import-samples/", import.meta.url))
const Services = Layer.mergeAll(ImporterLive, ExporterLive).pipe(Layer.provideMerge(TestDatabase.layer))

const scratch = mkdtempSync(join(tmpdir(), "import-test-"))
const fileWith = (name: string, text: string): string => {
  const path = join(scratch, name)
  writeFileSync(path, text)
  return path
}

const samples: Array<ImportFile> = IMPORT_KINDS.map((kind) => ({ kind, path: join(SAMPLES, `${kind}.csv`), format: "csv" }))

const importFiles = (files: ReadonlyArray<ImportFile>, dryRun = false) =>
  Effect.flatMap(Importer, (importer) => importer.run(files, { dryRun }))

const lastEventSeq = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const [row] = yield* sql<{ readonly seq: number }>`select coalesce(max(seq), 0)::int as seq from webhook_events`
  return row!.seq
})

const eventsAfter = (seq: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<{ readonly type: string; readonly entityId: string; readonly changes: ReadonlyArray<string> }>`
      select type, entity_id, changes from webhook_events where seq > ${seq} order by seq`
  })

layer(Services, { excludeTestServices: true })("import", (it) => {
  it.effect("the sample files import cleanly; a second import is all unchanged and records no event", () =>
    Effect.gen(function*() {
      yield* seedScenarios({ adminPassword: "admin-password" })
      const first = yield* importFiles(samples)
      assert.deepStrictEqual(first.problems, [])
      assert.isTrue(first.written)
      assert.deepStrictEqual(totalCounts(first), {
        routes: { created: 2, updated: 0, unchanged: 0 },
        companies: { created: 2, updated: 0, unchanged: 0 },
        branches: { created: 3, updated: 0, unchanged: 0 },
        priceLists: { created: 1, updated: 0, unchanged: 0 },
        clients: { created: 3, updated: 0, unchanged: 0 },
        promotions: { created: 2, updated: 0, unchanged: 0 }
      })
      const sql = yield* SqlClient.SqlClient
      const phones = yield* sql<{ readonly nit: string; readonly phone: string; readonly label: string | null }>`
        select c.nit, p.phone, p.label from client_phones p join clients c on c.id = p.client_id
         where c.nit in ('900200001', '1020304050', '900200002') order by c.nit, p.phone`
      assert.deepStrictEqual(phones.map((p) => [p.nit, p.phone, p.label]), [
        ["1020304050", "+573155550103", null],
        ["900200001", "+573005550101", "Compras"],
        ["900200001", "+573105550102", null],
        ["900200002", "+573205550104", "Dueño"]
      ])
      const [route] = yield* sql<{ readonly advisor: string; readonly days: ReadonlyArray<number> }>`
        select u.email as advisor, r.operation_days as days from routes r join users u on u.id = r.advisor_id
         where r.name = 'Sur quincenal'`
      assert.deepStrictEqual([route!.advisor, route!.days], ["asesor@example.com", [3]])

      const seq = yield* lastEventSeq
      const second = yield* importFiles(samples)
      assert.deepStrictEqual(second.problems, [])
      for (const counts of Object.values(totalCounts(second))) {
        assert.strictEqual(counts.created + counts.updated, 0)
      }
      assert.strictEqual(totalCounts(second).clients!.unchanged, 3)
      assert.deepStrictEqual(yield* eventsAfter(seq), [])
    }))

  it.effect("a file with five bad rows reports all five with their lines and writes nothing", () =>
    Effect.gen(function*() {
      yield* seedScenarios({ adminPassword: "admin-password" })
      const sql = yield* SqlClient.SqlClient
      const path = fileWith("bad-clients.csv", [
        "nit,name,company_nit,branch_name,price_list,phones",
        "800300001,Bueno Uno,900100001,Sede Norte,,3001112233",
        "800300002,Teléfono malo,900100001,Sede Norte,,601 234 5678",
        "800300003,Sucursal desconocida,900100001,Sede Oeste,,",
        "800300001,NIT repetido,900100001,Sede Norte,,",
        "800300004,Lista desconocida,900100001,Sede Norte,Lista Fantasma,",
        "800300005,,900100001,Sede Norte,,",
        "800300006,Bueno Dos,900100002,Sede Principal,,3001112244"
      ].join("\n"))
      const seq = yield* lastEventSeq
      const outcome = yield* importFiles([{ kind: "clients", path, format: "csv" }])
      assert.isFalse(outcome.written)
      assert.deepStrictEqual(outcome.problems.map((p) => [p.file, p.line, p.code]), [
        [path, 3, "INVALID_PHONE"],
        [path, 4, "BRANCH_NOT_FOUND"],
        [path, 5, "DUPLICATE_NIT"],
        [path, 6, "PRICE_LIST_NOT_FOUND"],
        [path, 7, "VALIDATION_ERROR"]
      ])
      const written = yield* sql`select 1 from clients where nit like '8003000%'`
      assert.strictEqual(written.length, 0)
      assert.deepStrictEqual(yield* eventsAfter(seq), [])
    }))

  it.effect("calendars are judged by core: INVALID_SCHEDULE, with the line", () =>
    Effect.gen(function*() {
      const path = fileWith("bad-routes.csv", [
        "name,operation_days,frequency,anchor_date,cutoff_days_before,cutoff_time",
        "Ruta sin ancla,3,biweekly,,1,17:00",
        "Ruta cerrada,1,weekly,,7,17:00",
        "Ruta buena,1|2,weekly,,1,17:00"
      ].join("\n"))
      const outcome = yield* importFiles([{ kind: "routes", path, format: "csv" }])
      assert.deepStrictEqual(outcome.problems.map((p) => [p.line, p.code]), [[2, "INVALID_SCHEDULE"], [3, "INVALID_SCHEDULE"]])
      assert.isFalse(outcome.written)
    }))

  it.effect("a changed phone records one client.updated with changes [phones]", () =>
    Effect.gen(function*() {
      yield* seedScenarios({ adminPassword: "admin-password" })
      const create = fileWith("phone-1.csv", "nit,name,company_nit,branch_name,phones\n800400001,Cliente Teléfono,900100001,Sede Norte,3001234567#Oficina\n")
      assert.isTrue((yield* importFiles([{ kind: "clients", path: create, format: "csv" }])).written)
      const seq = yield* lastEventSeq
      const change = fileWith("phone-2.csv", "nit,name,company_nit,branch_name,phones\n800400001,Cliente Teléfono,900100001,Sede Norte,3001234567#Bodega|3007654321\n")
      const outcome = yield* importFiles([{ kind: "clients", path: change, format: "csv" }])
      assert.deepStrictEqual(totalCounts(outcome).clients, { created: 0, updated: 1, unchanged: 0 })
      const events = yield* eventsAfter(seq)
      assert.deepStrictEqual(events.map((e) => [e.type, [...e.changes]]), [["client.updated", ["phones"]]])
    }))

  it.effect("semicolon-separated CSV with a byte-order mark, as Colombian spreadsheets export it", () =>
    Effect.gen(function*() {
      yield* seedScenarios({ adminPassword: "admin-password" })
      const path = fileWith(
        "semicolon.csv",
        "\uFEFFnit;name;company_nit;branch_name;phones\r\n800500001;\"Cliente; con punto y coma\";900100001;Sede Norte;300 765 4321\r\n"
      )
      const outcome = yield* importFiles([{ kind: "clients", path, format: "csv" }])
      assert.deepStrictEqual(outcome.problems, [])
      const sql = yield* SqlClient.SqlClient
      const [client] = yield* sql<{ readonly name: string; readonly phone: string }>`
        select c.name, p.phone from clients c join client_phones p on p.client_id = c.id where c.nit = '800500001'`
      assert.deepStrictEqual([client!.name, client!.phone], ["Cliente; con punto y coma", "+573007654321"])
    }))

  it.effect("export → import round trip: every row unchanged, CSV and JSON", () =>
    Effect.gen(function*() {
      yield* seedScenarios({ adminPassword: "admin-password" })
      yield* importFiles(samples)
      const exporter = yield* Exporter
      for (const format of ["csv", "json"] as Array<ImportFormat>) {
        const files: Array<ImportFile> = []
        for (const kind of IMPORT_KINDS as ReadonlyArray<ImportKind>) {
          const path = join(scratch, `export-${kind}.${format}`)
          const rows = yield* exporter.write(kind, path, format)
          assert.isAbove(rows, 0, `${kind} ${format}`)
          files.push({ kind, path, format })
        }
        const seq = yield* lastEventSeq
        const outcome = yield* importFiles(files)
        assert.deepStrictEqual(outcome.problems, [], format)
        for (const [entity, counts] of Object.entries(totalCounts(outcome))) {
          assert.strictEqual(counts.created + counts.updated, 0, `${entity} ${format}`)
          assert.isAbove(counts.unchanged, 0, `${entity} ${format}`)
        }
        assert.deepStrictEqual(yield* eventsAfter(seq), [], format)
      }
    }))

  it.effect("a dry run reports the counts and writes nothing", () =>
    Effect.gen(function*() {
      yield* seedScenarios({ adminPassword: "admin-password" })
      const path = fileWith("dry.csv", "nit,name,company_nit,branch_name\n800600001,En seco,900100001,Sede Norte\n")
      const outcome = yield* importFiles([{ kind: "clients", path, format: "csv" }], true)
      assert.isFalse(outcome.written)
      assert.deepStrictEqual(totalCounts(outcome).clients, { created: 1, updated: 0, unchanged: 0 })
      const sql = yield* SqlClient.SqlClient
      assert.strictEqual((yield* sql`select 1 from clients where nit = '800600001'`).length, 0)
    }))
})
