/**
 * ERP customers over HTTP against a fake Siigo: the ERP list with the local match,
 * import (single and bulk), export (create, update, NIT cleaning, errors), the round
 * trip between them, the history and the sellers.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { connectedTo, FakeErp, fakeSettingsBody, unique } from "../packages/adapters/test/app/erp/erp-test-kit.ts"
import { errorCode, TestServer, testUsers } from "./support/test-server.ts"

const base = "/api/integrations/erp"

interface ErpCustomerItem {
  readonly erpId: string
  readonly identification: string
  readonly name: string
  readonly alreadyImported: boolean
  readonly localCompanyId: string | null
}

const adminWithSettings = Effect.gen(function*() {
  const server = yield* TestServer
  const fake = yield* FakeErp
  const admin = yield* server.login(testUsers.admin)
  yield* server.request("PUT", `${base}/settings`, { token: admin, body: fakeSettingsBody(fake) })
  return { server, fake, admin }
})

const insertCompany = (name: string, nit: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ readonly id: string }>`
      insert into companies (name, nit, email, phone, address) values (${name}, ${nit}, 'compras@example.com',
        '+57 300 555 0101', 'Carrera 7 # 8-9') returning id`
    yield* sql`insert into branches (company_id, name, city) values (${row!.id}, 'Principal', 'Medellín')`
    return row!.id
  }).pipe(Effect.orDie)

layer(connectedTo(TestServer.layer()), { excludeTestServices: true })("ERP customers", (it) => {
  it.effect("GET /customers lists the ERP's customers, paged and filtered, with the local match", () =>
    Effect.gen(function*() {
      const { admin, fake, server } = yield* adminWithSettings
      const all = yield* server.request("GET", `${base}/customers`, { token: admin })
      assert.strictEqual(all.status, 200)
      const page = all.body as { items: Array<ErpCustomerItem>; total: number; page: number; pageSize: number }
      assert.strictEqual(page.total, fake.state.customers.length)
      assert.strictEqual(page.page, 1)
      assert.strictEqual(page.pageSize, 25)
      assert.isTrue(page.items.every((item) => !item.alreadyImported))
      const company = page.items.find((item) => item.identification === "900100007")
      assert.strictEqual(company?.name, "Comercializadora Ejemplo 1 S.A.S.")

      const small = yield* server.request("GET", `${base}/customers?page=2&page_size=10`, { token: admin })
      assert.deepInclude(small.body, { page: 2, pageSize: 10 })
      // Siigo sends at least 10 per page; the answer says so instead of claiming 3.
      const tiny = yield* server.request("GET", `${base}/customers?page_size=3`, { token: admin })
      assert.deepInclude(tiny.body, { pageSize: 10 })
      assert.strictEqual((tiny.body as { items: Array<unknown> }).items.length, 10)
      const byNit = yield* server.request("GET", `${base}/customers?identification=900100014`, { token: admin })
      assert.deepStrictEqual((byNit.body as { items: Array<ErpCustomerItem> }).items.map((item) => item.identification), [
        "900100014"
      ])
      const byName = yield* server.request("GET", `${base}/customers?name=${encodeURIComponent("pérez")}`, { token: admin })
      assert.deepStrictEqual((byName.body as { items: Array<ErpCustomerItem> }).items.map((item) => item.identification), [
        "52123456"
      ])
    }))

  it.effect("import: 201 for a new company (with a main branch), 200 when it updates it; 404 for an unknown id", () =>
    Effect.gen(function*() {
      const { admin, fake, server } = yield* adminWithSettings
      const customer = fake.state.customers[2]!
      const created = yield* server.request("POST", `${base}/customers/import/${customer.id}`, { token: admin })
      assert.strictEqual(created.status, 201)
      const body = created.body as { companyId: string; isNew: boolean; name: string; nit: string; erpCustomerId: string }
      assert.deepInclude(body, { isNew: true, nit: customer.identification, erpCustomerId: customer.id, name: customer.name[0] })

      const again = yield* server.request("POST", `${base}/customers/import/${customer.id}`, { token: admin })
      assert.strictEqual(again.status, 200)
      assert.deepInclude(again.body, { isNew: false, companyId: body.companyId })

      const listed = yield* server.request("GET", `${base}/customers?identification=${customer.identification}`, {
        token: admin
      })
      const [item] = (listed.body as { items: Array<ErpCustomerItem> }).items
      assert.isTrue(item?.alreadyImported)
      assert.strictEqual(item?.localCompanyId, body.companyId)

      const local = yield* server.request("GET", `${base}/customers/local?sync_status=synced`, { token: admin })
      const mine = (local.body as { items: Array<Record<string, unknown> & { branches: Array<{ name: string }> }> }).items
        .find((company) => company.id === body.companyId)
      assert.deepInclude(mine, { erpCustomerId: customer.id, erpSyncStatus: "synced", erpOrigin: "erp", erpLastError: null })
      assert.isString(mine?.erpLastImportAt)
      assert.deepStrictEqual(mine?.branches.map((branch) => branch.name), ["Sede principal"])

      const missing = yield* server.request("POST", `${base}/customers/import/no-such-customer`, { token: admin })
      assert.strictEqual(missing.status, 404)
      assert.strictEqual(errorCode(missing), "ERP_CUSTOMER_NOT_FOUND")

      const history = yield* server.request("GET", `${base}/customers/${body.companyId}/history`, { token: admin })
      const operations = (history.body as { items: Array<Record<string, unknown>> }).items
      assert.strictEqual(operations.length, 2)
      assert.deepInclude(operations[0], { operation: "import", status: "success", erp_customer_id: customer.id })
      assert.strictEqual(operations[0]?.triggered_by_name, "Administrador")
    }))

  it.effect("bulk import: 207 with imported, updated and errors, in sequence", () =>
    Effect.gen(function*() {
      const { admin, fake, server } = yield* adminWithSettings
      const [fresh, known] = [fake.state.customers[4]!, fake.state.customers[2]!]
      const response = yield* server.request("POST", `${base}/customers/import`, {
        token: admin,
        body: { erpIds: [fresh.id, known.id, "missing-id"] }
      })
      assert.strictEqual(response.status, 207)
      const body = response.body as {
        imported: Array<{ erpId: string; nit: string }>
        updated: Array<{ erpId: string }>
        errors: Array<{ erpId: string; error: string; code: string }>
      }
      assert.deepStrictEqual(body.imported.map((entry) => [entry.erpId, entry.nit]), [[fresh.id, fresh.identification]])
      assert.deepStrictEqual(body.updated.map((entry) => entry.erpId), [known.id])
      assert.deepStrictEqual(body.errors.map((entry) => [entry.erpId, entry.code]), [["missing-id", "ERP_CUSTOMER_NOT_FOUND"]])
    }))

  it.effect("export creates the customer (NIT cleaned, type 31), then updates it; import brings it back (round trip)", () =>
    Effect.gen(function*() {
      const { admin, fake, server } = yield* adminWithSettings
      const digits = `91${unique().slice(-7)}`
      const companyId = yield* insertCompany(`Exportadora ${digits} S.A.S.`, `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}-4`)
      const created = yield* server.request("POST", `${base}/customers/${companyId}/export`, { token: admin })
      assert.strictEqual(created.status, 201)
      const body = created.body as { erpCustomerId: string; companyId: string; name: string }
      assert.strictEqual(body.companyId, companyId)
      const inErp = fake.state.customers.find((customer) => customer.id === body.erpCustomerId)
      assert.strictEqual(inErp?.identification, digits)
      assert.strictEqual(inErp?.id_type.code, "31")
      assert.strictEqual(inErp?.address.city.city_code, "05001")
      assert.strictEqual(inErp?.contacts[0]?.email, "compras@example.com")

      const sql = yield* SqlClient.SqlClient
      yield* sql`update companies set name = ${`Exportadora Renombrada ${digits}`} where id = ${companyId}`
      const updated = yield* server.request("POST", `${base}/customers/${companyId}/export`, { token: admin })
      assert.strictEqual(updated.status, 201)
      assert.strictEqual((updated.body as { erpCustomerId: string }).erpCustomerId, body.erpCustomerId)
      const renamed = fake.state.customers.find((customer) => customer.id === body.erpCustomerId)
      assert.deepStrictEqual(renamed?.name, [`Exportadora Renombrada ${digits}`])
      // The PUT kept what it did not change (Siigo blanks omitted fields).
      assert.strictEqual(renamed?.contacts[0]?.email, "compras@example.com")
      assert.strictEqual(fake.state.customers.filter((customer) => customer.identification === digits).length, 1)

      const back = yield* server.request("POST", `${base}/customers/import/${body.erpCustomerId}`, { token: admin })
      assert.strictEqual(back.status, 200)
      assert.deepInclude(back.body, { companyId, isNew: false })

      const [company] = yield* sql<{ readonly erp_sync_status: string; readonly erp_customer_id: string }>`
        select erp_sync_status, erp_customer_id from companies where id = ${companyId}`
      assert.deepStrictEqual(company, { erp_sync_status: "synced", erp_customer_id: body.erpCustomerId })
      const history = yield* server.request("GET", `${base}/customers/${companyId}/history`, { token: admin })
      assert.deepStrictEqual(
        (history.body as { items: Array<{ operation: string; status: string }> }).items.map((op) => [op.operation, op.status]),
        [["import", "success"], ["update", "success"], ["create", "success"]]
      )
    }))

  it.effect("export of a company whose NIT the ERP already has links that customer instead of duplicating it", () =>
    Effect.gen(function*() {
      const { admin, fake, server } = yield* adminWithSettings
      const existing = fake.state.customers[6]!
      const companyId = yield* insertCompany("Empresa ya en Siigo", `${existing.identification}-${existing.check_digit}`)
      const response = yield* server.request("POST", `${base}/customers/${companyId}/export`, { token: admin })
      assert.strictEqual(response.status, 201)
      assert.strictEqual((response.body as { erpCustomerId: string }).erpCustomerId, existing.id)
      assert.strictEqual(fake.state.customers.filter((c) => c.identification === existing.identification).length, 1)
    }))

  it.effect("export errors: 404 COMPANY_NOT_FOUND, 422 MISSING_NIT, 422 INVALID_NIT, 502 ERP_HTTP_ERROR (recorded)", () =>
    Effect.gen(function*() {
      const { admin, fake, server } = yield* adminWithSettings
      const unknown = yield* server.request("POST", `${base}/customers/00000000-0000-4000-8000-000000000000/export`, {
        token: admin
      })
      assert.strictEqual(unknown.status, 404)
      assert.strictEqual(errorCode(unknown), "COMPANY_NOT_FOUND")

      const noNit = yield* insertCompany(`Sin NIT ${unique()}`, `-${unique()}`)
      const missing = yield* server.request("POST", `${base}/customers/${noNit}/export`, { token: admin })
      assert.strictEqual(missing.status, 422)
      assert.strictEqual(errorCode(missing), "MISSING_NIT")

      const placeholder = yield* insertCompany(`Placeholder ${unique()}`, `NIT-${unique().slice(0, 8)}`)
      const invalid = yield* server.request("POST", `${base}/customers/${placeholder}/export`, { token: admin })
      assert.strictEqual(invalid.status, 422)
      assert.strictEqual(errorCode(invalid), "INVALID_NIT")

      const refused = yield* insertCompany(`Rechazada ${unique()}`, `93${unique().slice(-7)}`)
      fake.controls.failNextRequests(1, { status: 400, code: "invalid_reference", pathPrefix: "/v1/customers", method: "POST" })
      const failed = yield* server.request("POST", `${base}/customers/${refused}/export`, { token: admin })
      assert.strictEqual(failed.status, 502)
      assert.strictEqual(errorCode(failed), "ERP_HTTP_ERROR")
      assert.deepStrictEqual((failed.body as { error: { details: { codes: Array<string> } } }).error.details.codes, [
        "invalid_reference"
      ])
      const local = yield* server.request("GET", `${base}/customers/local?sync_status=error&limit=500`, { token: admin })
      const row = (local.body as { items: Array<{ id: string; erpLastError: string | null }> }).items.find((c) => c.id === refused)
      assert.include(row?.erpLastError ?? "", "invalid_reference")
      const history = yield* server.request("GET", `${base}/customers/${refused}/history`, { token: admin })
      assert.deepInclude((history.body as { items: Array<object> }).items[0], { operation: "create", status: "error" })
    }))

  it.effect("history of an unknown company is 404; GET /sellers lists the ERP users", () =>
    Effect.gen(function*() {
      const { admin, server } = yield* adminWithSettings
      const history = yield* server.request("GET", `${base}/customers/00000000-0000-4000-8000-000000000000/history`, {
        token: admin
      })
      assert.strictEqual(history.status, 404)
      assert.strictEqual(errorCode(history), "COMPANY_NOT_FOUND")
      const sellers = yield* server.request("GET", `${base}/sellers`, { token: admin })
      assert.strictEqual(sellers.status, 200)
      assert.deepStrictEqual((sellers.body as { items: Array<object> }).items[0], {
        id: 501,
        username: "asesor1@ejemplo.com.co",
        firstName: "Laura",
        lastName: "Gómez",
        active: true
      })
      assert.strictEqual((sellers.body as { items: Array<object> }).items.length, 27)
    }))
})
