/**
 * `/api/my-company/branches`, black-box (spec "My company"): a client user creates, edits
 * and deactivates the branches of its own company (`POST`, `PUT /:id`, `DELETE /:id`);
 * route and advisor stay out of its reach, and the last active branch stays.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { BranchId } from "@quote/core/shared/ids"
import { branchRow, call, newCompany, view } from "./support/my-company-fixtures.ts"
import { bodyOf, expectError, SqlClient, TestServer } from "./support/test-server.ts"

layer(TestServer.layer())("my company: branches", (it) => {
  it.effect("POST /branches creates an active branch of the company without route or advisor", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const company = yield* newCompany
      const [route] = yield* sql<{ id: string }>`select id from routes where name = 'Always open'`
      // routeId and advisorId are not part of this endpoint's contract: sent raw, and ignored.
      const created = yield* call("POST", "/branches", company.owner.token, {
        name: "  Bodega  ",
        city: "Medellín",
        address: "Carrera 5",
        routeId: route!.id,
        advisorId: company.owner.id
      })
      assert.strictEqual(created.status, 201, created.text)
      const { id } = bodyOf(created, Schema.Struct({ id: BranchId }))
      const branch = yield* branchRow(id)
      assert.deepStrictEqual(branch, { name: "Bodega", city: "Medellín", address: "Carrera 5", active: true, route_id: null, advisor_id: null })
      const [row] = yield* sql<{ company_id: string }>`select company_id from branches where id = ${id}`
      assert.strictEqual(row!.company_id, company.companyId)
      const listed = (yield* view(company.owner.token)).branches.find((entry) => entry.id === id)!
      assert.deepStrictEqual(listed, { id, name: "Bodega", city: "Medellín", address: "Carrera 5", routeId: null, routeName: null, routeDay: null })
      expectError(yield* call("POST", "/branches", company.owner.token, { name: " " }), 400, "VALIDATION_ERROR")
      expectError(yield* call("POST", "/branches", company.owner.token, {}), 400, "VALIDATION_ERROR")
    }))

  it.effect("PUT /branches/:id changes name, city and address, never route or advisor", () =>
    Effect.gen(function*() {
      const company = yield* newCompany
      const before = yield* branchRow(company.mainBranchId)
      const response = yield* call("PUT", `/branches/${company.mainBranchId}`, company.owner.token, {
        name: "Sede Renovada",
        address: null,
        routeId: null,
        advisorId: null
      })
      assert.strictEqual(response.status, 200, response.text)
      assert.deepStrictEqual(response.body, { id: company.mainBranchId })
      const after = yield* branchRow(company.mainBranchId)
      assert.deepStrictEqual(after, { ...before, name: "Sede Renovada", address: null })
      assert.isNotNull(after.route_id)
      assert.isNotNull(after.advisor_id)
    }))

  it.effect("PUT /branches/:id errors: EMPTY_PATCH, BRANCH_NOT_FOUND for another company's or an inactive branch", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const company = yield* newCompany
      const other = yield* newCompany
      const token = company.owner.token
      expectError(yield* call("PUT", `/branches/${company.mainBranchId}`, token, {}), 400, "EMPTY_PATCH")
      yield* sql`update branches set active = false where id = ${company.otherBranchId}`
      for (const id of [other.mainBranchId, company.otherBranchId, randomUUID()]) {
        expectError(yield* call("PUT", `/branches/${id}`, token, { name: "X" }), 404, "BRANCH_NOT_FOUND")
      }
      assert.strictEqual((yield* branchRow(other.mainBranchId)).name, "Principal")
    }))

  it.effect("DELETE /branches/:id deactivates (204) until the last active branch (422 LAST_BRANCH)", () =>
    Effect.gen(function*() {
      const company = yield* newCompany
      const other = yield* newCompany
      const token = company.owner.token
      expectError(yield* call("DELETE", `/branches/${other.mainBranchId}`, token), 404, "BRANCH_NOT_FOUND")
      assert.strictEqual((yield* call("DELETE", `/branches/${company.otherBranchId}`, token)).status, 204)
      assert.isFalse((yield* branchRow(company.otherBranchId)).active)
      assert.deepStrictEqual((yield* view(token)).branches.map((branch) => branch.id), [company.mainBranchId])
      expectError(yield* call("DELETE", `/branches/${company.otherBranchId}`, token), 404, "BRANCH_NOT_FOUND")
      expectError(yield* call("DELETE", `/branches/${company.mainBranchId}`, token), 422, "LAST_BRANCH")
      assert.isTrue((yield* branchRow(company.mainBranchId)).active)
      assert.isTrue((yield* branchRow(other.mainBranchId)).active)
    }))

  it.effect("concurrent deactivation of the last two branches leaves one active", () =>
    Effect.gen(function*() {
      const company = yield* newCompany
      const token = company.owner.token
      const responses = yield* Effect.all(
        [call("DELETE", `/branches/${company.mainBranchId}`, token), call("DELETE", `/branches/${company.otherBranchId}`, token)],
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(responses.map((response) => response.status).sort(), [204, 422])
      assert.strictEqual((yield* view(token)).branches.length, 1)
    }))
})
