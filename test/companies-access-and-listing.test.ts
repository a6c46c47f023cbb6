/**
 * `/api/companies` black-box, access and listing (spec "Companies and branches"): who may
 * call each endpoint (GET any signed-in user, company and branch POST public, PUT/DELETE
 * admin) and the list of every company with its branches, ordered by name.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { expectError, TestServer, testUsers } from "./support/test-server.ts"
import {
  companies,
  companiesServer,
  companyById,
  createBranch,
  createCompany,
  routeId,
  userId
} from "./support/companies-fixtures.ts"

layer(companiesServer)("companies", (it) => {
  it.effect("access: GET any signed-in user; POST public; PUT/DELETE admin; branch POST public; branch PUT/DELETE admin", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const companyId = yield* createCompany()
      const branchId = yield* createBranch(companyId, {})
      expectError(yield* server.request("GET", "/api/companies"), 401, "INVALID_TOKEN")
      for (const user of [testUsers.admin, testUsers.advisor, testUsers.client]) {
        assert.isDefined(yield* companyById(yield* server.login(user), companyId))
      }
      const adminOnly = [
        ["PUT", `/api/companies/${companyId}`, { name: "X" }],
        ["DELETE", `/api/companies/${companyId}`, undefined],
        ["PUT", `/api/companies/${companyId}/branches/${branchId}`, { name: "X" }],
        ["DELETE", `/api/companies/${companyId}/branches/${branchId}`, undefined]
      ] as const
      const advisor = yield* server.login(testUsers.advisor)
      const client = yield* server.login(testUsers.client)
      for (const [method, path, body] of adminOnly) {
        const withBody = body === undefined ? {} : { body }
        expectError(yield* server.request(method, path, withBody), 401, "INVALID_TOKEN")
        for (const token of [advisor, client]) {
          expectError(yield* server.request(method, path, { ...withBody, token }), 403, "FORBIDDEN")
        }
      }
      // Public branch creation still refuses a token that is sent but not valid.
      expectError(
        yield* server.request("POST", `/api/companies/${companyId}/branches`, { token: "forged", body: { name: "X" } }),
        401,
        "INVALID_TOKEN"
      )
      const admin = yield* server.login(testUsers.admin)
      const company = (yield* companyById(admin, companyId))!
      assert.deepStrictEqual(company.branches.map((b) => [b.id, b.active]), [[branchId, true]])
    }))

  it.effect("GET /api/companies: every company with its branches, ordered by name", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const items = yield* companies(yield* server.login(testUsers.client))
      const seeded = [
        "Comercializadora del Pacífico S.A.S.",
        "Distribuidora Andina S.A.S.",
        "Ferretería El Tornillo S.A.S.",
        "Supermercado La Economía S.A.S.",
        "Tienda Sin Ruta S.A.S."
      ]
      assert.deepStrictEqual(items.map((c) => c.name).filter((name) => seeded.includes(name)), seeded)
      const andina = items.find((c) => c.nit === "900100001")!
      assert.deepInclude(andina, {
        name: "Distribuidora Andina S.A.S.",
        email: "contacto@andina.example.com",
        phone: "+576015550001",
        address: "Calle 80 # 45-10, Bogotá",
        active: true
      })
      assert.deepStrictEqual(andina.branches.map((b) => b.name), ["Sede Norte", "Sede Sur"])
      assert.deepStrictEqual({ ...andina.branches[0]!, id: undefined }, {
        id: undefined,
        name: "Sede Norte",
        address: "Calle 140 # 15-20",
        city: "Bogotá",
        routeId: yield* routeId("Always open"),
        advisorId: yield* userId(testUsers.advisor.email),
        active: true,
        latitude: 4.7205,
        longitude: -74.0431
      })
      const noRoute = items.find((c) => c.nit === "900100005")!
      assert.strictEqual(noRoute.branches[0]!.routeId, null)
    }))
})
