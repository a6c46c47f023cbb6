/**
 * `/api/clients` black-box, access and reading (spec "Clients", the Client resource):
 * every endpoint admin only, the list in the Client shape ordered by name, and the
 * detail with its 404 and malformed-id answers.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { expectError, TestServer, testUsers } from "./support/test-server.ts"
import { asBranchId, asCompanyId, asPriceListId, getClient, seededId } from "./support/clients-fixtures.ts"

layer(TestServer.layer())("clients", (it) => {
  it.effect("every /api/clients endpoint is admin only: anonymous 401, advisor and client 403", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const clientId = randomUUID()
      const calls = [
        ["GET", "/api/clients", undefined],
        ["GET", `/api/clients/${clientId}`, undefined],
        ["POST", "/api/clients", { name: "X", companyId: randomUUID(), branchId: randomUUID() }],
        ["PUT", `/api/clients/${clientId}`, { name: "X" }],
        ["POST", `/api/clients/${clientId}/phones`, { phone: "3001234567" }],
        ["DELETE", `/api/clients/${clientId}/phones/${randomUUID()}`, undefined]
      ] as const
      const advisor = yield* server.login(testUsers.advisor)
      const client = yield* server.login(testUsers.client)
      for (const [method, path, body] of calls) {
        const withBody = body === undefined ? {} : { body }
        expectError(yield* server.request(method, path, withBody), 401, "INVALID_TOKEN")
        for (const token of [advisor, client]) {
          expectError(yield* server.request(method, path, { ...withBody, token }), 403, "FORBIDDEN")
        }
      }
    }))

  it.effect("GET /api/clients: every client with and without login, ordered by name, in the Client shape", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { items } = yield* (yield* server.api(admin)).clients.list()
      const seeded = [
        "Comercializadora del Pacífico",
        "Distribuidora Andina",
        "Ferretería El Tornillo",
        "Supermercado La Economía",
        "Tienda Sin Ruta"
      ]
      assert.deepStrictEqual(items.map((c) => c.name).filter((name) => seeded.includes(name)), seeded)

      const andina = items.find((c) => c.name === "Distribuidora Andina")!
      assert.deepStrictEqual({ ...andina, id: undefined, createdAt: undefined, phones: undefined, userId: undefined }, {
        id: undefined,
        name: "Distribuidora Andina",
        nit: "900100001",
        email: "compras@andina.example.com",
        active: true,
        createdAt: undefined,
        userId: undefined,
        userEmail: testUsers.client.email,
        hasLogin: true,
        companyId: asCompanyId(yield* seededId("company", "900100001")),
        companyName: "Distribuidora Andina S.A.S.",
        branchId: asBranchId(yield* seededId("branch", "Sede Norte")),
        branchName: "Sede Norte",
        priceListId: asPriceListId(yield* seededId("priceList", "Lista Distribuidora Andina")),
        priceListName: "Lista Distribuidora Andina",
        routeName: "Always open",
        advisorName: "Asesor de Pruebas",
        phones: undefined
      })
      assert.strictEqual(andina.userId, yield* seededId("user", testUsers.client.email))
      // The wire form of createdAt (the typed answer holds it decoded, as a Date).
      const andinaOnTheWire = yield* server.request("GET", `/api/clients/${andina.id}`, { token: admin })
      assert.match(andinaOnTheWire.text, /"createdAt":"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z"/)
      assert.lengthOf(andina.phones, 1)
      assert.deepInclude(andina.phones[0]!, { phone: "+573000000001", label: "Compras", isMessaging: true })

      const withoutLogin = items.find((c) => c.name === "Tienda Sin Ruta")!
      assert.deepInclude(withoutLogin, {
        hasLogin: false,
        userId: null,
        userEmail: null,
        priceListId: null,
        priceListName: null,
        routeName: "",
        advisorName: "Asesor de Pruebas"
      })
    }))

  it.effect("GET /api/clients/:id: the Client; unknown 404 NOT_FOUND; malformed id 400", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const list = yield* (yield* server.api(admin)).clients.list()
      const first = list.items[0]!
      assert.deepStrictEqual(yield* getClient(admin, first.id), first)
      expectError(yield* server.request("GET", `/api/clients/${randomUUID()}`, { token: admin }), 404, "NOT_FOUND")
      expectError(yield* server.request("GET", "/api/clients/123", { token: admin }), 400, "VALIDATION_ERROR")
    }))
})
