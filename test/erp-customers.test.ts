/**
 * ERP customers over HTTP against a fake Siigo: the ERP list with the local match,
 * import (single and bulk), export (create, update, NIT cleaning, errors), the round
 * trip between them, the history and the sellers.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { ErpHttpError } from "@quote/core/erp/errors"
import { CompanyId } from "@quote/core/shared/ids"
import { connectedTo, FakeErp, fakeSettingsBody, unique } from "../packages/adapters/test/app/erp/erp-test-kit.ts"
import { errorCode, errorOf, TestServer, testUsers } from "./support/test-server.ts"

const base = "/api/integrations/erp"

const adminWithSettings = Effect.gen(function*() {
  const server = yield* TestServer
  const fake = yield* FakeErp
  const admin = yield* server.login(testUsers.admin)
  yield* server.request("PUT", `${base}/settings`, { token: admin, body: fakeSettingsBody(fake) })
  return { server, fake, admin, erp: (yield* server.api(admin)).erp }
})

const insertCompany = (name: string, nit: string) =>
  Effect.gen(function*() {
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const [row] = yield* sql<{ readonly id: string }>`
      insert into companies (name, nit, email, phone, address) values (${name}, ${nit}, 'compras@example.com',
        '+57 300 555 0101', 'Carrera 7 # 8-9') returning id`
    yield* sql`insert into branches (company_id, name, city) values (${row!.id}, 'Principal', 'Medellín')`
    return Schema.decodeSync(CompanyId)(row!.id)
  }).pipe(Effect.orDie)

layer(connectedTo(TestServer.layer()), { excludeTestServices: true })("ERP customers", (it) => {
  it.effect("GET /customers lists the ERP's customers, paged and filtered, with the local match", () =>
    Effect.gen(function*() {
      const { erp, fake } = yield* adminWithSettings
      const page = yield* erp.listCustomers({ query: {} })
      assert.strictEqual(page.total, fake.state.customers.length)
      assert.strictEqual(page.page, 1)
      assert.strictEqual(page.pageSize, 25)
      assert.isTrue(page.items.every((item) => !item.alreadyImported))
      const company = page.items.find((item) => item.identification === "900100007")
      assert.strictEqual(company?.name, "Comercializadora Ejemplo 1 S.A.S.")

      const small = yield* erp.listCustomers({ query: { page: 2, page_size: 10 } })
      assert.deepInclude(small, { page: 2, pageSize: 10 })
      // Siigo sends at least 10 per page; the answer says so instead of claiming 3.
      const tiny = yield* erp.listCustomers({ query: { page_size: 3 } })
      assert.deepInclude(tiny, { pageSize: 10 })
      assert.strictEqual(tiny.items.length, 10)
      const byNit = yield* erp.listCustomers({ query: { identification: "900100014" } })
      assert.deepStrictEqual(byNit.items.map((item) => item.identification), ["900100014"])
      const byName = yield* erp.listCustomers({ query: { name: "pérez" } })
      assert.deepStrictEqual(byName.items.map((item) => item.identification), ["52123456"])
    }))

  it.effect("import: 201 for a new company (with a main branch), 200 when it updates it; 404 for an unknown id", () =>
    Effect.gen(function*() {
      const { admin, erp, fake, server } = yield* adminWithSettings
      const customer = fake.state.customers[2]!
      // A new company is the 201 answer (`isNew: true`), an update the 200 one (`isNew: false`).
      const body = yield* erp.importCustomer({ params: { erpId: customer.id } })
      assert.deepInclude(body, { isNew: true, nit: customer.identification, erpCustomerId: customer.id, name: customer.name[0]! })

      const again = yield* erp.importCustomer({ params: { erpId: customer.id } })
      assert.deepInclude(again, { isNew: false, companyId: body.companyId })

      const listed = yield* erp.listCustomers({ query: { identification: customer.identification } })
      const [item] = listed.items
      assert.isTrue(item?.alreadyImported)
      assert.strictEqual(item?.localCompanyId, body.companyId)

      const local = yield* erp.localCustomers({ query: { sync_status: "synced" } })
      const mine = local.items.find((company) => company.id === body.companyId)
      assert.deepInclude(mine!, { erpCustomerId: customer.id, erpSyncStatus: "synced", erpOrigin: "erp", erpLastError: null })
      assert.instanceOf(mine?.erpLastImportAt, Date)
      assert.deepStrictEqual(mine?.branches.map((branch) => branch.name), ["Sede principal"])

      const missing = yield* server.request("POST", `${base}/customers/import/no-such-customer`, { token: admin })
      assert.strictEqual(missing.status, 404)
      assert.strictEqual(errorCode(missing), "ERP_CUSTOMER_NOT_FOUND")

      const operations = (yield* erp.customerHistory({ params: { companyId: body.companyId } })).items
      assert.strictEqual(operations.length, 2)
      assert.deepInclude(operations[0]!, { operation: "import", status: "success", erp_customer_id: customer.id })
      assert.strictEqual(operations[0]?.triggered_by_name, "Administrador")
    }))

  it.effect("bulk import: 207 with imported, updated and errors, in sequence", () =>
    Effect.gen(function*() {
      const { erp, fake } = yield* adminWithSettings
      const [fresh, known] = [fake.state.customers[4]!, fake.state.customers[2]!]
      const body = yield* erp.importCustomers({ payload: { erpIds: [fresh.id, known.id, "missing-id"] } })
      assert.deepStrictEqual(body.imported.map((entry) => [entry.erpId, entry.nit]), [[fresh.id, fresh.identification]])
      assert.deepStrictEqual(body.updated.map((entry) => entry.erpId), [known.id])
      assert.deepStrictEqual(body.errors.map((entry) => [entry.erpId, entry.code]), [["missing-id", "ERP_CUSTOMER_NOT_FOUND"]])
    }))

  it.effect("export creates the customer (NIT cleaned, type 31), then updates it; import brings it back (round trip)", () =>
    Effect.gen(function*() {
      const { erp, fake } = yield* adminWithSettings
      const digits = `91${unique().slice(-7)}`
      const companyId = yield* insertCompany(`Exportadora ${digits} S.A.S.`, `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}-4`)
      const body = yield* erp.exportCustomer({ params: { companyId } })
      assert.strictEqual(body.companyId, companyId)
      const inErp = fake.state.customers.find((customer) => customer.id === body.erpCustomerId)
      assert.strictEqual(inErp?.identification, digits)
      assert.strictEqual(inErp?.id_type.code, "31")
      assert.strictEqual(inErp?.address.city.city_code, "05001")
      assert.strictEqual(inErp?.contacts[0]?.email, "compras@example.com")

      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      yield* sql`update companies set name = ${`Exportadora Renombrada ${digits}`} where id = ${companyId}`
      const updated = yield* erp.exportCustomer({ params: { companyId } })
      assert.strictEqual(updated.erpCustomerId, body.erpCustomerId)
      const renamed = fake.state.customers.find((customer) => customer.id === body.erpCustomerId)
      assert.deepStrictEqual(renamed?.name, [`Exportadora Renombrada ${digits}`])
      // The PUT kept what it did not change (Siigo blanks omitted fields).
      assert.strictEqual(renamed?.contacts[0]?.email, "compras@example.com")
      assert.strictEqual(fake.state.customers.filter((customer) => customer.identification === digits).length, 1)

      const back = yield* erp.importCustomer({ params: { erpId: body.erpCustomerId } })
      assert.deepInclude(back, { companyId, isNew: false })

      const [company] = yield* sql<{ readonly erp_sync_status: string; readonly erp_customer_id: string }>`
        select erp_sync_status, erp_customer_id from companies where id = ${companyId}`
      assert.deepStrictEqual(company, { erp_sync_status: "synced", erp_customer_id: body.erpCustomerId })
      const history = yield* erp.customerHistory({ params: { companyId } })
      assert.deepStrictEqual(
        history.items.map((op) => [op.operation, op.status]),
        [["import", "success"], ["update", "success"], ["create", "success"]]
      )
    }))

  it.effect("export of a company whose NIT the ERP already has links that customer instead of duplicating it", () =>
    Effect.gen(function*() {
      const { erp, fake } = yield* adminWithSettings
      const existing = fake.state.customers[6]!
      const companyId = yield* insertCompany("Empresa ya en Siigo", `${existing.identification}-${existing.check_digit}`)
      const response = yield* erp.exportCustomer({ params: { companyId } })
      assert.strictEqual(response.erpCustomerId, existing.id)
      assert.strictEqual(fake.state.customers.filter((c) => c.identification === existing.identification).length, 1)
    }))

  it.effect("export errors: 404 COMPANY_NOT_FOUND, 422 MISSING_NIT, 422 INVALID_NIT, 502 ERP_HTTP_ERROR (recorded)", () =>
    Effect.gen(function*() {
      const { admin, erp, fake, server } = yield* adminWithSettings
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
      assert.deepStrictEqual(errorOf(failed, ErpHttpError).details.codes, ["invalid_reference"])
      const local = yield* erp.localCustomers({ query: { sync_status: "error", limit: 500 } })
      const row = local.items.find((c) => c.id === refused)
      assert.include(row?.erpLastError ?? "", "invalid_reference")
      const history = yield* erp.customerHistory({ params: { companyId: refused } })
      assert.deepInclude(history.items[0]!, { operation: "create", status: "error" })
    }))

  it.effect("history of an unknown company is 404; GET /sellers lists the ERP users", () =>
    Effect.gen(function*() {
      const { admin, erp, server } = yield* adminWithSettings
      const history = yield* server.request("GET", `${base}/customers/00000000-0000-4000-8000-000000000000/history`, {
        token: admin
      })
      assert.strictEqual(history.status, 404)
      assert.strictEqual(errorCode(history), "COMPANY_NOT_FOUND")
      const sellers = yield* erp.sellers()
      assert.deepStrictEqual(sellers.items[0], {
        id: 501,
        username: "asesor1@ejemplo.com.co",
        firstName: "Laura",
        lastName: "Gómez",
        active: true
      })
      assert.strictEqual(sellers.items.length, 27)
    }))
})
