/** City names to Siigo city codes. */
import { assert, describe, it } from "@effect/vitest"
import { erpCityCode } from "../../src/erp/erp-city-codes.ts"

describe("erpCityCode", () => {
  it("maps known city names whatever their accents or case; Bogotá otherwise", () => {
    assert.deepStrictEqual(erpCityCode("Medellín"), { countryCode: "Co", stateCode: "05", cityCode: "05001" })
    assert.strictEqual(erpCityCode("MEDELLIN").cityCode, "05001")
    assert.strictEqual(erpCityCode("Bogotá D.C.").cityCode, "11001")
    assert.strictEqual(erpCityCode("Macondo").cityCode, "11001")
    assert.strictEqual(erpCityCode(null).cityCode, "11001")
  })
})
