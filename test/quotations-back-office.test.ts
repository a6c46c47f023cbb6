/**
 * What the console's back office reads from the quotations API, black-box: the list's
 * `advisorId` filter (an admin sees all or one advisor's; an advisor may name only itself;
 * a client nobody: 403 FORBIDDEN, as in `/api/advisor/*`), a quotation's ERP link, and the
 * CSV exports of the quotation list (`GET /api/quotations/export`) and of the advisor's
 * clients (`GET /api/advisor/clients/export`): UTF-8 with BOM, `;`, Spanish headers, the
 * same rows in the same order as the lists, whole — across the exports' keyset batches,
 * with rows sharing a creation instant (to the microsecond) or a name.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { QuotationId } from "@quote/core/shared/ids"
import { CLIENT_EXPORT_BATCH_SIZE } from "@quote/adapters/app/advisor/advisor-clients"
import { EXPORT_BATCH_SIZE } from "@quote/adapters/app/quotations/quotation-reader"
import { advisorWorld, apiOf, userId } from "./support/advisor-fixtures.ts"
import { csvRecords, startsWithBom } from "./support/csv-records.ts"
import { insertClient, insertQuotation } from "./support/quotation-fixtures.ts"
import { expectError, SqlClient, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"

const quotationHeaders = [
  "Código", "Fecha de creación", "Estado", "Origen", "Cliente", "Empresa", "Sucursal", "Asesor", "Fecha de ruta",
  "Productos", "Total (COP)", "Notas"
]

const clientHeaders = [
  "Cliente", "NIT", "Correo electrónico", "Teléfono", "Activo", "Empresa", "NIT de la empresa", "Sucursal", "Ciudad",
  "Ruta", "Lista de precios", "Usuario", "Cotizaciones", "Última cotización", "Registrado"
]

const quotationId = Schema.decodeSync(QuotationId)

const item = { sku: "ABA-001", quantity: 2, unitPrice: 1500 }

/**
 * A CSV export as the wire has it: the contract-checked answer (status, headers, text)
 * and, fetched again raw, its first bytes (`Response.text()` drops a byte-order mark).
 */
const csvExport = (token: string, path: string) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    const answer = yield* server.request("GET", path, { token })
    assert.strictEqual(answer.status, 200, answer.text)
    const bytes = yield* Effect.promise(() =>
      fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } }).then((raw) => raw.bytes())
    )
    const [headers = [], ...rows] = csvRecords(answer.text)
    return { answer, bom: startsWithBom(bytes), headers, rows }
  })

/**
 * A moment of real time after a long statement: the database runs in this process
 * (PGlite) and held its event loop, so the HTTP keep-alive timers of idle connections
 * are overdue; this lets them close before the next request picks one of them.
 */
const settle = Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 250)))

/** The codes of a client's quotations in the list's order (newest first, then by code). */
const codesOf = (sql: SqlClient.SqlClient, clientId: string) =>
  Effect.map(
    sql<{ code: string }>`select code from quotations where client_id = ${clientId}::uuid order by created_at desc, code desc`,
    (rows) => rows.map((row) => row.code)
  ).pipe(Effect.orDie)

layer(TestServer.layer())("the back office's quotation list: advisor filter, ERP link, CSV exports", (it) => {
  it.effect("an admin filters by advisor; an advisor may name only itself; a client nobody (403)", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const { advisor, other, company, mine, theirs, token } = yield* advisorWorld
      const ours = yield* insertClient({ companyId: company.id, branchId: mine.id })
      const someoneElses = yield* insertClient({ companyId: company.id, branchId: theirs.id })
      const first = yield* insertQuotation({ clientId: ours.id, createdAt: "2025-05-01T09:00:00-05:00", items: [item] })
      const second = yield* insertQuotation({ clientId: ours.id, createdAt: "2025-05-02T09:00:00-05:00", items: [item] })
      const theirQuotation = yield* insertQuotation({ clientId: someoneElses.id, createdAt: "2025-05-03T09:00:00-05:00", items: [item] })
      const admin = yield* apiOf(yield* server.login(testUsers.admin))
      const advisorApi = yield* apiOf(token)

      const byAdvisor = yield* admin.quotations.list({ query: { advisorId: userId(advisor.id), limit: 100 } })
      assert.deepStrictEqual(byAdvisor.items.map((quotation) => quotation.id), [second.id, first.id])
      assert.strictEqual(byAdvisor.total, 2)
      assert.deepStrictEqual(byAdvisor.items.map((quotation) => quotation.advisor?.name), [advisor.name, advisor.name])
      const byOther = yield* admin.quotations.list({ query: { advisorId: userId(other.id) } })
      assert.deepStrictEqual(byOther.items.map((quotation) => quotation.id), [theirQuotation.id])
      const pendingOfOther = yield* admin.quotations.list({ query: { advisorId: userId(other.id), status: "approved" } })
      assert.strictEqual(pendingOfOther.total, 0)
      const all = yield* admin.quotations.list({ query: { limit: 100 } })
      assert.includeMembers(all.items.map((quotation) => quotation.id), [first.id, second.id, theirQuotation.id])

      const itself = yield* advisorApi.quotations.list({ query: { advisorId: userId(advisor.id) } })
      assert.deepStrictEqual(itself.items.map((quotation) => quotation.id), [second.id, first.id])
      const unfiltered = yield* advisorApi.quotations.list({ query: {} })
      assert.deepStrictEqual(unfiltered.items.map((quotation) => quotation.id), [second.id, first.id])

      expectError(yield* server.request("GET", `/api/quotations?advisorId=${other.id}`, { token }), 403, "FORBIDDEN")
      expectError(yield* server.request("GET", `/api/quotations/export?advisorId=${other.id}`, { token }), 403, "FORBIDDEN")
      const client = yield* server.login(testUsers.client)
      expectError(yield* server.request("GET", `/api/quotations?advisorId=${advisor.id}`, { token: client }), 403, "FORBIDDEN")
      expectError(yield* server.request("GET", "/api/quotations?advisorId=nobody", { token }), 400, "VALIDATION_ERROR")
    }))

  it.effect("a quotation carries its ERP document id and link, null until it is sent", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const { company, mine } = yield* advisorWorld
      const client = yield* insertClient({ companyId: company.id, branchId: mine.id })
      const sent = yield* insertQuotation({
        clientId: client.id,
        createdAt: "2025-06-01T10:00:00-05:00",
        items: [item],
        status: "synced",
        erpQuotationId: "erp-7781",
        erpUrl: "https://erp.example.com/quotes/7781"
      })
      const unsent = yield* insertQuotation({ clientId: client.id, createdAt: "2025-06-02T10:00:00-05:00", items: [item] })
      const admin = yield* apiOf(yield* server.login(testUsers.admin))
      assert.deepStrictEqual(
        (yield* admin.quotations.get({ params: { id: quotationId(sent.id) } })).erp,
        { quotationId: "erp-7781", url: "https://erp.example.com/quotes/7781" }
      )
      assert.deepStrictEqual((yield* admin.quotations.get({ params: { id: quotationId(unsent.id) } })).erp, { quotationId: null, url: null })

      const created = yield* (yield* apiOf(yield* server.login(testUsers.client))).quotations.create({
        headers: {},
        payload: { items: [{ sku: "ABA-001", quantity: 1 }] }
      })
      assert.deepStrictEqual(created.erp, { quotationId: null, url: null })
    }))

  it.effect("the quotations export is the filtered list, whole, as CSV for Excel in Spanish", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const { advisor, company, mine, token } = yield* advisorWorld
      const tag = uniqueTag()
      const quoted = yield* insertClient({ companyId: company.id, branchId: mine.id, name: `Ferretería "El Tornillo"; Norte ${tag}` })
      const formula = yield* insertClient({ companyId: company.id, branchId: mine.id, name: `=HYPERLINK("http://x.example")${tag}` })
      const old = yield* insertQuotation({ clientId: quoted.id, createdAt: "2025-07-01T08:05:00-05:00", items: [item, item] })
      const approved = yield* insertQuotation({ clientId: formula.id, createdAt: "2025-07-02T16:45:00-05:00", items: [item], status: "approved" })
      const noted = yield* insertQuotation({ clientId: quoted.id, createdAt: "2025-07-03T12:00:00-05:00", items: [item] })
      yield* sql`update quotations set notes = ${"Entregar; por la puerta\n de atrás"} where id = ${noted.id}::uuid`.pipe(Effect.orDie)

      const path = `/api/quotations/export?advisorId=${advisor.id}`
      const admin = yield* server.login(testUsers.admin)
      const { answer, bom, headers, rows } = yield* csvExport(admin, path)
      assert.isTrue(bom, "the file starts with the UTF-8 byte-order mark")
      assert.strictEqual(answer.headers.get("content-type"), "text/csv; charset=utf-8")
      assert.match(answer.headers.get("content-disposition") ?? "", /^attachment; filename="cotizaciones-\d{4}-\d{2}-\d{2}\.csv"$/)
      assert.deepStrictEqual(headers, quotationHeaders)
      assert.deepStrictEqual(rows.map((row) => row[0]), [noted.code, approved.code, old.code])
      assert.isTrue(rows.every((row) => row.length === quotationHeaders.length))

      const [newest, middle, oldest] = rows
      assert.deepStrictEqual(newest!.slice(1), [
        "2025-07-03 12:00", "Pendiente", "Portal web", quoted.name, company.name, mine.name, advisor.name, "", "1", "3000",
        "Entregar; por la puerta\n de atrás"
      ])
      assert.deepStrictEqual(middle!.slice(2, 5), ["Aprobada", "Portal web", `'${formula.name}`])
      assert.deepStrictEqual([oldest![1], oldest![9], oldest![10]], ["2025-07-01 08:05", "2", "6000"])

      const onlyApproved = yield* csvExport(admin, `${path}&status=approved`)
      assert.deepStrictEqual(onlyApproved.rows.map((row) => row[0]), [approved.code])
      const byClient = yield* csvExport(token, `/api/quotations/export?clientId=${quoted.id}&dateFrom=2025-07-02`)
      assert.deepStrictEqual(byClient.rows.map((row) => row[0]), [noted.code])
      const nothing = yield* csvExport(token, "/api/quotations/export?dateTo=2000-01-01")
      assert.deepStrictEqual([nothing.headers, nothing.rows], [quotationHeaders, []])
      const seededClient = yield* server.login(testUsers.client)
      const theirs = yield* csvExport(seededClient, "/api/quotations/export")
      assert.notInclude(theirs.rows.map((row) => row[0]), noted.code)

      expectError(yield* server.request("GET", "/api/quotations/export?dateFrom=2025-02-30", { token }), 400, "VALIDATION_ERROR")
      expectError(yield* server.request("GET", "/api/quotations/export?status=lost", { token }), 400, "VALIDATION_ERROR")
      expectError(yield* server.request("GET", "/api/quotations/export"), 401, "INVALID_TOKEN")
    }))

  it.effect("the export reads past its batches: rows sharing a creation instant come once each, newest first", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const { company, mine, token } = yield* advisorWorld
      const client = yield* insertClient({ companyId: company.id, branchId: mine.id })
      const count = 2 * EXPORT_BATCH_SIZE + 3
      // Seven quotations per instant, each instant with microseconds a millisecond clock would lose.
      yield* sql`
        insert into quotations (status, source, total, client_id, company_id, branch_id, advisor_id, route_id, created_at, updated_at)
        select 'pending', 'web', 1000, c.id, c.company_id, c.branch_id, c.advisor_id, c.route_id,
               timestamptz '2025-08-01 10:00:00.123456-05' + (g / 7) * interval '1 minute' + (g / 7) * interval '1 microsecond',
               now()
          from clients c cross join generate_series(1, ${count}) g
         where c.id = ${client.id}::uuid`.pipe(Effect.orDie)
      yield* settle

      const { rows } = yield* csvExport(token, `/api/quotations/export?clientId=${client.id}`)
      const codes = rows.map((row) => row[0])
      assert.strictEqual(codes.length, count)
      assert.strictEqual(new Set(codes).size, count)
      assert.deepStrictEqual(codes, yield* codesOf(sql, client.id))
    }))

  it.effect("the clients export: every assigned client by name, whole; the search narrows it; 403 for another advisor", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const { advisor, other, company, mine, theirs, token } = yield* advisorWorld
      const tag = uniqueTag()
      const alfa = yield* insertClient({
        companyId: company.id,
        branchId: mine.id,
        name: `Alfa ${tag}`,
        phones: [{ phone: "+573001234567", isMessaging: true }]
      })
      yield* insertQuotation({ clientId: alfa.id, createdAt: "2025-09-01T10:30:00-05:00", items: [item] })
      const beta = yield* insertClient({ companyId: company.id, branchId: mine.id, name: `beta ${tag}`, email: null, active: false })
      yield* insertClient({ companyId: company.id, branchId: theirs.id, name: `Gamma ${tag}` })

      const { answer, bom, headers, rows } = yield* csvExport(token, "/api/advisor/clients/export")
      assert.isTrue(bom)
      assert.match(answer.headers.get("content-disposition") ?? "", /filename="clientes-\d{4}-\d{2}-\d{2}\.csv"/)
      assert.deepStrictEqual(headers, clientHeaders)
      assert.deepStrictEqual(rows.map((row) => row[0]), [alfa.name, beta.name])
      const [alfaRow, betaRow] = rows
      assert.deepStrictEqual(
        [alfaRow![1], alfaRow![2], alfaRow![3], alfaRow![4], alfaRow![5], alfaRow![7], alfaRow![8], alfaRow![12], alfaRow![13]],
        [alfa.nit, alfa.email ?? "", "+573001234567", "Sí", company.name, mine.name, "Tunja", "1", "2025-09-01 10:30"]
      )
      assert.deepStrictEqual([betaRow![2], betaRow![4], betaRow![12], betaRow![13]], ["", "No", "0", ""])

      const searched = yield* csvExport(token, `/api/advisor/clients/export?search=${encodeURIComponent(`BETA ${tag}`)}`)
      assert.deepStrictEqual(searched.rows.map((row) => row[0]), [beta.name])
      const admin = yield* server.login(testUsers.admin)
      const theirsOnly = yield* csvExport(admin, `/api/advisor/clients/export?advisorId=${other.id}`)
      assert.deepStrictEqual(theirsOnly.rows.map((row) => row[0]), [`Gamma ${tag}`])
      expectError(yield* server.request("GET", `/api/advisor/clients/export?advisorId=${other.id}`, { token }), 403, "FORBIDDEN")
      expectError(
        yield* server.request("GET", "/api/advisor/clients/export", { token: yield* server.login(testUsers.client) }),
        403,
        "FORBIDDEN"
      )

      // Past a batch, with names repeated (the order's ties broken by id).
      const many = CLIENT_EXPORT_BATCH_SIZE + 7
      yield* sql`
        insert into clients (name, nit, company_id, branch_id)
        select ${`Lote ${tag} `} || (g % 5), ${`L${tag}-`} || g, ${company.id}::uuid, ${mine.id}::uuid
          from generate_series(1, ${many}) g`.pipe(Effect.orDie)
      yield* settle
      const batch = yield* csvExport(token, `/api/advisor/clients/export?search=${encodeURIComponent(`Lote ${tag}`)}`)
      const expected = yield* sql<{ nit: string }>`
        select nit from clients where advisor_id = ${advisor.id}::uuid and name like ${`Lote ${tag} %`}
         order by lower(name), name, id`.pipe(Effect.orDie)
      assert.deepStrictEqual(batch.rows.map((row) => row[1]), expected.map((row) => row.nit))
      assert.strictEqual(batch.rows.length, many)
      const everything = yield* csvExport(token, "/api/advisor/clients/export")
      assert.strictEqual(everything.rows.length, many + 2)
      assert.strictEqual(new Set(everything.rows.map((row) => row[1])).size, many + 2)
    }))
})
