/** The ERP quotation request built from a local quotation, and how it is recognized in the ERP. */
import { assert, describe, it } from "@effect/vitest"
import { isSameQuotation } from "../../src/erp/create-quotation-once.ts"
import type { ErpQuotation } from "../../src/erp/erp-quotation.ts"
import { bogotaDate, toErpQuotationRequest } from "../../src/erp/erp-quotation-draft.ts"

describe("toErpQuotationRequest", () => {
  const request = toErpQuotationRequest({
    code: "COT-000042",
    notes: "  Entregar temprano ",
    documentId: 13261,
    customerIdentification: "900100007",
    seller: 501,
    // 2025-03-05T03:00Z is still March 4 in Bogota.
    sentAtMs: Date.parse("2025-03-05T03:00:00Z"),
    lines: [
      { code: "SKU-1", description: "Arroz", quantity: 2, price: 1500, taxIds: [13156] },
      { code: "SKU-2", description: "Agua", quantity: 1, price: 900, taxIds: [] }
    ]
  })

  it("dates the quotation in Bogota and marks it with the local code", () => {
    assert.strictEqual(request.date, "2025-03-04")
    assert.strictEqual(bogotaDate(Date.parse("2025-03-05T05:00:00Z")), "2025-03-05")
    assert.strictEqual(request.observations, "Cotización COT-000042. Entregar temprano")
    assert.deepStrictEqual(request.customer, { identification: "900100007", branchOffice: 0 })
    assert.deepStrictEqual(request.items[0], { code: "SKU-1", description: "Arroz", quantity: 2, price: 1500, taxes: [13156] })
    assert.isUndefined(request.items[1]?.taxes)
  })

  it("is recognized in the ERP by the default matcher, and another code is not", () => {
    const found: ErpQuotation = {
      id: "q1",
      documentId: 13261,
      number: 7,
      name: "C-1-7",
      date: "2025-03-04",
      customer: { id: null, identification: "900100007", branchOffice: 0 },
      seller: 501,
      total: 4470,
      observations: request.observations ?? null,
      items: request.items.map((item) => ({
        id: null,
        code: item.code,
        description: null,
        quantity: item.quantity,
        price: item.price,
        discount: 0,
        total: 0
      })),
      publicUrl: null,
      createdAt: null,
      raw: {}
    }
    assert.isTrue(isSameQuotation(request)(found))
    assert.isFalse(isSameQuotation(request)({ ...found, observations: "Cotización COT-000043" }))
  })
})
