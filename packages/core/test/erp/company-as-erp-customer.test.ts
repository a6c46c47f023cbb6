/** A local company as the Siigo customer the export creates or updates. */
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import * as fc from "fast-check"
import {
  type ExportedCompany,
  erpCustomerInputOf,
  erpCustomerUpdateOf
} from "../../src/erp/company-as-erp-customer.ts"
import { ErpCustomerInput } from "../../src/erp/erp-customer.ts"

const company = (overrides: Partial<ExportedCompany> = {}): ExportedCompany => ({
  name: "Distribuciones Andinas SAS",
  email: "compras@andinas.co",
  phone: "+57 300 123 4567",
  address: "Cra 7 # 12-34",
  branchAddress: "Calle 80 # 20-10",
  branchCity: "Medellín",
  ...overrides
})

describe("erpCustomerInputOf", () => {
  it("a company with NIT document type, R-99-PN, its address and one contact carrying e-mail and phone", () => {
    const phone = { indicative: "57", number: "3001234567" }
    assert.deepStrictEqual(erpCustomerInputOf(company(), "900100007"), {
      type: "Customer",
      personType: "Company",
      idType: "31",
      identification: "900100007",
      name: ["Distribuciones Andinas SAS"],
      commercialName: "Distribuciones Andinas SAS",
      fiscalResponsibilities: ["R-99-PN"],
      address: { address: "Cra 7 # 12-34", city: { countryCode: "Co", stateCode: "05", cityCode: "05001" } },
      phones: [phone],
      contacts: [{ firstName: "Distribuciones Andinas SAS", email: "compras@andinas.co", phone }]
    })
  })

  it("falls back to the main branch's address, then to a placeholder Siigo accepts", () => {
    assert.strictEqual(erpCustomerInputOf(company({ address: "  " }), "900100007").address.address, "Calle 80 # 20-10")
    assert.strictEqual(
      erpCustomerInputOf(company({ address: null, branchAddress: null }), "900100007").address.address,
      "Sin dirección"
    )
  })

  it("sends no phone and no contact e-mail when the company has none", () => {
    const input = erpCustomerInputOf(company({ email: null, phone: "12" }), "900100007")
    assert.deepStrictEqual(input.phones, [])
    assert.deepStrictEqual(input.contacts, [{ firstName: "Distribuciones Andinas SAS" }])
  })

  it("always builds a record Siigo's input schema accepts, with a contact name of at most 50 characters", () => {
    fc.assert(fc.property(
      fc.string({ minLength: 1, maxLength: 120 }).filter((name) => name.trim() !== ""),
      fc.option(fc.string({ maxLength: 20 }), { nil: null }),
      fc.stringMatching(/^[0-9]{3,13}$/),
      (name, phone, identification) => {
        const input = erpCustomerInputOf(company({ name, phone }), identification)
        assert.isTrue(Schema.is(ErpCustomerInput)(input))
        assert.isAtMost(input.contacts[0]!.firstName.length, 50)
      }
    ))
  })
})

describe("erpCustomerUpdateOf", () => {
  it("changes name, commercial name, identification, address and the phones when there are any", () => {
    const input = erpCustomerInputOf(company(), "900100007")
    assert.deepStrictEqual(erpCustomerUpdateOf(input), {
      name: input.name,
      commercialName: "Distribuciones Andinas SAS",
      identification: "900100007",
      address: input.address,
      phones: [{ indicative: "57", number: "3001234567" }]
    })
    assert.notProperty(erpCustomerUpdateOf(erpCustomerInputOf(company({ phone: null }), "900100007")), "phones")
  })
})
