/** The name and contact details an ERP customer gives its local company. */
import { assert, describe, it } from "@effect/vitest"
import { firstEmail, firstPhone, legalName } from "../../src/erp/erp-customer-contact.ts"
import { erpCustomer } from "./erp-customer-fixture.ts"

const phone = (number: string) => ({ indicative: null, number, extension: null })
const contact = (fields: { readonly email?: string | null; readonly phone?: string }) => ({
  firstName: "Ana",
  lastName: null,
  email: fields.email ?? null,
  phone: fields.phone === undefined ? null : phone(fields.phone)
})

describe("legalName", () => {
  it("joins the name parts, trimmed", () => {
    assert.strictEqual(legalName(erpCustomer({ name: [" Ana María", "Pérez Gómez "] })), "Ana María Pérez Gómez")
  })

  it("falls back to the commercial name, then to the tax id", () => {
    assert.strictEqual(legalName(erpCustomer({ name: [" "], commercialName: " Tienda Ana " })), "Tienda Ana")
    assert.strictEqual(legalName(erpCustomer({ name: [], commercialName: "  " })), "900100007")
    assert.strictEqual(legalName(erpCustomer({ name: [], commercialName: null })), "900100007")
  })
})

describe("firstEmail", () => {
  it("takes the first contact with a non-blank e-mail", () => {
    const customer = erpCustomer({
      contacts: [contact({}), contact({ email: "  " }), contact({ email: "compras@andinas.co" }), contact({ email: "b@x.co" })]
    })
    assert.strictEqual(firstEmail(customer), "compras@andinas.co")
  })

  it("is null without one", () => {
    assert.isNull(firstEmail(erpCustomer({ contacts: [contact({ email: "" })] })))
    assert.isNull(firstEmail(erpCustomer()))
  })
})

describe("firstPhone", () => {
  it("prefers the customer's own phones, then a contact's", () => {
    assert.strictEqual(
      firstPhone(erpCustomer({ phones: [phone("3001234567")], contacts: [contact({ phone: "6012345678" })] })),
      "3001234567"
    )
    assert.strictEqual(firstPhone(erpCustomer({ contacts: [contact({}), contact({ phone: "6012345678" })] })), "6012345678")
  })

  it("is null without one", () => {
    assert.isNull(firstPhone(erpCustomer({ contacts: [contact({ email: "a@b.co" })] })))
  })
})
