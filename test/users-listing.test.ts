/**
 * `GET /api/users`, black-box (spec "Users", the list): every user with the list-item
 * shape of its role, the `?role` filter, the search by name or e-mail and the optional
 * paging (docs/api-changelog.md), and that the list is for administrators.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { advisorEmail, clientUserEmail, firstClientPriceList } from "@quote/adapters/dev/seed/scenario-data"
import { adminToken, createUser, listUsers, usersServer } from "./support/users-fixtures.ts"
import { expectError, SqlClient, TestServer, testUsers, uniqueTag, wireItems } from "./support/test-server.ts"

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

  it.effect("GET ?search matches name or e-mail case-insensitively; page and limit give one page in name order with its totals", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const token = yield* adminToken
      const api = yield* server.api(token)
      const tag = uniqueTag()
      const people = [["Zoila", "advisor"], ["ana", "client"], ["Mario", "advisor"], ["Berta", "admin"], ["Luz", "advisor"]] as const
      for (const [name, role] of people) {
        yield* createUser({ name: `${name} ${tag}`, email: `${name.toLowerCase()}.${tag}@listado.example.com`, password: "secret-123", role }, token)
      }
      const sorted = people.map(([name]) => `${name} ${tag}`).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
      const names = (items: ReadonlyArray<{ readonly name: string }>) => items.map((user) => user.name)

      // Without page or limit: every match, no totals (the spec's answer).
      const whole = yield* api.users.list({ query: { search: tag.toUpperCase() } })
      assert.deepStrictEqual(names(whole.items), sorted)
      assert.isUndefined(whole.total)
      // The e-mail matches too, and the role filter applies with the search.
      assert.deepStrictEqual(names((yield* api.users.list({ query: { search: `mario.${tag}@` } })).items), [`Mario ${tag}`])
      const advisors = yield* api.users.list({ query: { search: tag, role: "advisor", limit: 2 } })
      assert.deepStrictEqual(names(advisors.items), [`Luz ${tag}`, `Mario ${tag}`])
      assert.deepStrictEqual([advisors.total, advisors.page, advisors.limit, advisors.totalPages], [3, 1, 2, 2])
      const second = yield* api.users.list({ query: { search: tag, role: "advisor", page: 2, limit: 2 } })
      assert.deepStrictEqual([names(second.items), second.total, second.page], [[`Zoila ${tag}`], 3, 2])
      // A page's items are the whole list's, in its order.
      const page = yield* api.users.list({ query: { search: tag, page: 2, limit: 2 } })
      assert.deepStrictEqual(page.items, whole.items.slice(2, 4))
      // Paging without a filter counts every user.
      const everyone = yield* api.users.list({ query: { limit: 1 } })
      const [counted] = yield* (yield* SqlClient.SqlClient).withoutTransforms()<{ count: number }>`select count(*)::int as count from users`
      assert.deepStrictEqual([everyone.items.length, everyone.total, everyone.totalPages], [1, counted!.count, counted!.count])
      assert.deepStrictEqual((yield* api.users.list({ query: { search: "nadie-se-llama-asi", page: 1 } })).total, 0)
      for (const query of ["page=0", "limit=101", "search=%00"]) {
        expectError(yield* server.request("GET", `/api/users?${query}`, { token }), 400, "VALIDATION_ERROR")
      }
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
