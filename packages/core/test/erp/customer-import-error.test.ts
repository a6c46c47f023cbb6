/** A bulk import lists each failure with the code the single import would have answered. */
import { assert, describe, it } from "@effect/vitest"
import { DuplicateNit } from "@quote/core/companies/errors"
import {
  ErpCustomerNotFound,
  ErpAuthFailed,
  ErpHttpError,
  ErpNotConfigured,
  ErpNotConnected
} from "@quote/core/erp/errors"
import { type CustomerImportError, importErrorCode } from "../../src/erp/customer-import-error.ts"

const details = {
  reason: "status",
  operation: "GET /v1/customers",
  status: 401,
  errors: [],
  codes: [],
  timeoutMs: null,
  attempts: 1
} as const

describe("importErrorCode", () => {
  it("answers each error's own spec code", () => {
    const cases: ReadonlyArray<readonly [CustomerImportError, string]> = [
      [new ErpCustomerNotFound({ message: "none" }), "ERP_CUSTOMER_NOT_FOUND"],
      [new DuplicateNit({ message: "taken" }), "DUPLICATE_NIT"],
      [new ErpNotConfigured({ message: "unset" }), "ERP_NOT_CONFIGURED"],
      [new ErpAuthFailed({ message: "refused", details }), "ERP_AUTH_FAILED"],
      [new ErpHttpError({ message: "down", details }), "ERP_HTTP_ERROR"],
      [new ErpNotConnected({ message: "test environment" }), "ERP_NOT_CONNECTED"]
    ]
    for (const [error, code] of cases) assert.strictEqual(importErrorCode(error), code, error._tag)
  })
})
