/** The ERP customer list query as Siigo answers it: at least 10 a page, NIT digits only. */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { erpCustomerSearch, siigoMinPageSize } from "../../src/erp/erp-customer-search.ts"

describe("erpCustomerSearch", () => {
  it("asks for at least Siigo's minimum page size, keeping larger ones", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100 }), (pageSize) => {
      assert.strictEqual(erpCustomerSearch({ page: 1, pageSize }).pageSize, Math.max(pageSize, siigoMinPageSize))
    }))
  })

  it("sends a NIT as its digits without check digit", () => {
    assert.deepStrictEqual(
      erpCustomerSearch({ page: 2, pageSize: 25, name: "Andinas", identification: "900.100.007-2" }),
      { page: 2, pageSize: 25, name: "Andinas", identification: "900100007" }
    )
  })

  it("passes an identification that is not a NIT as typed, and none when absent", () => {
    assert.deepStrictEqual(erpCustomerSearch({ page: 1, pageSize: 5, identification: "NIT-123" }), {
      page: 1,
      pageSize: 10,
      identification: "NIT-123"
    })
    assert.deepStrictEqual(erpCustomerSearch({ page: 1, pageSize: 5 }), { page: 1, pageSize: 10 })
  })
})
