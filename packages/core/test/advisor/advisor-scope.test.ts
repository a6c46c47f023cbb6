/** Whose data an advisor-module or statistics request covers. */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import type { SessionUser } from "../../src/auth/views.ts"
import { resolveAdvisorScope } from "../../src/advisor/advisor-scope.ts"

const user = (role: SessionUser["role"], id = "u1"): SessionUser => ({
  id: id as SessionUser["id"],
  role,
  name: "Ana",
  email: "ana@example.com",
  companyId: null,
  branchId: null,
  clientId: null
})

describe("resolveAdvisorScope", () => {
  it.effect("an admin sees everyone, or the advisor it names", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* resolveAdvisorScope(user("admin"), undefined), { _tag: "Everyone" })
      assert.deepStrictEqual(yield* resolveAdvisorScope(user("admin"), "a2"), { _tag: "Advisor", advisorId: "a2" })
    }))

  it.effect("an advisor sees only itself; naming another is FORBIDDEN; a client never passes", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* resolveAdvisorScope(user("advisor", "a1"), undefined), { _tag: "Advisor", advisorId: "a1" })
      assert.deepStrictEqual(yield* resolveAdvisorScope(user("advisor", "a1"), "a1"), { _tag: "Advisor", advisorId: "a1" })
      const other = yield* Effect.exit(resolveAdvisorScope(user("advisor", "a1"), "a2"))
      assert.isTrue(Exit.isFailure(other))
      const client = yield* Effect.flip(resolveAdvisorScope(user("client"), undefined))
      assert.strictEqual(client._tag, "Forbidden")
    }))
})
