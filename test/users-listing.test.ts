/**
 * `GET /api/users`, black-box (spec "Users", the list): every user with the list-item
 * shape of its role, the `?role` filter, and that the list is for administrators.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { advisorEmail, clientUserEmail, firstClientPriceList } from "@quote/adapters/dev/seed/scenario-data"
import { adminToken, listUsers, usersServer } from "./support/users-fixtures.ts"
import { expectError, SqlClient, TestServer, testUsers, wireItems } from "./support/test-server.ts"

layer(usersServer)("users: listing", (it) => {
  it.effect("GET lists every user with the list-item shape of its role", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [list, answer] = yield* (yield* (yield* TestServer).api(yield* adminToken)).users.list({
        query: {},
        responseMode: "decoded-and-response"
      })
      const byEmail = new Map(list.items.map((item) => [item.email, item]))
      // Which fields each role's item has, as the wire carries them.
      const onTheWire = new Map((yield* wireItems(answer)).map((item) => [item.email, item]))
      const common = ["active", "branchId", "branchName", "companyId", "companyName", "createdAt", "email", "id", "name", "role"]
      assert.deepStrictEqual(Object.keys(onTheWire.get(testUsers.admin.email)!).sort(), common)
      const advisor = byEmail.get(advisorEmail)!
      assert.deepStrictEqual(Object.keys(onTheWire.get(advisorEmail)!).sort(), [...common, "erpSellerId"].sort())
      const client = byEmail.get(clientUserEmail)!
      assert.deepStrictEqual(
        Object.keys(onTheWire.get(clientUserEmail)!).sort(),
        [...common, "advisorId", "clientId", "priceListId", "priceListName", "routeId"].sort()
      )
      const [expected] = yield* sql<{ client_id: string; company_name: string; branch_name: string; route_id: string }>`
        select c.id as client_id, co.name as company_name, b.name as branch_name, b.route_id
          from clients c join companies co on co.id = c.company_id join branches b on b.id = c.branch_id
          join users u on u.id = c.user_id where u.email = ${clientUserEmail}`
      assert.strictEqual(client.clientId, expected!.client_id)
      assert.strictEqual(client.companyName, expected!.company_name)
      assert.strictEqual(client.branchName, expected!.branch_name)
      assert.strictEqual(client.routeId, expected!.route_id)
      assert.strictEqual(client.advisorId, advisor.id)
      assert.strictEqual(client.priceListName, firstClientPriceList)
      assert.isString(client.priceListId)
      assert.isTrue(client.active)
      assert.isFalse(Number.isNaN(client.createdAt.getTime()))
    }))

  it.effect("GET ?role filters; an unknown role is 400 VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      for (const role of ["admin", "advisor", "client"] as const) {
        const items = yield* listUsers(token, role)
        assert.isAbove(items.length, 0)
        assert.isTrue(items.every((item) => item.role === role))
      }
      expectError(yield* server.request("GET", "/api/users?role=owner", { token }), 400, "VALIDATION_ERROR")
    }))

  it.effect("GET is for administrators: 401 without a token, 403 FORBIDDEN for advisor and client", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      expectError(yield* server.request("GET", "/api/users"), 401, "INVALID_TOKEN")
      for (const user of [testUsers.advisor, testUsers.client]) {
        expectError(yield* server.request("GET", "/api/users", { token: yield* server.login(user) }), 403, "FORBIDDEN")
      }
    }))
})
