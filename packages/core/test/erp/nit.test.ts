/** NIT cleaning for the ERP: digits before the check digit; missing, placeholder and invalid told apart. */
import { assert, describe, it } from "@effect/vitest"
import { cleanNit } from "../../src/erp/nit.ts"

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
