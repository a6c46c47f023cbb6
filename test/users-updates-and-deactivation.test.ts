/**
 * `PUT` and `DELETE /api/users/:id`, black-box (spec "Users"): updates (name, e-mail,
 * role, erpSellerId; a client user's company and branch, which its client record
 * follows; turning a user into a client) with their validation, deactivation, and that
 * both are for administrators. Companies and branches are set up directly in the
 * database, each test with its own.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import {
  adminToken,
  branchOf,
  clientRecordOf,
  createUser,
  listUsers,
  newAdvisor,
  newCompany,
  put,
  usersServer
} from "./support/users-fixtures.ts"
import { expectError, SqlClient, TestServer, testUsers, uniqueEmail } from "./support/test-server.ts"

layer(usersServer)("users: updates and deactivation", (it) => {
  // --- PUT /api/users/:id ---------------------------------------------------------------

  it.effect("PUT with no field is 400 EMPTY_PATCH; an unknown id 404 NOT_FOUND; a malformed id 400", () =>
    Effect.gen(function*() {
      const token = yield* adminToken
      const advisor = yield* newAdvisor(token)
      expectError(yield* put(advisor.id, {}, token), 400, "EMPTY_PATCH")
      expectError(yield* put(randomUUID(), { name: "Nadie" }, token), 404, "NOT_FOUND")
      expectError(yield* put("not-a-uuid", { name: "Nadie" }, token), 400, "VALIDATION_ERROR")
    }))

  it.effect("PUT changes name, e-mail and role; erpSellerId null unassigns; a taken e-mail is 409", () =>
    Effect.gen(function*() {
      const token = yield* adminToken
      const advisor = yield* newAdvisor(token, 11)
      const email = uniqueEmail("renombrado")
      const response = yield* put(advisor.id, { name: "Renombrado", email }, token)
      assert.strictEqual(response.status, 200)
      assert.deepStrictEqual(response.body, { id: advisor.id })
      let listed = (yield* listUsers(token)).find((item) => item.id === advisor.id)!
      assert.strictEqual(listed.name, "Renombrado")
      assert.strictEqual(listed.email, email)
      assert.strictEqual(listed.erpSellerId, 11)
      assert.strictEqual((yield* put(advisor.id, { erpSellerId: null }, token)).status, 200)
      listed = (yield* listUsers(token)).find((item) => item.id === advisor.id)!
      assert.strictEqual(listed.erpSellerId, null)
      assert.strictEqual((yield* put(advisor.id, { erpSellerId: 12 }, token)).status, 200)
      expectError(yield* put(advisor.id, { email: testUsers.admin.email.toUpperCase() }, token), 409, "DUPLICATE_EMAIL")
      expectError(yield* put(advisor.id, { role: "admin", erpSellerId: 3 }, token), 400, "VALIDATION_ERROR")
      assert.strictEqual((yield* put(advisor.id, { role: "admin" }, token)).status, 200)
      listed = (yield* listUsers(token)).find((item) => item.id === advisor.id)!
      assert.strictEqual(listed.role, "admin")
      assert.notProperty(listed, "erpSellerId")
    }))

  it.effect("PUT moving a client user moves its client record; route and advisor follow the branch", () =>
    Effect.gen(function*() {
      const token = yield* adminToken
      const place = yield* newCompany
      const user = yield* createUser({ name: "Movido", email: uniqueEmail("movido"), password: "secret-123", companyId: place.companyId, branchId: place.mainBranchId })
      assert.strictEqual((yield* put(user.id, { branchId: place.otherBranchId }, token)).status, 200)
      let record = (yield* clientRecordOf(user.id))!
      assert.strictEqual(record.branch_id, place.otherBranchId)
      assert.strictEqual(record.route_id, (yield* branchOf(place.otherBranchId)).route_id)
      assert.strictEqual(record.advisor_id, null)

      const other = yield* newCompany
      assert.strictEqual((yield* put(user.id, { companyId: other.companyId, branchId: other.mainBranchId }, token)).status, 200)
      record = (yield* clientRecordOf(user.id))!
      assert.strictEqual(record.company_id, other.companyId)
      assert.strictEqual(record.branch_id, other.mainBranchId)
      assert.strictEqual(record.advisor_id, (yield* branchOf(other.mainBranchId)).advisor_id)
      const listed = (yield* listUsers(token)).find((item) => item.id === user.id)!
      assert.strictEqual(listed.companyId, other.companyId)
      assert.strictEqual(listed.branchId, other.mainBranchId)
      assert.strictEqual(listed.routeId, record.route_id)

      // Detaching takes both fields; the client record follows.
      assert.strictEqual((yield* put(user.id, { companyId: null, branchId: null }, token)).status, 200)
      record = (yield* clientRecordOf(user.id))!
      assert.deepStrictEqual([record.company_id, record.branch_id, record.route_id, record.advisor_id], [null, null, null, null])
    }))

  it.effect("PUT validates company and branch like POST", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const token = yield* adminToken
      const place = yield* newCompany
      const other = yield* newCompany
      const user = yield* createUser({ name: "Validado", email: uniqueEmail("validado"), password: "secret-123", companyId: place.companyId, branchId: place.mainBranchId })
      // A new company whose branch the user is not in.
      expectError(yield* put(user.id, { companyId: other.companyId }, token), 400, "BRANCH_COMPANY_MISMATCH")
      expectError(yield* put(user.id, { branchId: other.mainBranchId }, token), 400, "BRANCH_COMPANY_MISMATCH")
      expectError(yield* put(user.id, { companyId: randomUUID() }, token), 404, "COMPANY_NOT_FOUND")
      expectError(yield* put(user.id, { branchId: randomUUID() }, token), 404, "BRANCH_NOT_FOUND")
      // Nothing moved.
      assert.strictEqual((yield* clientRecordOf(user.id))!.branch_id, place.mainBranchId)
      // A branch deactivated after the assignment does not block other changes.
      yield* sql`update branches set active = false where id = ${place.mainBranchId}`
      assert.strictEqual((yield* put(user.id, { name: "Sigue" }, token)).status, 200)
    }))

  it.effect("PUT turning a user into a client gives it a client record", () =>
    Effect.gen(function*() {
      const token = yield* adminToken
      const place = yield* newCompany
      const advisor = yield* newAdvisor(token)
      const response = yield* put(advisor.id, { role: "client", companyId: place.companyId, branchId: place.mainBranchId }, token)
      assert.strictEqual(response.status, 200, response.text)
      const record = (yield* clientRecordOf(advisor.id))!
      assert.strictEqual(record.company_id, place.companyId)
      assert.strictEqual(record.nit, place.nit)
      const listed = (yield* listUsers(token)).find((item) => item.id === advisor.id)!
      assert.strictEqual(listed.clientId, record.id)
    }))

  it.effect("PUT and DELETE are for administrators (403 FORBIDDEN)", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const advisor = yield* newAdvisor(yield* adminToken)
      for (const user of [testUsers.advisor, testUsers.client]) {
        const token = yield* server.login(user)
        expectError(yield* put(advisor.id, { name: "No" }, token), 403, "FORBIDDEN")
        expectError(yield* server.request("DELETE", `/api/users/${advisor.id}`, { token }), 403, "FORBIDDEN")
      }
      expectError(yield* server.request("DELETE", `/api/users/${advisor.id}`), 401, "INVALID_TOKEN")
    }))

  // --- DELETE /api/users/:id ------------------------------------------------------------

  it.effect("DELETE answers 204 and sets active=false; again is 204; an unknown id is 404", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const advisor = yield* newAdvisor(token)
      const response = yield* server.request("DELETE", `/api/users/${advisor.id}`, { token })
      assert.strictEqual(response.status, 204)
      assert.strictEqual(response.text, "")
      assert.isFalse((yield* listUsers(token)).find((item) => item.id === advisor.id)!.active)
      assert.strictEqual((yield* server.request("DELETE", `/api/users/${advisor.id}`, { token })).status, 204)
      expectError(yield* server.request("DELETE", `/api/users/${randomUUID()}`, { token }), 404, "NOT_FOUND")
    }))
})
