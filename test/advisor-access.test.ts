/**
 * The advisor module (spec "Advisor module", `/api/advisor`): who sees what. An admin
 * sees every advisor's clients or, with the admin-only `advisorId` filter, one advisor's;
 * an advisor sees its own and may not ask for another's; anonymous callers and clients
 * are refused.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { insertClient } from "./support/quotation-fixtures.ts"
import { advisorWorld, type ClientPage, clientPage, userId } from "./support/advisor-fixtures.ts"
import { errorCode, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"

layer(TestServer.layer())("advisor module: access", (it) => {
  it.effect("an admin sees every advisor's clients or one advisor's; an advisor may not ask for another's", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const { advisor, other, company, mine, theirs, token } = yield* advisorWorld
      const tag = uniqueTag()
      const ours = yield* insertClient({ companyId: company.id, branchId: mine.id, name: `Uno ${tag}` })
      const their = yield* insertClient({ companyId: company.id, branchId: theirs.id, name: `Dos ${tag}` })
      const admin = yield* server.login(testUsers.admin)
      const ids = (page: ClientPage) => page.items.map((item) => item.id).sort()

      assert.deepStrictEqual(ids(yield* clientPage(admin, { search: tag })), [ours.id, their.id].sort())
      assert.deepStrictEqual(ids(yield* clientPage(admin, { advisorId: userId(other.id) })), [their.id])
      assert.deepStrictEqual(ids(yield* clientPage(admin, { advisorId: userId(randomUUID()) })), [])
      const seeded = yield* clientPage(admin)
      assert.isAtLeast(seeded.total, 7, "the seeded clients and this test's")

      assert.deepStrictEqual(ids(yield* clientPage(token, { search: tag })), [ours.id])
      assert.deepStrictEqual(ids(yield* clientPage(token, { advisorId: userId(advisor.id) })), [ours.id])
      for (const path of [`/api/advisor/clients?advisorId=${other.id}`, `/api/advisor/companies?advisorId=${other.id}`]) {
        const response = yield* server.request("GET", path, { token })
        assert.strictEqual(response.status, 403, path)
        assert.strictEqual(errorCode(response), "FORBIDDEN")
      }
    }))

  it.effect("anonymous callers get 401 INVALID_TOKEN and clients 403 FORBIDDEN", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const client = yield* server.login(testUsers.client)
      for (const path of ["/api/advisor/clients", `/api/advisor/clients/${randomUUID()}/quotations`, "/api/advisor/companies"]) {
        const anonymous = yield* server.request("GET", path)
        assert.strictEqual(anonymous.status, 401, path)
        assert.strictEqual(errorCode(anonymous), "INVALID_TOKEN")
        const forged = yield* server.request("GET", path, { token: "not-a-token" })
        assert.strictEqual(forged.status, 401, path)
        const forbidden = yield* server.request("GET", path, { token: client })
        assert.strictEqual(forbidden.status, 403, path)
        assert.strictEqual(errorCode(forbidden), "FORBIDDEN")
      }
    }))
})
