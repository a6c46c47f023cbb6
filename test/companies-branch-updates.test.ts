/**
 * `/api/companies/:id/branches/:branchId` black-box, branch updates and deactivation
 * (spec "Companies and branches"): PUT ("null does not erase", the route flowing to the
 * branch's clients, every error code), the advisor e-mails on a change of advisor, DELETE
 * as deactivation, and the `branch.updated` events.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { entityEvents, expectError, SqlClient, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"
import {
  branchById,
  companiesServer,
  createBranch,
  createCompany,
  emailsTo,
  newAdvisor,
  routeId,
  userId
} from "./support/companies-fixtures.ts"

layer(companiesServer)("companies", (it) => {
  it.effect("PUT /api/companies/:id/branches/:branchId: null keeps; branch.updated changes; route flows to clients; errors", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const companyId = yield* createCompany()
      const alwaysOpen = yield* routeId("Always open")
      const advisorId = yield* userId(testUsers.advisor.email)
      const branchId = yield* createBranch(companyId, { city: "Cali", routeId: alwaysOpen, advisorId }, admin)
      const client = yield* (yield* server.api(admin)).clients.create({ payload: { name: `Cliente ${uniqueTag()}`, companyId, branchId } })
      const before = (yield* branchById(admin, companyId, branchId))!

      const cityOnly = yield* server.request("PUT", `/api/companies/${companyId}/branches/${branchId}`, {
        token: admin,
        body: { city: "Medellín", routeId: null, advisorId: null, name: null }
      })
      assert.strictEqual(cityOnly.status, 200, cityOnly.text)
      assert.deepStrictEqual(cityOnly.body, { id: branchId })
      assert.deepStrictEqual(yield* branchById(admin, companyId, branchId), { ...before, city: "Medellín" })
      assert.deepStrictEqual(yield* entityEvents(branchId), [{ type: "branch.updated", changes: ["city"] }])

      const biweekly = yield* routeId("Biweekly")
      const rerouted = yield* server.request("PUT", `/api/companies/${companyId}/branches/${branchId}`, {
        token: admin,
        body: { routeId: biweekly, latitude: 6.2 }
      })
      assert.strictEqual(rerouted.status, 200, rerouted.text)
      assert.deepStrictEqual((yield* entityEvents(branchId)).at(-1), { type: "branch.updated", changes: ["route"] })
      const [clientRoute] = yield* sql<{ route_id: string }>`select route_id from clients where id = ${client.id}`
      assert.strictEqual(clientRoute!.route_id, biweekly, "the branch's clients follow its route")

      const other = yield* createCompany()
      const foreign = yield* createBranch(other, {})
      const cases: ReadonlyArray<readonly [string, Record<string, unknown>, number, string]> = [
        [`/api/companies/${companyId}/branches/${foreign}`, { name: "X" }, 404, "NOT_FOUND"],
        [`/api/companies/${companyId}/branches/${randomUUID()}`, { name: "X" }, 404, "NOT_FOUND"],
        [`/api/companies/${companyId}/branches/${branchId}`, {}, 400, "EMPTY_PATCH"],
        [`/api/companies/${companyId}/branches/${branchId}`, { city: null }, 400, "EMPTY_PATCH"],
        [`/api/companies/${companyId}/branches/${branchId}`, { routeId: randomUUID() }, 404, "ROUTE_NOT_FOUND"],
        [`/api/companies/${companyId}/branches/${branchId}`, { advisorId: randomUUID() }, 404, "ADVISOR_NOT_FOUND"],
        [`/api/companies/${companyId}/branches/${branchId}`, { latitude: -100 }, 400, "VALIDATION_ERROR"]
      ]
      for (const [path, body, status, code] of cases) {
        expectError(yield* server.request("PUT", path, { token: admin, body }), status, code)
      }
      assert.lengthOf(yield* entityEvents(branchId), 2)
      assert.strictEqual((yield* branchById(admin, other, foreign))!.name.startsWith("Sede"), true)
    }))

  it.effect("PUT branch to a different advisor e-mails the advisor and the company; the same advisor does not", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const companyEmail = `compras-${uniqueTag()}@empresa.example.com`
      const companyId = yield* createCompany({ email: companyEmail })
      const first = yield* newAdvisor()
      const second = yield* newAdvisor()
      const branchId = yield* createBranch(companyId, { advisorId: first.id }, admin)
      assert.lengthOf(yield* emailsTo(companyEmail), 1)

      const same = yield* server.request("PUT", `/api/companies/${companyId}/branches/${branchId}`, {
        token: admin,
        body: { advisorId: first.id, address: "Otra dirección" }
      })
      assert.strictEqual(same.status, 200, same.text)
      assert.lengthOf(yield* emailsTo(first.email), 1, "same advisor: no new e-mail")
      assert.lengthOf(yield* emailsTo(companyEmail), 1)

      const changed = yield* server.request("PUT", `/api/companies/${companyId}/branches/${branchId}`, {
        token: admin,
        body: { advisorId: second.id }
      })
      assert.strictEqual(changed.status, 200, changed.text)
      assert.deepStrictEqual((yield* emailsTo(second.email)).map((mail) => mail.kind), ["advisor_assigned_to_advisor"])
      assert.deepStrictEqual((yield* emailsTo(companyEmail)).map((mail) => mail.kind), [
        "advisor_assigned_to_company",
        "advisor_assigned_to_company"
      ])
      assert.strictEqual((yield* branchById(admin, companyId, branchId))!.advisorId, second.id)
      assert.deepStrictEqual((yield* entityEvents(branchId)).map((event) => event.changes), [["address"], ["advisor"]])
    }))

  it.effect("DELETE /api/companies/:id/branches/:branchId: 204, deactivated with branch.updated [active]; 404 otherwise", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const companyId = yield* createCompany()
      const branchId = yield* createBranch(companyId, {})
      const other = yield* createCompany()
      const removed = yield* server.request("DELETE", `/api/companies/${companyId}/branches/${branchId}`, { token: admin })
      assert.strictEqual(removed.status, 204, removed.text)
      assert.deepInclude((yield* branchById(admin, companyId, branchId))!, { active: false })
      assert.deepStrictEqual(yield* entityEvents(branchId), [{ type: "branch.updated", changes: ["active"] }])
      for (const path of [`/api/companies/${other}/branches/${branchId}`, `/api/companies/${companyId}/branches/${randomUUID()}`]) {
        expectError(yield* server.request("DELETE", path, { token: admin }), 404, "NOT_FOUND")
      }
    }))
})
