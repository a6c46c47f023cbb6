/** A local phone as Siigo's `{indicative, number}`, through core's phone rules. */
import { assert, describe, it } from "@effect/vitest"
import { Option, Result } from "effect"
import * as fc from "fast-check"
import { erpPhone } from "../../src/erp/erp-phone.ts"
import { normalizePhone } from "../../src/clients/phone.ts"

describe("erpPhone", () => {
  it("keeps the digits and splits off Colombia's 57", () => {
    assert.deepStrictEqual(erpPhone("+57 300 123 4567"), Option.some({ indicative: "57", number: "3001234567" }))
    assert.deepStrictEqual(erpPhone("(300) 123-4567"), Option.some({ number: "3001234567" }))
    assert.deepStrictEqual(erpPhone("601 234 5678"), Option.some({ number: "6012345678" }))
    assert.deepStrictEqual(erpPhone("5712345"), Option.some({ number: "5712345" }), "57 with 10 digits or fewer is a national number")
  })

  it("sends nothing for fewer than 7 digits or no phone", () => {
    assert.isTrue(Option.isNone(erpPhone(null)))
    assert.isTrue(Option.isNone(erpPhone("")))
    assert.isTrue(Option.isNone(erpPhone("12-34-56")))
  })

  it("a normalized Colombian number comes back as 57 plus its national digits", () => {
    fc.assert(fc.property(fc.stringMatching(/^3\d{9}$/), (national) => {
      const normalized = normalizePhone(national)
      fc.pre(Result.isSuccess(normalized))
      if (Result.isSuccess(normalized)) {
        assert.deepStrictEqual(erpPhone(normalized.success), Option.some({ indicative: "57", number: national }))
      }
    }))
  })
})
