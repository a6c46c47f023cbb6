/** Customers: create, already_exists, read-modify-write update, lookups; sellers. */
import { assert, describe, it } from "@effect/vitest"
import type { ErpCustomerInput } from "@quote/core/erp/erp-customer"
import { Effect, Option } from "effect"
import { FakeSiigo } from "../../../src/dev/fake-siigo/fake-siigo.ts"
import { gatewayFor } from "./siigo-test-kit.ts"

const newCompany: ErpCustomerInput = {
  personType: "Company",
  idType: "31",
  identification: "901234567",
  name: ["Distribuciones Nuevas S.A.S."],
  commercialName: "Nuevas",
  fiscalResponsibilities: ["R-99-PN"],
  address: { address: "Carrera 7 # 71-21", city: { countryCode: "Co", stateCode: "11", cityCode: "11001" } },
  phones: [{ indicative: "57", number: "6013334455" }],
  contacts: [{ firstName: "Marta", lastName: "Lopez", email: "compras@nuevas.com.co" }],
  relatedUsers: { sellerId: 502 }
}

describe("Siigo adapter: customers", () => {
  it.effect("creates a customer; the same identification again → already_exists; another branch office is fine", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const { erp } = yield* gatewayFor(fake)
      const created = yield* erp.createCustomer(newCompany)
      assert.strictEqual(created.identification, "901234567")
      assert.strictEqual(created.idType?.code, "31")
      // DIAN modulo 11, computed by Siigo when omitted.
      assert.strictEqual(created.checkDigit, "7")
      assert.strictEqual(created.address?.city?.cityName, "Bogotá")
      assert.strictEqual(created.contacts[0]?.email, "compras@nuevas.com.co")
      assert.strictEqual(created.relatedUsers.sellerId, 502)

      const again = yield* Effect.flip(erp.createCustomer(newCompany))
      assert.strictEqual(again._tag, "ErpHttpError")
      if (again._tag !== "ErpHttpError") return
      assert.deepStrictEqual(again.details.codes, ["already_exists"])
      assert.strictEqual(again.details.status, 400)

      const branch = yield* erp.createCustomer({ ...newCompany, branchOffice: 1 })
      assert.strictEqual(branch.branchOffice, 1)
      assert.strictEqual(fake.state.customers.filter((c) => c.identification === "901234567").length, 2)
    }))

  it.effect("updateCustomer sends the full record: changed fields change, the others survive the PUT", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const { erp } = yield* gatewayFor(fake)
      const existing = fake.state.customers[2]
      assert.isDefined(existing)
      if (existing === undefined) return
      const updated = yield* erp.updateCustomer(existing.id, { commercialName: "Nombre Comercial Nuevo" })
      assert.strictEqual(updated.commercialName, "Nombre Comercial Nuevo")
      const stored = fake.state.customers.find((customer) => customer.id === existing.id)
      assert.strictEqual(stored?.commercial_name, "Nombre Comercial Nuevo")
      assert.deepStrictEqual(stored?.name, existing.name)
      assert.deepStrictEqual(stored?.contacts, existing.contacts)
      assert.deepStrictEqual(stored?.phones, existing.phones)
      assert.deepStrictEqual(stored?.address, existing.address)
      assert.deepStrictEqual(stored?.fiscal_responsibilities, existing.fiscal_responsibilities)
      assert.deepStrictEqual(stored?.related_users, existing.related_users)
      assert.strictEqual(stored?.check_digit, existing.check_digit)
      assert.strictEqual(stored?.vat_responsible, existing.vat_responsible)
      const put = fake.requestLog.filter((entry) => entry.method === "PUT")
      assert.strictEqual(put.length, 1)

      const missing = yield* Effect.flip(erp.updateCustomer("00000000-0000-4000-8000-000000000000", { active: false }))
      assert.strictEqual(missing._tag, "ErpHttpError")
      if (missing._tag === "ErpHttpError") assert.strictEqual(missing.details.status, 404)
    }))

  it.effect("finds by identification and branch office; getCustomer answers None for an unknown id", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const { erp } = yield* gatewayFor(fake)
      const target = fake.state.customers[4]
      const found = yield* erp.findCustomerByIdentification(target?.identification ?? "")
      assert.strictEqual(Option.getOrUndefined(found)?.id, target?.id)
      assert.isTrue(Option.isNone(yield* erp.findCustomerByIdentification(target?.identification ?? "", 3)))
      assert.isTrue(Option.isNone(yield* erp.findCustomerByIdentification("123456789")))
      const byId = yield* erp.getCustomer(target?.id ?? "")
      assert.deepStrictEqual(Option.getOrUndefined(byId)?.name, target?.name)
      assert.isTrue(Option.isNone(yield* erp.getCustomer("00000000-0000-4000-8000-000000000000")))
      const person = yield* erp.findCustomerByIdentification("52123456")
      assert.deepStrictEqual(Option.getOrUndefined(person)?.name, ["Ana María", "Pérez Gómez"])
    }))

  it.effect("lists customers by page, and by name (matched by the adapter: Siigo has no name filter)", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const { erp } = yield* gatewayFor(fake)
      const first = yield* erp.listCustomers({ page: 1, pageSize: 10 })
      assert.strictEqual(first.total, 10)
      assert.strictEqual(first.items.length, 10)
      assert.isFalse(first.hasNext)

      const byName = yield* erp.listCustomers({ page: 1, pageSize: 10, name: "perez" })
      assert.deepStrictEqual(byName.items.map((customer) => customer.identification), ["52123456"])
      assert.strictEqual(byName.total, 1)

      const byId = yield* erp.listCustomers({ page: 1, pageSize: 25, identification: "52123456" })
      assert.strictEqual(byId.total, 1)
    }))

  it.effect("lists sellers (ERP users) and the quotation document types", () =>
    Effect.gen(function*() {
      const fake = yield* FakeSiigo.scoped()
      const { erp } = yield* gatewayFor(fake)
      const sellers = yield* erp.listSellers
      assert.deepStrictEqual(
        sellers.map((seller) => [seller.id, seller.active]),
        fake.state.users.map((user) => [user.id, user.active])
      )
      assert.deepStrictEqual(sellers.slice(0, 3).map((seller) => [seller.id, seller.active]), [[501, true], [502, true], [503, false]])
      assert.strictEqual(sellers.length, 27)
      assert.strictEqual(sellers[0]?.firstName, "Laura")
      const types = yield* erp.quotationDocumentTypes
      assert.deepStrictEqual(types.map((type) => type.id), [13261])
      assert.strictEqual(types[0]?.name, "Cotización")
      assert.strictEqual(fake.requestLog.find((entry) => entry.path === "/v1/document-types")?.query.type, "C")
    }))
})
