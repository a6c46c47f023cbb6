/**
 * `/api/companies/:id/branches` black-box, branch creation (spec "Companies and
 * branches"): public, with route and advisor applied (and the advisor and company
 * e-mailed) only when an admin creates it, and every error code.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { expectError, SqlClient, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"
import {
  branchById,
  companiesServer,
  companyById,
  createBranch,
  createCompany,
  emailsTo,
  newAdvisor,
  routeId,
  userId
} from "./support/companies-fixtures.ts"

layer(companiesServer)("companies", (it) => {
  it.effect("POST /api/companies/:id/branches by an admin: route and advisor applied, advisor and company e-mailed", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const companyEmail = `compras-${uniqueTag()}@empresa.example.com`
      const companyId = yield* createCompany({ email: companyEmail })
      const advisor = yield* newAdvisor()
      const route = yield* routeId("Biweekly")
      const body = {
        name: "Bodega Central",
        address: "Carrera 7 # 1-2",
        city: "Bogotá",
        latitude: 4.6,
        longitude: -74.08,
        routeId: route,
        advisorId: advisor.id
      }
      const branchId = yield* createBranch(companyId, body, admin)
      assert.deepStrictEqual(yield* branchById(admin, companyId, branchId), { id: branchId, ...body, active: true })

      const toAdvisor = yield* emailsTo(advisor.email)
      assert.deepStrictEqual(toAdvisor.map((mail) => mail.kind), ["advisor_assigned_to_advisor"])
      assert.include(toAdvisor[0]!.body, "Bodega Central")
      const toCompany = yield* emailsTo(companyEmail)
      assert.deepStrictEqual(toCompany.map((mail) => mail.kind), ["advisor_assigned_to_company"])
      assert.include(toCompany[0]!.body, "Asesora Nueva")

      // Without an advisor, no e-mail; a company without e-mail gets none either.
      const quiet = yield* createCompany({ email: null })
      yield* createBranch(quiet, { routeId: route }, admin)
      const advisorOnly = yield* createBranch(quiet, { advisorId: advisor.id }, admin)
      assert.strictEqual((yield* branchById(admin, quiet, advisorOnly))!.advisorId, advisor.id)
      assert.lengthOf(yield* emailsTo(advisor.email), 2)
    }))

  it.effect("POST /api/companies/:id/branches without an admin: created, routeId and advisorId ignored, no e-mails", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const companyEmail = `compras-${uniqueTag()}@empresa.example.com`
      const companyId = yield* createCompany({ email: companyEmail })
      const assignments = { routeId: yield* routeId("Always open"), advisorId: yield* userId(testUsers.advisor.email) }
      const anonymous = yield* createBranch(companyId, { ...assignments, active: false })
      const asClient = yield* createBranch(companyId, assignments, yield* server.login(testUsers.client))
      const asAdvisor = yield* createBranch(companyId, assignments, yield* server.login(testUsers.advisor))
      for (const id of [anonymous, asClient, asAdvisor]) {
        assert.deepInclude((yield* branchById(admin, companyId, id))!, { routeId: null, advisorId: null })
      }
      assert.isFalse((yield* branchById(admin, companyId, anonymous))!.active)
      assert.lengthOf(yield* emailsTo(companyEmail), 0)
    }))

  it.effect("POST /api/companies/:id/branches errors: NOT_FOUND company, ROUTE_NOT_FOUND, ADVISOR_NOT_FOUND, validation", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const companyId = yield* createCompany()
      const [inactiveRoute] = yield* sql<{ id: string }>`
        insert into routes (name, operation_days, cutoff_time, active) values (${`Inactiva ${uniqueTag()}`}, '{1}', '12:00', false)
        returning id`
      const cases: ReadonlyArray<readonly [string, Record<string, unknown>, number, string]> = [
        [randomUUID(), {}, 404, "NOT_FOUND"],
        [companyId, { routeId: randomUUID() }, 404, "ROUTE_NOT_FOUND"],
        [companyId, { routeId: inactiveRoute!.id }, 404, "ROUTE_NOT_FOUND"],
        [companyId, { advisorId: randomUUID() }, 404, "ADVISOR_NOT_FOUND"],
        [companyId, { advisorId: yield* userId(testUsers.admin.email) }, 404, "ADVISOR_NOT_FOUND"],
        [companyId, { latitude: 91 }, 400, "VALIDATION_ERROR"],
        [companyId, { longitude: -181 }, 400, "VALIDATION_ERROR"],
        [companyId, { name: "" }, 400, "VALIDATION_ERROR"],
        ["not-a-uuid", {}, 400, "VALIDATION_ERROR"]
      ]
      for (const [company, overrides, status, code] of cases) {
        const response = yield* server.request("POST", `/api/companies/${company}/branches`, {
          token: admin,
          body: { name: `Sede ${uniqueTag()}`, ...overrides }
        })
        expectError(response, status, code)
      }
      assert.deepStrictEqual((yield* companyById(admin, companyId))!.branches, [])
    }))
})
