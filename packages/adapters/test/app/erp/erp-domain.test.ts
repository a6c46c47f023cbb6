/** The pure pieces of the ERP integration: NIT cleaning, city codes, the quotation request, messages, the secret box. */
import { assert, describe, it } from "@effect/vitest"
import { Option, Redacted } from "effect"
import { isSameQuotation } from "@quote/core/erp/create-quotation-once"
import { erpCityCode } from "@quote/core/erp/erp-city-codes"
import type { ErpQuotation } from "@quote/core/erp/erp-quotation"
import { bogotaDate, toErpQuotationRequest } from "@quote/core/erp/erp-quotation-draft"
import { syncRunMessage } from "@quote/core/erp/erp-sync-run"
import { cleanNit } from "@quote/core/erp/nit"
import { makeSecretBox, maskSecret } from "../../../src/app/erp/secret-box.ts"

describe("cleanNit", () => {
  it("drops dots, spaces and the check digit", () => {
    assert.deepStrictEqual(cleanNit("900.100.001-7"), { _tag: "Valid", identification: "900100001" })
    assert.deepStrictEqual(cleanNit(" 900 100 001 "), { _tag: "Valid", identification: "900100001" })
    assert.deepStrictEqual(cleanNit("52123456"), { _tag: "Valid", identification: "52123456" })
  })
  it("tells missing, placeholder and invalid apart", () => {
    assert.deepStrictEqual(cleanNit(""), { _tag: "Missing" })
    assert.deepStrictEqual(cleanNit(null), { _tag: "Missing" })
    assert.deepStrictEqual(cleanNit("-7"), { _tag: "Missing" })
    assert.deepStrictEqual(cleanNit("NIT-AB12CD34"), { _tag: "Placeholder" })
    assert.deepStrictEqual(cleanNit("nit-ab12cd34"), { _tag: "Placeholder" })
    assert.strictEqual(cleanNit("ABC123")._tag, "Invalid")
    assert.strictEqual(cleanNit("12")._tag, "Invalid")
    assert.strictEqual(cleanNit("12345678901234")._tag, "Invalid")
  })
})

describe("erpCityCode", () => {
  it("maps known city names whatever their accents or case; Bogotá otherwise", () => {
    assert.deepStrictEqual(erpCityCode("Medellín"), { countryCode: "Co", stateCode: "05", cityCode: "05001" })
    assert.strictEqual(erpCityCode("MEDELLIN").cityCode, "05001")
    assert.strictEqual(erpCityCode("Bogotá D.C.").cityCode, "11001")
    assert.strictEqual(erpCityCode("Macondo").cityCode, "11001")
    assert.strictEqual(erpCityCode(null).cityCode, "11001")
  })
})

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

describe("syncRunMessage", () => {
  const counts = { processed: 120, created: 20, updated: 100, errors: 1, deactivated: 2 }
  it("says what happened, in Spanish", () => {
    assert.strictEqual(
      syncRunMessage({ status: "success", resumed: false }, "full", counts),
      "Sincronización completa terminada: 120 productos procesados (20 nuevos, 100 actualizados, 2 desactivados, 1 con error)."
    )
    assert.include(syncRunMessage({ status: "partial", nextPage: 3 }, "incremental", counts), "continúa desde la página 3")
    assert.include(syncRunMessage({ status: "error", reason: "Siigo answered 500" }, "full", counts), "falló: Siigo answered 500")
  })
})

describe("secret box", () => {
  const box = makeSecretBox(Redacted.make("session-secret-one"), "erp_settings.access_key")
  it("seals with a fresh IV each time and opens what it sealed", () => {
    const a = box.seal("my-access-key")
    const b = box.seal("my-access-key")
    assert.notStrictEqual(a, b)
    assert.notInclude(a, "my-access-key")
    assert.deepStrictEqual(box.open(a), Option.some("my-access-key"))
  })
  it("refuses another secret, another purpose, and tampering", () => {
    const sealed = box.seal("my-access-key")
    assert.isTrue(Option.isNone(makeSecretBox(Redacted.make("session-secret-two"), "erp_settings.access_key").open(sealed)))
    assert.isTrue(Option.isNone(makeSecretBox(Redacted.make("session-secret-one"), "other").open(sealed)))
    const [version, iv, tag, text] = sealed.split(".")
    const flipped = `${text![0] === "A" ? "B" : "A"}${text!.slice(1)}`
    assert.isTrue(Option.isNone(box.open([version, iv, tag, flipped].join("."))))
    assert.isTrue(Option.isNone(box.open("plain text")))
  })
  it("masks all but the last 4 characters, and short values entirely", () => {
    assert.strictEqual(maskSecret("fake-access-key-0123456789"), "********6789")
    assert.strictEqual(maskSecret("short"), "********")
  })
})
