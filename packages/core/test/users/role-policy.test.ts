/** The role policy of user administration: who creates which role, role fields, the seller id reset. */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import type { Role } from "../../src/auth/access.ts"
import { checkNewUser, checkRoleFields, resetsErpSellerId, roleOfNewUser } from "../../src/users/role-policy.ts"

const roles: ReadonlyArray<Role> = ["admin", "advisor", "client"]
const failureTag = <A, E extends { readonly _tag: string }>(result: Result.Result<A, E>) =>
  Result.isFailure(result) ? result.failure._tag : "Success"

describe("roleOfNewUser", () => {
  it("self-registration makes a client; any other role is FORBIDDEN", () => {
    assert.deepStrictEqual(roleOfNewUser(undefined, false), Result.succeed("client"))
    assert.deepStrictEqual(roleOfNewUser("client", false), Result.succeed("client"))
    assert.strictEqual(failureTag(roleOfNewUser("admin", false)), "Forbidden")
    assert.strictEqual(failureTag(roleOfNewUser("advisor", false)), "Forbidden")
  })

  it("an administrator must name the role, and gets any", () => {
    assert.strictEqual(failureTag(roleOfNewUser(undefined, true)), "ValidationError")
    for (const role of roles) assert.deepStrictEqual(roleOfNewUser(role, true), Result.succeed(role))
  })
})

describe("checkRoleFields", () => {
  it("a price list only for clients, a seller id only for advisors; null is no value", () => {
    fc.assert(fc.property(
      fc.constantFrom(...roles),
      fc.option(fc.constant("list-1"), { nil: null }),
      fc.option(fc.integer({ min: 1, max: 999 }), { nil: null }),
      (role, priceListId, erpSellerId) => {
        const allowed = (role === "client" || priceListId === null) && (role === "advisor" || erpSellerId === null)
        assert.strictEqual(Result.isSuccess(checkRoleFields(role, { priceListId, erpSellerId })), allowed)
      }
    ))
  })
})

describe("checkNewUser", () => {
  it("reports in order: role, price list choice, password, role fields", () => {
    assert.strictEqual(failureTag(checkNewUser({ role: "admin", priceListId: "l", password: null }, false)), "Forbidden")
    const byClient = checkNewUser({ priceListId: "l", password: null }, false)
    assert.isTrue(Result.isFailure(byClient) && byClient.failure.message.includes("lista de precios"))
    assert.strictEqual(failureTag(checkNewUser({ role: "advisor", priceListId: "l" }, true)), "MissingPassword")
    assert.strictEqual(failureTag(checkNewUser({ role: "advisor", priceListId: "l", password: "x" }, true)), "ValidationError")
    assert.deepStrictEqual(checkNewUser({ role: "client", priceListId: "l", password: "x" }, true), Result.succeed({ role: "client", password: "x" }))
    assert.deepStrictEqual(checkNewUser({ password: "x" }, false), Result.succeed({ role: "client", password: "x" }))
  })
})

describe("resetsErpSellerId", () => {
  it("a role change to anything but advisor resets it; no role change keeps it", () => {
    assert.isFalse(resetsErpSellerId(undefined))
    assert.isFalse(resetsErpSellerId("advisor"))
    assert.isTrue(resetsErpSellerId("client"))
    assert.isTrue(resetsErpSellerId("admin"))
  })
})
