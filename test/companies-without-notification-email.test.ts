/**
 * `/api/companies` black-box without ADMIN_NOTIFICATION_EMAIL (spec "Companies and
 * branches"): creating a company and changing a branch's advisor queue no e-mail at all.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient, TestServer, testUsers } from "./support/test-server.ts"
import { branchById, createBranch, createCompany, newAdvisor, userId } from "./support/companies-fixtures.ts"

layer(TestServer.layer())("companies without ADMIN_NOTIFICATION_EMAIL", (it) => {
  it.effect("no e-mail is queued at all: neither the administrator's nor the advisor's or company's", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const admin = yield* server.login(testUsers.admin)
      const companyId = yield* createCompany()
      const advisor = yield* newAdvisor()
      const branchId = yield* createBranch(companyId, { advisorId: yield* userId(testUsers.advisor.email) }, admin)
      const changed = yield* server.request("PUT", `/api/companies/${companyId}/branches/${branchId}`, {
        token: admin,
        body: { advisorId: advisor.id }
      })
      assert.strictEqual(changed.status, 200, changed.text)
      assert.strictEqual((yield* branchById(admin, companyId, branchId))!.advisorId, advisor.id)
      const queued = yield* sql`select id from email_outbox`
      assert.lengthOf(queued, 0)
    }))
})
