/**
 * `/api/clients/:id` black-box, updates (spec "Clients"): PUT of a subset of fields with
 * the `client.updated` changes and every error code, and the company/branch pair validated
 * together with the login user moved in step.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { entityEvents, expectError, SqlClient, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"
import { asUserId, createClient, getClient, newCompany, seededId } from "./support/clients-fixtures.ts"

layer(TestServer.layer())("clients", (it) => {
  it.effect("PUT /api/clients/:id: a subset of fields → 200 {id} with client.updated changes; EMPTY_PATCH; NOT_FOUND; DUPLICATE_NIT; PRICE_LIST_NOT_FOUND", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { branchIds, companyId } = yield* newCompany(admin, { branches: 1 })
      const id = yield* createClient(admin, { name: `Cliente ${uniqueTag()}`, companyId, branchId: branchIds[0]!, nit: `N-${uniqueTag()}` })

      const newName = `Renombrado ${uniqueTag()}`
      const renamed = yield* server.request("PUT", `/api/clients/${id}`, {
        token: admin,
        body: { name: newName, email: "nuevo@cliente.example.com" }
      })
      assert.strictEqual(renamed.status, 200, renamed.text)
      assert.deepStrictEqual(renamed.body, { id })
      assert.deepInclude(yield* getClient(admin, id), { name: newName, email: "nuevo@cliente.example.com" })
      assert.deepStrictEqual(yield* entityEvents(id), [
        { type: "client.created", changes: [] },
        { type: "client.updated", changes: ["name", "email"] }
      ])

      const priceListId = yield* seededId("priceList", "Lista Distribuidora Andina")
      for (const body of [{ priceListId }, { priceListId: null, active: false }]) {
        assert.strictEqual((yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body })).status, 200)
      }
      assert.deepInclude(yield* getClient(admin, id), { priceListId: null, active: false })
      assert.deepStrictEqual((yield* entityEvents(id)).slice(2), [
        { type: "client.updated", changes: ["priceList"] },
        { type: "client.updated", changes: ["active", "priceList"] }
      ])

      expectError(yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body: {} }), 400, "EMPTY_PATCH")
      expectError(
        yield* server.request("PUT", `/api/clients/${randomUUID()}`, { token: admin, body: { name: "X" } }),
        404,
        "NOT_FOUND"
      )
      expectError(
        yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body: { nit: "900100001", name: "No" } }),
        409,
        "DUPLICATE_NIT"
      )
      expectError(
        yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body: { priceListId: randomUUID() } }),
        404,
        "PRICE_LIST_NOT_FOUND"
      )
      assert.strictEqual((yield* getClient(admin, id)).name, newName, "failed updates change nothing")
      assert.lengthOf(yield* entityEvents(id), 4)
    }))

  it.effect("PUT /api/clients/:id: company and branch are validated together and move the login user too", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const from = yield* newCompany(admin, { branches: 1 })
      const to = yield* newCompany(admin, { branches: 2 })
      const id = yield* createClient(admin, { name: `Cliente ${uniqueTag()}`, companyId: from.companyId, branchId: from.branchIds[0]! })
      // Give it a login user placed where the client is.
      const [user] = yield* sql<{ id: string }>`
        insert into users (name, email, password_hash, role, company_id, branch_id)
        values ('Usuario', ${`u-${uniqueTag()}@example.com`}, 'x', 'client', ${from.companyId}, ${from.branchIds[0]!})
        returning id`
      yield* sql`update clients set user_id = ${user!.id} where id = ${id}`

      // A company without one of its branches, or a branch of another company: 404.
      for (const body of [{ companyId: to.companyId }, { branchId: to.branchIds[0] }, {
        companyId: from.companyId,
        branchId: to.branchIds[0]
      }]) {
        expectError(yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body }), 404, "BRANCH_NOT_FOUND")
      }
      const moved = yield* server.request("PUT", `/api/clients/${id}`, {
        token: admin,
        body: { companyId: to.companyId, branchId: to.branchIds[1] }
      })
      assert.strictEqual(moved.status, 200, moved.text)
      const client = yield* getClient(admin, id)
      assert.deepInclude(client, { companyId: to.companyId, branchId: to.branchIds[1]!, hasLogin: true, userId: asUserId(user!.id) })
      const [placement] = yield* sql<{ company_id: string; branch_id: string }>`
        select company_id, branch_id from users where id = ${user!.id}`
      assert.deepStrictEqual(placement, { company_id: to.companyId, branch_id: to.branchIds[1]! })
      assert.deepStrictEqual((yield* entityEvents(id)).at(-1), { type: "client.updated", changes: ["company", "branch"] })

      // Branch alone, within the same company.
      const branchOnly = yield* server.request("PUT", `/api/clients/${id}`, { token: admin, body: { branchId: to.branchIds[0] } })
      assert.strictEqual(branchOnly.status, 200, branchOnly.text)
      const [after] = yield* sql<{ branch_id: string }>`select branch_id from users where id = ${user!.id}`
      assert.strictEqual(after!.branch_id, to.branchIds[0])
    }))
})
